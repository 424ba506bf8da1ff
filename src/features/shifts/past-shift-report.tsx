// A past shift from another till, reopened from shift history. The server keeps its float, expected and
// counted cash, who counted and the closing note, but its takings, tenders and tax are in the ledger of the
// till that recorded it; so this is the short form of its Z report, printable on the roll like the full one
// (on this device's receipt printer too, issue 19).
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../domain/money-text';
import { Button } from '../../ui/button';
import { useWhen } from '../../ui/when';
import { cashDifferenceWords } from './cash-difference';
import { focusOnMount, ReportActions, ReportRow } from './shift-report-view';
import type { HistoryRow } from './shift-history';
import type { ShiftPrinter } from './shifts-deps';

export function PastShiftReport({
  row,
  currency,
  printer,
  onDone,
}: {
  row: HistoryRow;
  currency: string;
  printer: ShiftPrinter | undefined;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const when = useWhen();
  const money = (amount: number | null) => (amount === null ? '—' : formatMoney(amount, currency));
  const till = row.terminal_code ?? t`the till`;
  const rows: [string, string][] = [
    [t`Till`, row.terminal_code ?? '—'],
    [t`Cashier`, row.cashier_name ?? '—'],
    [t`Opened`, when(row.opened_at)],
    [t`Closed`, row.closed_at === null ? t`open` : when(row.closed_at)],
    [t`Counted by`, row.closed_by_name ?? '—'],
    [t`Opening float`, money(row.opening_float)],
    [t`Expected in drawer`, money(row.expected_cash)],
    [t`Counted`, money(row.counted_cash)],
  ];
  if (row.counted_cash !== null && row.expected_cash !== null) {
    rows.push([t`Difference`, cashDifferenceWords(row.counted_cash, row.expected_cash, currency)]);
  }
  if (row.note !== null) rows.push([t`Closing note`, row.note]);
  const note = t`Takings, tenders and tax of this shift are on the full report of ${till}.`;
  const details = rows.map(([label, value]) => ({ label, value }));
  const heading = t`Z report`;
  return (
    <section className="shift-report" aria-label={heading}>
      <h2 className="shift-report__title" tabIndex={-1} ref={focusOnMount}>
        {heading}
      </h2>
      <dl className="shift-report__list">
        {rows.map(([label, value]) => (
          <ReportRow key={label} label={label} value={value} />
        ))}
      </dl>
      <p className="shift-report__unsynced" role="note">
        {note}
      </p>
      <ReportActions printer={printer} print={{ heading, details, report: null, note }}>
        <Button variant="ghost" onPress={onDone}>
          <Trans>Done</Trans>
        </Button>
      </ReportActions>
    </section>
  );
}
