// Shift history for managers: the server's shifts (every till, read through RLS) merged with the shifts
// this device has not synced yet, with expected, counted, the difference and the closing note per terminal
// and cashier. A closed shift's Z report reopens from here. A close over the company's limit that no manager
// approved yet can be approved here ([SHIFT-8]), after a dialog says what is being approved.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LedgerShift } from '../../data/local/ledger-types';
import { shiftHistoryQuery, type ServerShift } from '../../data/remote/shift-history';
import { formatMoney } from '../../domain/money-text';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DataTable, type Column } from '../../ui/data-table';
import { Dialog } from '../../ui/dialog';
import { Card } from '../../ui/layout';
import { ListSourceLine, type ListSourceWords } from '../../ui/list-source-line';
import { useDeviceAndServerRows } from '../../ui/use-device-and-server-rows';
import { useWhen } from '../../ui/when';
import { cashDifferenceWords } from './cash-difference';
import type { ShiftsDeps } from './shifts-deps';

export interface HistoryRow extends ServerShift {
  /** Only on this device so far (or changed here since the last sync). */
  unsynced: boolean;
}

/** Server rows, with this device's unsynced shifts laid over them (they are newer than the server's copy). */
export function mergeShiftHistory(
  server: readonly ServerShift[],
  device: readonly LedgerShift[],
  terminalCode: string | null,
  limit: number,
): HistoryRow[] {
  const rows = new Map<string, HistoryRow>(server.map((row) => [row.id, { ...row, unsynced: false }]));
  for (const shift of device) {
    const known = rows.get(shift.id);
    if (known && shift.sync === 'synced') continue;
    rows.set(shift.id, {
      id: shift.id,
      terminal_id: shift.terminal_id,
      terminal_code: known?.terminal_code ?? terminalCode,
      cashier_id: shift.cashier_id ?? known?.cashier_id ?? '',
      cashier_name: known?.cashier_name ?? null,
      opened_at: shift.opened_at,
      closed_at: shift.closed_at,
      opening_float: shift.opening_float,
      counted_cash: shift.counted_cash,
      expected_cash: shift.result?.expected_cash ?? known?.expected_cash ?? null,
      needs_approval: known?.needs_approval ?? false,
      approved_by: shift.approved_by ?? known?.approved_by ?? null,
      closed_by: known?.closed_by ?? null,
      closed_by_name: known?.closed_by_name ?? null,
      note: shift.note ?? known?.note ?? null,
      unsynced: true,
    });
  }
  return [...rows.values()].sort((a, b) => b.opened_at.localeCompare(a.opened_at)).slice(0, limit);
}

function sourceWords(): ListSourceWords {
  return {
    unreachable: translate`The server's shift history needs a connection. Showing this device's shifts only.`,
  };
}

function useShiftTime() {
  const { t } = useLingui();
  const when = useWhen();
  return (iso: string | null) => (iso === null ? t`open` : when(iso));
}

/** "25 Nov 2026, 07:50–19:30": a shift's span on one line, the date once when it closed the same day. */
function useShiftSpan() {
  const { t } = useLingui();
  const when = useWhen();
  return (row: HistoryRow) => {
    const opened = when(row.opened_at);
    if (row.closed_at === null) return t`${opened}, open`;
    const sameDay = when(row.opened_at, 'date') === when(row.closed_at, 'date');
    return `${opened}–${when(row.closed_at, sameDay ? 'time' : 'dateTime')}`;
  };
}

export function ShiftHistory({
  deps,
  deviceShifts,
  terminalCode,
  onOpenReport,
}: {
  deps: ShiftsDeps;
  deviceShifts: readonly LedgerShift[];
  terminalCode: string | null;
  /** Reopens a closed shift's Z report. */
  onOpenReport: (row: HistoryRow) => void;
}) {
  const { t } = useLingui();
  const time = useShiftTime();
  const span = useShiftSpan();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [approving, setApproving] = useState<HistoryRow | null>(null);
  const history = shiftHistoryQuery(deps.companyId, () => deps.history.list());
  const { rows, source } = useDeviceAndServerRows({
    device: deviceShifts,
    query: () => history,
    asksServer: true,
    merge: (server, device) => mergeShiftHistory(server ?? [], device, terminalCode, 100),
  });
  const money = (amount: number | null) =>
    amount === null ? '—' : formatMoney(amount, deps.settings.currency);
  const zReportLabel = (row: HistoryRow) => {
    const till = row.terminal_code ?? t`the till`;
    const opened = time(row.opened_at);
    return t`Z report of ${till}, opened ${opened}`;
  };

  const columns: Column<HistoryRow>[] = [
    // Room for a till's code and a few more letters (issue 34: a 44 px column was all a shift's row began with).
    { key: 'till', header: t`Till`, cell: (row) => row.terminal_code ?? '—', width: '4.5rem' },
    {
      key: 'cashier',
      header: t`Cashier`,
      cell: (row) => (row.cashier_id === deps.userId ? t`You` : (row.cashier_name ?? '—')),
    },
    {
      key: 'shift',
      header: t`Shift`,
      cell: (row) => (
        <>
          <span className="shift-history__span">{span(row)}</span>
          {row.note ? <span className="shift-history__note">{row.note}</span> : null}
        </>
      ),
    },
    {
      key: 'cash',
      header: t`Cash counted`,
      align: 'end',
      cell: (row) => {
        if (row.counted_cash === null || row.expected_cash === null) return '—';
        const expected = money(row.expected_cash);
        return (
          <span className="shift-history__cash">
            <span>{money(row.counted_cash)}</span>
            <span className="shift-history__expected">
              <Trans>Expected {expected}</Trans>
            </span>
            <span>{cashDifferenceWords(row.counted_cash, row.expected_cash, deps.settings.currency)}</span>
          </span>
        );
      },
    },
    {
      key: 'status',
      header: t`Status`,
      cell: (row) => (
        <span className="shift-history__status">
          <Status
            row={row}
            onApprove={() => {
              setApproving(row);
            }}
          />
          {row.closed_at === null ? null : (
            <Button
              variant="ghost"
              aria-label={zReportLabel(row)}
              onPress={() => {
                onOpenReport(row);
              }}
            >
              <Trans>Z report</Trans>
            </Button>
          )}
        </span>
      ),
    },
  ];

  async function approve(shiftId: string) {
    setApproving(null);
    try {
      await deps.history.approve(shiftId);
      setError(null);
      await queryClient.invalidateQueries({ queryKey: history.queryKey });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t`The approval did not reach the server.`);
    }
  }

  return (
    <Card title={t`Shift history`}>
      <ListSourceLine source={source} words={sourceWords()} />
      {error ? <Alert>{error}</Alert> : null}
      <div className="shift-history__scroll">
        <DataTable
          label={t`Shift history`}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          empty={t`No shifts yet.`}
        />
      </div>
      <Dialog
        title={t`Approve the cash difference?`}
        isOpen={approving !== null}
        onOpenChange={(open) => {
          if (!open) setApproving(null);
        }}
      >
        {approving ? (
          <ApprovalQuestion
            row={approving}
            currency={deps.settings.currency}
            onApprove={() => void approve(approving.id)}
            onCancel={() => {
              setApproving(null);
            }}
          />
        ) : null}
      </Dialog>
    </Card>
  );
}

/** What a manager approves: the till and shift, who counted, and the difference between counted and expected. */
function ApprovalQuestion({
  row,
  currency,
  onApprove,
  onCancel,
}: {
  row: HistoryRow;
  currency: string;
  onApprove: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const time = useShiftTime();
  const countedCash = row.counted_cash ?? 0;
  const expectedCash = row.expected_cash ?? countedCash;
  const till = row.terminal_code ?? t`The till`;
  const opened = time(row.opened_at);
  const closed = time(row.closed_at);
  const who = row.closed_by_name ?? row.cashier_name ?? t`the cashier`;
  const counted = formatMoney(countedCash, currency);
  const expected = formatMoney(expectedCash, currency);
  const difference = cashDifferenceWords(countedCash, expectedCash, currency);
  const note = row.note;
  return (
    <div className="shift-approval">
      <p>
        <Trans>
          {till}, opened {opened}, closed {closed}.
        </Trans>
      </p>
      <p>
        <Trans>
          Counted by {who}: {counted} in the drawer against {expected} expected —{' '}
          <strong>{difference}</strong>.
        </Trans>
      </p>
      {note !== null ? (
        <p>
          <Trans>Their note: “{note}”</Trans>
        </p>
      ) : null}
      <p>
        <Trans>Approving records that you accept this difference.</Trans>
      </p>
      <div className="shift-form__actions">
        <Button variant="secondary" onPress={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button onPress={onApprove}>
          <Trans>Approve difference</Trans>
        </Button>
      </div>
    </div>
  );
}

function Status({ row, onApprove }: { row: HistoryRow; onApprove: () => void }) {
  const { t } = useLingui();
  const time = useShiftTime();
  const tag = (words: string) => <span className="tag">{words}</span>;
  if (row.unsynced) return tag(t`Not synced yet`);
  if (row.closed_at === null) return tag(t`Open`);
  if (!row.needs_approval) return tag(t`Closed`);
  if (row.approved_by !== null) return tag(t`Approved`);
  const till = row.terminal_code ?? t`the till`;
  const opened = time(row.opened_at);
  return (
    <Button
      variant="secondary"
      onPress={onApprove}
      aria-label={t`Approve the cash difference of ${till}, opened ${opened}`}
    >
      <Trans>Approve</Trans>
    </Button>
  );
}
