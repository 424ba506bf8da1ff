// The X and Z reports as they read (issue 8, issue 19): the sections and rows the shifts screen shows and a
// receipt printer prints, worked out once so paper and screen never disagree. Plain text rows; how each is
// laid out is the caller's. Words in the screen's language, or the shop's (`shopI18n`) on paper (issue 35).
import { i18n as screenI18n, type I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { intlLocaleOf } from './active-locale';
import type { Minor } from './money';
import { METHOD_NAMES } from './payment-words';
import type { LedgerShiftReport, PendingShiftOps } from './shift-ledger-report';

export interface ReportSection {
  title: string;
  rows: readonly (readonly [label: string, value: string])[];
}

/** "X report", "Z report": a report's heading, on screen and on paper. */
export function reportHeading(kind: 'X' | 'Z', i18n: I18n = screenI18n): string {
  return kind === 'X' ? i18n._(msg`X report`) : i18n._(msg`Z report`);
}

/** Says which of the shift's figures are still only on this device; null once all of them synced. */
export function pendingText(pending: PendingShiftOps, i18n: I18n = screenI18n): string | null {
  if (pending.total === 0) return null;
  const { sales, refunds, cashMoves, accountPayments, shift, total } = pending;
  // A list of counted things (each a whole plural phrase), joined with a comma as a list is.
  const parts = [
    sales > 0 ? i18n._(msg`${plural(sales, { one: '# sale', other: '# sales' })}`) : null,
    refunds > 0 ? i18n._(msg`${plural(refunds, { one: '# refund', other: '# refunds' })}`) : null,
    cashMoves > 0
      ? i18n._(msg`${plural(cashMoves, { one: '# pay-in/out', other: '# pay-ins/outs' })}`)
      : null,
    accountPayments > 0
      ? i18n._(msg`${plural(accountPayments, { one: '# account payment', other: '# account payments' })}`)
      : null,
    shift > 0
      ? i18n._(
          msg`${plural(shift, { one: '# shift opening/closing', other: '# shift opening and closing' })}`,
        )
      : null,
  ];
  const listed = parts.filter((part) => part !== null).join(', ');
  return i18n._(
    msg`Not synced yet: ${total} of this shift's operations are only on this device (${listed}). The server's figures will match once they sync.`,
  );
}

/** Takings, tenders, account payments (when any, [VAL-34]), tax and cash, in that order. */
export function shiftReportSections(
  report: LedgerShiftReport,
  money: (amount: Minor) => string,
  i18n: I18n = screenI18n,
): ReportSection[] {
  const { salesCount, refundsCount } = report;
  const takings: [string, string][] = [
    [i18n._(msg`Sales (${salesCount})`), money(report.sales)],
    [i18n._(msg`Refunds (${refundsCount})`), money(-report.refunds)],
    [i18n._(msg`Net`), money(report.net)],
    [i18n._(msg`Discounts given`), money(report.discounts)],
  ];
  if (report.rounding !== 0) takings.push([i18n._(msg`Cash rounding`), money(report.rounding)]);
  const tenders: [string, string][] =
    report.tenders.length === 0
      ? [[i18n._(msg`No payments`), '']]
      : report.tenders.map((tender) => [i18n._(METHOD_NAMES[tender.method]), money(tender.net)]);
  // [FLAGUI-5] Part of the card line, named apart: no reader took it, so nothing but the terminal's own
  // records confirms this money.
  const unverified = report.unverifiedCard;
  if (unverified.count > 0) {
    const count = unverified.count;
    tenders.push([i18n._(msg`Unverified card: external terminal (${count})`), money(unverified.amount)]);
  }
  const tax: [string, string][] =
    report.taxByRate.length === 0
      ? [[i18n._(msg`No tax`), '']]
      : report.taxByRate.map((row) => {
          // Written as the report's language writes numbers: "20.00 %", "20,00 %".
          const rate = new Intl.NumberFormat(intlLocaleOf(i18n), {
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
          }).format(row.rate / 100);
          const net = money(row.net);
          return [i18n._(msg`${rate} % on ${net}`), money(row.tax)];
        });
  // [VAL-34] Customers paying what they owe: not takings, so apart from the tenders, by method.
  const paid = report.accountPayments;
  const paidCount = paid.count;
  const accountRows: [string, string][] = [
    [i18n._(msg`Account payments (${paidCount})`), money(paid.total)],
    ...paid.byMethod.map((row): [string, string] => [i18n._(METHOD_NAMES[row.method]), money(row.amount)]),
  ];
  const cash = report.cash;
  const cashRows: [string, string][] = [
    [i18n._(msg`Opening float`), money(cash.openingFloat)],
    [i18n._(msg`Cash sales`), money(cash.cashTendered - cash.changeGiven)],
    [i18n._(msg`Cash refunds`), money(-cash.cashRefunds)],
    ...(cash.accountPayments
      ? [[i18n._(msg`Cash account payments`), money(cash.accountPayments)] as [string, string]]
      : []),
    [i18n._(msg`Pay-ins`), money(cash.payIns)],
    [i18n._(msg`Pay-outs`), money(-cash.payOuts)],
    [i18n._(msg`Expected in drawer`), money(cash.expected)],
  ];
  if (cash.counted !== undefined) cashRows.push([i18n._(msg`Counted`), money(cash.counted)]);
  if (cash.difference) {
    const { difference, status } = cash.difference;
    const word =
      status === 'even' ? i18n._(msg`Even`) : status === 'over' ? i18n._(msg`Over`) : i18n._(msg`Short`);
    cashRows.push([word, money(Math.abs(difference))]);
  }
  return [
    { title: i18n._(msg`Takings`), rows: takings },
    { title: i18n._(msg`Tenders`), rows: tenders },
    ...(paid.count > 0 ? [{ title: i18n._(msg`Account payments`), rows: accountRows }] : []),
    { title: i18n._(msg`Tax`), rows: tax },
    { title: i18n._(msg`Cash`), rows: cashRows },
  ];
}
