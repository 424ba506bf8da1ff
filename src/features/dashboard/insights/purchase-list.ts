// The reorder list as purchase lists, one per supplier ([INS-10], [INS-11]): the server says each row's
// supplier and the lead time it ordered for; here the rows are grouped (suppliers by name, "No supplier"
// last) and each group becomes the CSV a manager sends that supplier — SKU, product, order quantity, unit
// cost and line cost, and a last line with the total. Pure.
import { i18n } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { toCsv } from '../../../lib/csv';
import { screenLocale } from '../../../lib/i18n/intl';
import type { InventoryInsight, Period } from '../../../data/remote/insights';
import { moneyCell } from '../report-csv';
import { fileNameFor } from './insight-parts';

export type ReorderRow = InventoryInsight['reorder'][number];

export interface PurchaseGroup {
  /** null: the products without a supplier. */
  supplierId: string | null;
  name: string;
  /** The lead time the group's order quantities were worked out with. */
  leadDays: number;
  rows: ReorderRow[];
}

/** A descriptor (built before the catalogue loads): `i18n._(NO_SUPPLIER)` where shown. */
export const NO_SUPPLIER = msg`No supplier`;

/** The rows by supplier, in the server's order within each; suppliers by name, "No supplier" last. */
export function purchaseGroups(rows: readonly ReorderRow[]): PurchaseGroup[] {
  const groups = new Map<string | null, PurchaseGroup>();
  for (const row of rows) {
    const group = groups.get(row.supplier_id) ?? {
      supplierId: row.supplier_id,
      name: row.supplier_name ?? i18n._(NO_SUPPLIER),
      leadDays: row.lead_days,
      rows: [],
    };
    group.rows.push(row);
    groups.set(row.supplier_id, group);
  }
  return [...groups.values()].sort(
    (a, b) =>
      Number(a.supplierId === null) - Number(b.supplierId === null) ||
      a.name.localeCompare(b.name, screenLocale(), { sensitivity: 'base' }),
  );
}

/** What the group's lines cost where the cost is known, and how many lines have none. */
export function groupTotal(group: PurchaseGroup): { total: number; uncosted: number } {
  return group.rows.reduce(
    (sum, row) =>
      row.order_cost === null
        ? { ...sum, uncosted: sum.uncosted + 1 }
        : { ...sum, total: sum.total + row.order_cost },
    { total: 0, uncosted: 0 },
  );
}

/** One supplier's purchase list as CSV: a line per product, then the total (lines without a cost named). The
 * headers and the total's words are in the language of the manager exporting it. */
export function purchaseListCsv(group: PurchaseGroup, currency: string): string {
  const money = (minor: number | null) => (minor === null ? '' : moneyCell(minor, currency));
  const { total, uncosted } = groupTotal(group);
  const totalLabel =
    uncosted === 0
      ? t`Total`
      : plural(uncosted, {
          one: 'Total (# without a cost not counted)',
          other: 'Total (# without a cost not counted)',
        });
  return toCsv(
    [t`SKU`, t`Product`, t`Order quantity`, t`Unit cost`, t`Line cost`],
    [
      ...group.rows.map((row) => [
        row.sku ?? '',
        row.name,
        row.order_quantity,
        money(row.unit_cost),
        money(row.order_cost),
      ]),
      ['', totalLabel, '', '', money(total)],
    ],
  );
}

/** "tillpoint-purchase-list-bean-leaf-coffee-2026-11-01-to-2026-11-30": the supplier's name in plain letters. */
export function purchaseListFileName(group: PurchaseGroup, period: Period): string {
  const slug = group.name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return fileNameFor(`purchase-list-${slug === '' ? 'supplier' : slug}`, period);
}
