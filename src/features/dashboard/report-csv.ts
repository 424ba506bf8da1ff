// The range report as CSV files a manager can open in a spreadsheet: money as plain decimals in the shop's
// currency (no symbols, so the spreadsheet can add them up), one file per table. Names come from members and
// terminals, so they go through the shared writer that escapes formulas ([CSV-1]). The column headers are in
// the language of the person exporting (they read the file; the numbers stay plain for the spreadsheet).
import { t } from '@lingui/core/macro';
import { toCsv } from '../../lib/csv';
import type { RangeReport } from '../../data/remote/reports';

function decimals(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

export function moneyCell(minor: number, currency: string): string {
  return (minor / 10 ** decimals(currency)).toFixed(decimals(currency));
}

export type ReportTable = 'days' | 'cashiers' | 'terminals' | 'modifiers';

export function reportCsv(report: RangeReport, table: ReportTable, currency: string): string {
  const money = (minor: number) => moneyCell(minor, currency);
  if (table === 'days') {
    return toCsv(
      [t`Day`, t`Sales`, t`Sales total`, t`Refunds`, t`Refunds total`, t`Tax`, t`Net total`],
      report.days.map((day) => [
        day.day,
        day.salesCount,
        money(day.salesTotal),
        day.refundsCount,
        money(day.refundsTotal),
        money(day.taxTotal),
        money(day.netTotal),
      ]),
    );
  }
  if (table === 'modifiers') {
    return toCsv(
      [t`Group`, t`Option`, t`Quantity`, t`Added`],
      (report.modifiers ?? []).map((row) => [row.group, row.option, row.quantity, money(row.deltaTotal)]),
    );
  }
  const rows = table === 'cashiers' ? report.cashiers : report.terminals;
  return toCsv(
    [table === 'cashiers' ? t`Cashier` : t`Terminal`, t`Sales`, t`Refunds`, t`Net total`],
    rows.map((row) => [row.name, row.salesCount, row.refundsCount, money(row.netTotal)]),
  );
}

export function reportFileName(report: RangeReport, table: ReportTable): string {
  return `tillpoint-${table}-${report.from}-to-${report.to}.csv`;
}
