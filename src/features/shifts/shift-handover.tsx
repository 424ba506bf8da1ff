// 'Hand over shift' at the register (issue 18, [HANDOVER-1]). When the shop keeps a shift per cashier and the
// person at a shared till's counter is not the open shift's cashier, the register says whose shift it is and
// offers the handover in a dialog, without leaving the counter: count the drawer and close that shift with
// this screen's own close form (its approval rules: a manager's PIN for a difference over the limit), then
// open theirs with a float. The closed shift keeps its cashier, so its X/Z reports still name them; the
// close op names who counted. The shared till's gate shows this; the route wires it.
import { useCallback, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { shiftRowsOf } from '../../data/local/shift-reads';
import { shiftToHandOver } from '../../data/local/shift-handover';
import type { MirrorDb } from '../../data/local/mirror-db';
import type { AskApproval, SignCashier } from '../../domain/cashier-stamp';
import { formatMoney } from '../../domain/money-text';
import { shiftReportOfRows } from '../../domain/shift-ledger-report';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { CloseShiftForm, type CloseShiftDeps } from './close-shift-form';
import { OpenShiftForm } from './open-shift-form';
import { loadShiftSettings } from './shift-settings';

/** What the handover needs: the close form's deps (less the settings, read here), the mirror and the shop. */
export interface ShiftHandOverSources extends Omit<CloseShiftDeps, 'settings' | 'signCashier' | 'approve'> {
  mirror: MirrorDb;
  companyId: string;
  currency: string;
  /** Who is at the counter, signed for the close and the opening. */
  signCashier: SignCashier;
  /** A manager's approval by PIN for a difference over the shop's limit. */
  approve: AskApproval;
}

type Step =
  | { kind: 'idle' }
  | { kind: 'closing' }
  /** The old shift is closed: the dialog stays on the opening form, whatever the live read says now. */
  | { kind: 'opening'; closedName: string; counted: number; terminalName: string };

export function ShiftHandOver({
  sources,
  atCounterId,
}: {
  sources: ShiftHandOverSources;
  /** The staff id of the person at the counter. */
  atCounterId: string;
}) {
  const { t } = useLingui();
  const { commandDeps, mirror, companyId, currency } = sources;
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const read = useCallback(async () => {
    const { ledger } = commandDeps;
    const [other, settings] = await Promise.all([
      shiftToHandOver({ ledger, mirror, companyId }, atCounterId),
      loadShiftSettings(mirror, companyId, currency),
    ]);
    if (!other) return { other, settings, expected: 0 };
    const rows = await shiftRowsOf(ledger, other.shift);
    const report = shiftReportOfRows(rows, { kind: 'X', allowedDifference: settings.cashDifferenceLimit });
    return { other, settings, expected: report.cash.expected };
  }, [commandDeps, mirror, companyId, currency, atCounterId]);
  const live = readyValue(useLiveQuery(read));
  if (!live) return null;
  const { other, settings, expected } = live;
  const done = () => {
    setStep({ kind: 'idle' });
  };

  let body = null;
  if (step.kind === 'closing' && other) {
    const { shift, cashierName, terminalName } = other;
    body = (
      <>
        <p>
          <Trans>
            Count the cash in the drawer to close {cashierName}&apos;s shift. Then you open yours and go on
            selling.
          </Trans>
        </p>
        <CloseShiftForm
          deps={{ ...sources, settings }}
          shiftId={shift.id}
          expected={expected}
          onCancel={done}
          onClosed={(counted) => {
            setStep({ kind: 'opening', closedName: cashierName, counted, terminalName });
          }}
        />
      </>
    );
  } else if (step.kind === 'opening') {
    const closedName = step.closedName;
    const counted = formatMoney(step.counted, settings.currency);
    body = (
      <>
        <Alert tone="success" title={t`${closedName}'s shift is closed`}>
          <Trans>{counted} counted. Its Z report is on the Shifts screen.</Trans>
        </Alert>
        <OpenShiftForm
          deps={{ ...sources, currency: settings.currency }}
          terminalName={step.terminalName}
          title={t`Open your shift`}
          onOpened={done}
        />
      </>
    );
  }

  const otherName = other?.cashierName ?? '';
  return (
    <>
      {other && body === null ? (
        <Alert tone="warning" title={t`The open shift is ${otherName}'s`}>
          <p>
            <Trans>
              This shop keeps a shift per cashier. Before you complete a sale, hand the shift over: count the
              cash and close {otherName}&apos;s shift, then open yours. The cart stays as it is.
            </Trans>
          </p>
          <Button
            onPress={() => {
              setStep({ kind: 'closing' });
            }}
          >
            <Trans>Hand over shift</Trans>
          </Button>
        </Alert>
      ) : null}
      <Dialog
        title={t`Hand over shift`}
        isOpen={body !== null}
        onOpenChange={(open) => {
          if (!open) done();
        }}
      >
        {body}
      </Dialog>
    </>
  );
}
