// [PUR-41]'s report as a CSV file: the report's columns with headers in the language shown, quantities as
// plain decimals and money as plain decimals in the shop's currency ([CSV-1]'s writer escapes the names).
import { t } from '@lingui/core/macro';
import { quantityText } from '../../../domain/quantity';
import { toCsv } from '../../../lib/csv';
import { moneyCell } from '../report-csv';
import type { VarianceRow } from './stocktakes-deps';

export function variancesCsv(
  rows: readonly VarianceRow[],
  storeName: (storeId: string) => string,
  currency: string,
): string {
  return toCsv(
    [
      t`Stocktake`,
      t`Store`,
      t`Approved`,
      t`Product`,
      t`SKU`,
      t`Expected`,
      t`Counted`,
      t`Variance`,
      t`Variance value`,
    ],
    rows.map((row) => [
      row.number,
      storeName(row.storeId),
      row.approvedAt,
      row.name,
      row.sku ?? '',
      quantityText(row.expected),
      quantityText(row.counted),
      quantityText(row.variance),
      row.varianceValue === null ? '' : moneyCell(row.varianceValue, currency),
    ]),
  );
}

export function variancesFileName(from: string, to: string): string {
  return `tillpoint-stocktake-variances-${from}-to-${to}.csv`;
}
