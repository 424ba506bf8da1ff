// The X and Z reports as they read (issue 8, issue 19): the sections and rows the shifts screen shows and a
// receipt printer prints, worked out once so paper and screen never disagree. Plain text rows; how each is
// laid out is the caller's.
import { UNVERIFIED_CARD_WORDS } from './card-tender';
import type { Minor } from './money';
import type { LedgerShiftReport, PendingShiftOps } from './shift-ledger-report';

export interface ReportSection {
  title: string;
  rows: readonly (readonly [label: string, value: string])[];
}

const METHOD_NAMES = { cash: 'Cash', card: 'Card', other: 'Other' } as const;

/** Says which of the shift's figures are still only on this device; null once all of them synced. */
export function pendingText(pending: PendingShiftOps): string | null {
  if (pending.total === 0) return null;
  const parts = [
    [pending.sales, 'sale', 'sales'],
    [pending.refunds, 'refund', 'refunds'],
    [pending.cashMoves, 'pay-in/out', 'pay-ins/outs'],
    [pending.shift, 'shift opening/closing', 'shift opening and closing'],
  ] as const;
  const listed = parts
    .filter(([count]) => count > 0)
    .map(([count, one, many]) => `${count} ${count === 1 ? one : many}`)
    .join(', ');
  return `Not synced yet: ${pending.total} of this shift's operations are only on this device (${listed}). The server's figures will match once they sync.`;
}

/** Takings, tenders, tax and cash, in that order. */
export function shiftReportSections(
  report: LedgerShiftReport,
  money: (amount: Minor) => string,
): ReportSection[] {
  const takings: [string, string][] = [
    [`Sales (${report.salesCount})`, money(report.sales)],
    [`Refunds (${report.refundsCount})`, money(-report.refunds)],
    ['Net', money(report.net)],
    ['Discounts given', money(report.discounts)],
  ];
  if (report.rounding !== 0) takings.push(['Cash rounding', money(report.rounding)]);
  const tenders: [string, string][] =
    report.tenders.length === 0
      ? [['No payments', '']]
      : report.tenders.map((tender) => [METHOD_NAMES[tender.method], money(tender.net)]);
  // [FLAGUI-5] Part of the card line, named apart: no reader took it, so nothing but the terminal's own
  // records confirms this money.
  const unverified = report.unverifiedCard;
  if (unverified.count > 0) {
    tenders.push([`${UNVERIFIED_CARD_WORDS} (${unverified.count})`, money(unverified.amount)]);
  }
  const tax: [string, string][] =
    report.taxByRate.length === 0
      ? [['No tax', '']]
      : report.taxByRate.map((row) => [
          `${(row.rate / 100).toFixed(2)} % on ${money(row.net)}`,
          money(row.tax),
        ]);
  const cash = report.cash;
  const cashRows: [string, string][] = [
    ['Opening float', money(cash.openingFloat)],
    ['Cash sales', money(cash.cashTendered - cash.changeGiven)],
    ['Cash refunds', money(-cash.cashRefunds)],
    ['Pay-ins', money(cash.payIns)],
    ['Pay-outs', money(-cash.payOuts)],
    ['Expected in drawer', money(cash.expected)],
  ];
  if (cash.counted !== undefined) cashRows.push(['Counted', money(cash.counted)]);
  if (cash.difference) {
    const { difference, status } = cash.difference;
    const word = status === 'even' ? 'Even' : status === 'over' ? 'Over' : 'Short';
    cashRows.push([word, money(Math.abs(difference))]);
  }
  return [
    { title: 'Takings', rows: takings },
    { title: 'Tenders', rows: tenders },
    { title: 'Tax', rows: tax },
    { title: 'Cash', rows: cashRows },
  ];
}
