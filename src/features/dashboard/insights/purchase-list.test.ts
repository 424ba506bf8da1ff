import { describe, expect, test } from 'vitest';
import { purchaseGroups, purchaseListCsv, purchaseListFileName, type ReorderRow } from './purchase-list';

const FRESH = 'f5000000-0000-4000-8000-000000000001';
const BEAN = 'f5000000-0000-4000-8000-000000000002';

function row(name: string, supplier: [string, string] | null, fields: Partial<ReorderRow> = {}): ReorderRow {
  return {
    product_id: `id-${name}`,
    name,
    sku: name.slice(0, 3).toUpperCase(),
    supplier: supplier?.[1] ?? null,
    supplier_id: supplier?.[0] ?? null,
    supplier_name: supplier?.[1] ?? null,
    lead_days: supplier ? 2 : 7,
    unit_cost: 150,
    on_hand: 1,
    on_order: 0,
    in_transit: 0,
    per_day: 1,
    reorder_level: null,
    reorder_point: 2,
    order_quantity: 3,
    order_cost: 450,
    ...fields,
  };
}

const rows = [
  row('Mug', null),
  row('Apples', [FRESH, 'Fresh Fields Produce'], { order_quantity: 12, unit_cost: 79, order_cost: 948 }),
  row('Beans', [BEAN, 'bean & Leaf Coffee'], { lead_days: 5 }),
  row('Pears', [FRESH, 'Fresh Fields Produce'], { sku: null, unit_cost: null, order_cost: null }),
];

describe('[INS-11] purchase lists per supplier', () => {
  test('groups by supplier, by name whatever its case, "No supplier" last, rows in the server’s order', () => {
    expect(purchaseGroups(rows).map((g) => [g.name, g.leadDays, g.rows.map((r) => r.name)])).toEqual([
      ['bean & Leaf Coffee', 5, ['Beans']],
      ['Fresh Fields Produce', 2, ['Apples', 'Pears']],
      ['No supplier', 7, ['Mug']],
    ]);
    expect(purchaseGroups([])).toEqual([]);
  });

  test('a supplier’s CSV: SKU, product, quantity, unit and line cost, then the total of the costed lines', () => {
    const fresh = purchaseGroups(rows)[1];
    if (!fresh) throw new Error('no Fresh Fields group');
    expect(purchaseListCsv(fresh, 'EUR').split('\n')).toEqual([
      'SKU,Product,Order quantity,Unit cost,Line cost',
      'APP,Apples,12,0.79,9.48',
      ',Pears,3,,',
      ',Total (1 without a cost not counted),,,9.48',
    ]);
    const bean = purchaseGroups(rows)[0];
    if (!bean) throw new Error('no Bean & Leaf group');
    expect(purchaseListCsv(bean, 'JPY').split('\n').at(-1)).toBe(',Total,,,450');
  });

  test('the file is named after the supplier in plain letters and the period', () => {
    const [bean, fresh, none] = purchaseGroups(rows);
    const period = { from: '2026-11-01', to: '2026-11-30' };
    expect([bean, fresh, none].map((g) => (g ? purchaseListFileName(g, period) : ''))).toEqual([
      'tillpoint-purchase-list-bean-leaf-coffee-2026-11-01-to-2026-11-30',
      'tillpoint-purchase-list-fresh-fields-produce-2026-11-01-to-2026-11-30',
      'tillpoint-purchase-list-no-supplier-2026-11-01-to-2026-11-30',
    ]);
    const accented = purchaseGroups([row('Cheese', [FRESH, 'Crèmerie Ødegård'])])[0];
    expect(accented && purchaseListFileName(accented, period)).toBe(
      'tillpoint-purchase-list-cremerie-degard-2026-11-01-to-2026-11-30',
    );
  });
});
