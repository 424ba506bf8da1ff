// [PUR-40]'s report of transfers in transit as a CSV file: money as plain decimals (as the range report's cells), names
// through the shared writer that escapes formulas ([CSV-1]), headers in the exporter's language.
import { t } from '@lingui/core/macro';
import { quantityText } from '../../domain/quantity';
import { toCsv } from '../../lib/csv';
import { moneyCsvCell } from '../../domain/money-text';
import type { InTransitLine } from './transfers-deps';

export function inTransitCsv(
  rows: readonly InTransitLine[],
  storeName: (id: string) => string,
  currency: string,
): string {
  return toCsv(
    [
      t`Number`,
      t`From`,
      t`To`,
      t`Product`,
      t`SKU`,
      t`Sent on`,
      t`In transit`,
      t`Value at cost`,
      t`Days on the way`,
    ],
    rows.map((row) => [
      row.number,
      storeName(row.fromStoreId),
      storeName(row.toStoreId),
      row.name,
      row.sku ?? '',
      row.sentAt ?? '',
      quantityText(row.inTransit),
      moneyCsvCell(row.valueAtCost, currency),
      row.daysInTransit,
    ]),
  );
}
