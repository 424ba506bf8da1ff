// A past shift from another till, reopened from shift history. The server keeps its float, expected and
// counted cash, who counted and the closing note, but its takings, tenders and tax are in the ledger of the
// till that recorded it; so this is the short form of its Z report, printable on the roll like the full one
// (on this device's receipt printer too, issue 19).
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
  const when = useWhen();
  const money = (amount: number | null) => (amount === null ? '—' : formatMoney(amount, currency));
  const till = row.terminal_code ?? 'the till';
  const rows: [string, string][] = [
    ['Till', row.terminal_code ?? '—'],
    ['Cashier', row.cashier_name ?? '—'],
    ['Opened', when(row.opened_at)],
    ['Closed', row.closed_at === null ? 'open' : when(row.closed_at)],
    ['Counted by', row.closed_by_name ?? '—'],
    ['Opening float', money(row.opening_float)],
    ['Expected in drawer', money(row.expected_cash)],
    ['Counted', money(row.counted_cash)],
  ];
  if (row.counted_cash !== null && row.expected_cash !== null) {
    rows.push(['Difference', cashDifferenceWords(row.counted_cash, row.expected_cash, currency)]);
  }
  if (row.note !== null) rows.push(['Closing note', row.note]);
  const note = `Takings, tenders and tax of this shift are on the full report of ${till}.`;
  const details = rows.map(([label, value]) => ({ label, value }));
  return (
    <section className="shift-report" aria-label="Z report">
      <h2 className="shift-report__title" tabIndex={-1} ref={focusOnMount}>
        Z report
      </h2>
      <dl className="shift-report__list">
        {rows.map(([label, value]) => (
          <ReportRow key={label} label={label} value={value} />
        ))}
      </dl>
      <p className="shift-report__unsynced" role="note">
        {note}
      </p>
      <ReportActions printer={printer} print={{ heading: 'Z report', details, report: null, note }}>
        <Button variant="ghost" onPress={onDone}>
          Done
        </Button>
      </ReportActions>
    </section>
  );
}
