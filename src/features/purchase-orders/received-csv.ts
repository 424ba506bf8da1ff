// [PUR-39]'s report 'Received by supplier' as a CSV file: the report's columns with headers in the language
// shown, quantities as plain decimals and money as plain decimals in the shop's currency, as the other
// reports' CSVs ([CSV-1]'s writer escapes the names).
import { t } from '@lingui/core/macro';
import { moneyCsvCell } from '../../domain/money-text';
import { quantityText } from '../../domain/quantity';
import { toCsv } from '../../lib/csv';
import type { ReceivedRow } from './purchase-orders-deps';

export function receivedCsv(rows: readonly ReceivedRow[], currency: string): string {
  return toCsv(
    [t`Supplier`, t`Product`, t`SKU`, t`Quantity`, t`Cost value`, t`Quantity without cost`, t`Receipts`],
    rows.map((row) => [
      row.supplierName,
      row.name,
      row.sku ?? '',
      quantityText(row.quantity),
      moneyCsvCell(row.costValue, currency),
      quantityText(row.uncostedQuantity),
      row.receipts,
    ]),
  );
}

export function receivedFileName(from: string, to: string): string {
  return `tillpoint-received-by-supplier-${from}-to-${to}.csv`;
}
