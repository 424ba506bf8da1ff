// The shifts screen: open a shift on this till with its float, pay in and out, read the X report, close
// with the counted cash and print the Z report — all from this device's ledger, offline — and, for
// managers, the shift history of every till (where past Z reports reopen) and the shop's shift settings.
// On a device that is not a till, managers get the history first and the set-up hint below it.
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TerminalIdentity } from '../../data/local/ledger-types';
import { openShiftOf } from '../../data/local/ledger-reads';
import { deviceShifts, shiftRowsOf } from '../../data/local/shift-reads';
import { formatMoney } from '../../domain/money-text';
import { shiftReportOfRows } from '../../domain/shift-ledger-report';
import { Button } from '../../ui/button';
import { Card, EmptyState } from '../../ui/layout';
import { CashMoveForm } from './cash-move-form';
import { CloseShiftForm } from './close-shift-form';
import { OpenShiftForm } from './open-shift-form';
import { PastShiftReport } from './past-shift-report';
import { ShiftHistory, type HistoryRow } from './shift-history';
import { ShiftReportView } from './shift-report-view';
import { ShiftSettingsForm } from './shift-settings-form';
import type { ShiftReportWords, ShiftsDeps } from './shifts-deps';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { useShopTimeZone, useWhen } from '../../ui/when';
import { formatWhen } from '../../lib/format-when';
import { msg } from '@lingui/core/macro';
import './shifts.css';

type View =
  | { kind: 'till' }
  | { kind: 'x' }
  | { kind: 'closing' }
  | { kind: 'z'; shiftId: string }
  /** A past shift this device has no ledger rows for: the server's short form of its Z report. */
  | { kind: 'past'; row: HistoryRow };

export function ShiftsPage({ deps, terminal }: { deps: ShiftsDeps; terminal: TerminalIdentity | null }) {
  const { t } = useLingui();
  const when = useWhen();
  const zone = useShopTimeZone();
  const [view, setView] = useState<View>({ kind: 'till' });
  const ledger = deps.commandDeps.ledger;
  const focusId = view.kind === 'z' ? view.shiftId : null;
  const read = useCallback(async () => {
    const open = terminal ? await openShiftOf(ledger, terminal.id) : null;
    const shown = focusId === null ? open : ((await ledger.shifts.get(focusId)) ?? null);
    // The shift's own cashier, also after someone else closed it (a handover on a shared till).
    const cashierId = shown?.cashier_id ?? null;
    return {
      open,
      shown,
      rows: shown ? await shiftRowsOf(ledger, shown) : null,
      shifts: await deviceShifts(ledger, deps.companyId),
      cashier: cashierId && deps.cashierName ? await deps.cashierName(cashierId) : null,
    };
  }, [ledger, terminal, focusId, deps]);
  const live = readyValue(useLiveQuery(read));
  const manager = deps.role !== 'cashier';
  const done = () => {
    setView({ kind: 'till' });
  };
  // A shift recorded on this device reopens as its full Z report from the ledger; others in short form.
  const openReport = (row: HistoryRow) => {
    const here = live?.shifts.some((shift) => shift.id === row.id) ?? false;
    setView(here ? { kind: 'z', shiftId: row.id } : { kind: 'past', row });
  };
  const history = manager ? (
    <ShiftHistory
      deps={deps}
      deviceShifts={live?.shifts ?? []}
      terminalCode={terminal?.code ?? null}
      onOpenReport={openReport}
    />
  ) : null;
  const settings = deps.role === 'owner' ? <ShiftSettingsForm deps={deps} /> : null;
  const past =
    view.kind === 'past' ? (
      <PastShiftReport
        row={view.row}
        currency={deps.settings.currency}
        printer={deps.printer}
        onDone={done}
      />
    ) : null;

  if (!terminal) {
    const setUp = (
      <Trans>
        Shifts are opened on a till. This device is not set up as one yet: set it up on the{' '}
        <Link to="/dashboard/register" className="touch-link">
          Register
        </Link>{' '}
        screen, then come back to open a shift.
      </Trans>
    );
    if (!manager) {
      return (
        <div className="shifts">
          <EmptyState title={t`Set up this till first`}>
            <p>{setUp}</p>
          </EmptyState>
        </div>
      );
    }
    return (
      <div className="shifts">
        {past}
        {history}
        <p className="shifts__setup-hint">
          <strong>
            <Trans>Not a till.</Trans>
          </strong>{' '}
          {setUp}
        </p>
        {settings}
      </div>
    );
  }
  if (!live) {
    return (
      <p aria-busy="true">
        <Trans>Loading this till&apos;s shift…</Trans>
      </p>
    );
  }

  const money = (amount: number) => formatMoney(amount, deps.settings.currency);
  const { open, shown, rows, cashier } = live;
  // In the screen's language on screen, in the shop's on the till's printer (issue 35).
  const details =
    (shift: NonNullable<typeof shown>): ShiftReportWords =>
    (i18n, locale) => {
      const at = (iso: string) => formatWhen(iso, zone, 'dateTime', locale);
      return {
        details: [
          { label: i18n._(msg`Till`), value: `${terminal.name} (${terminal.code})` },
          ...(cashier !== null ? [{ label: i18n._(msg`Cashier`), value: cashier }] : []),
          { label: i18n._(msg`Opened`), value: at(shift.opened_at) },
          ...(shift.closed_at ? [{ label: i18n._(msg`Closed`), value: at(shift.closed_at) }] : []),
          ...(shift.note !== null ? [{ label: i18n._(msg`Closing note`), value: shift.note }] : []),
        ],
        note: null,
      };
    };
  const tillName = terminal.name;

  let main;
  if (past) {
    main = past;
  } else if (view.kind === 'z' && shown && rows && shown.counted_cash !== null) {
    const report = shiftReportOfRows(rows, {
      kind: 'Z',
      counted: shown.counted_cash,
      allowedDifference: deps.settings.cashDifferenceLimit,
    });
    main = (
      <>
        <ShiftReportView
          report={report}
          currency={deps.settings.currency}
          kind="Z"
          words={details(shown)}
          printer={deps.printer}
          focusOnShow
        />
        <Button
          variant="ghost"
          onPress={() => {
            setView({ kind: 'till' });
          }}
        >
          <Trans>Done</Trans>
        </Button>
      </>
    );
  } else if (!open || !rows) {
    main = (
      <OpenShiftForm deps={{ ...deps, currency: deps.settings.currency }} terminalName={terminal.name} />
    );
  } else {
    const report = shiftReportOfRows(rows, {
      kind: 'X',
      allowedDifference: deps.settings.cashDifferenceLimit,
    });
    main = (
      <>
        <Card title={t`Shift open on ${tillName}`}>
          <dl className="shift-figures">
            <div>
              <dt>
                <Trans>Opened</Trans>
              </dt>
              <dd>{when(open.opened_at, 'time')}</dd>
            </div>
            <div>
              <dt>
                <Trans>Opening float</Trans>
              </dt>
              <dd>{money(open.opening_float)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Expected in drawer</Trans>
              </dt>
              <dd data-testid="expected-cash">{money(report.cash.expected)}</dd>
            </div>
          </dl>
          <CashMoveForm deps={deps} shiftId={open.id} />
          <div className="shift-form__actions shift-form__actions--apart">
            <Button
              variant="secondary"
              onPress={() => {
                setView(view.kind === 'x' ? { kind: 'till' } : { kind: 'x' });
              }}
            >
              {view.kind === 'x' ? <Trans>Hide X report</Trans> : <Trans>X report</Trans>}
            </Button>
            <Button
              onPress={() => {
                setView({ kind: 'closing' });
              }}
            >
              <Trans>Count and close</Trans>
            </Button>
          </div>
        </Card>
        {view.kind === 'x' ? (
          <ShiftReportView
            report={report}
            currency={deps.settings.currency}
            kind="X"
            words={details(open)}
            printer={deps.printer}
          />
        ) : null}
        {view.kind === 'closing' ? (
          <CloseShiftForm
            deps={deps}
            shiftId={open.id}
            expected={report.cash.expected}
            onCancel={() => {
              setView({ kind: 'till' });
            }}
            onClosed={() => {
              setView({ kind: 'z', shiftId: open.id });
            }}
          />
        ) : null}
      </>
    );
  }

  return (
    <div className="shifts">
      {main}
      {history}
      {settings}
    </div>
  );
}
