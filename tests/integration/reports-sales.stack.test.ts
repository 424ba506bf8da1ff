// Reports for managers and owners (supabase/SPEC.md §6) over a shop whose sales sit either side of midnight
// in Europe/Paris, so days and hours must be the company's, not UTC's.
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, expect, test } from 'vitest';
import { applyOps, op, receiveOp, refundOp, saleArgs } from '../support/ops';
import { createShop, must, nth, registerTerminal } from '../support/shop';
import type { Shop, Terminal } from '../support/shop';

let shop: Shop;
let tillA: Terminal;
let tillB: Terminal;
let late: ReturnType<typeof saleArgs>;
let early: ReturnType<typeof saleArgs>;

const range = { p_from: '2026-11-10', p_to: '2026-11-11' };

beforeAll(async () => {
  shop = await createShop({ products: 3 });
  [tillA, tillB] = await Promise.all([
    registerTerminal(shop.cashier, shop.storeId, 'Till A'),
    registerTerminal(shop.manager, shop.storeId, 'Till B'),
  ]);
  // 23:30 in Paris on the 10th (22:30 UTC), and 00:30 in Paris on the 11th (23:30 UTC on the 10th).
  late = saleArgs({
    terminal: tillA,
    tender: 'cash',
    cashierId: shop.cashier.id,
    lines: [{ product: nth(shop.products, 0), quantity: 2 }],
  });
  late.occurred_at = '2026-11-10T22:30:00.000Z';
  early = saleArgs({
    terminal: tillB,
    cashierId: shop.manager.id,
    lines: [
      { product: nth(shop.products, 1), quantity: 1 },
      { product: nth(shop.products, 2), quantity: 3 },
    ],
  });
  early.occurred_at = '2026-11-10T23:30:00.000Z';
  const refund = refundOp(tillB, early, [{ line: 1, quantity: 1 }]);
  refund.args.occurred_at = '2026-11-11T09:00:00.000Z';
  must<unknown>(
    await shop.manager.client
      .from('products')
      .update({ reorder_level: 5 })
      .eq('id', nth(shop.products, 0).id),
    'reorder level',
  );
  const answers = await applyOps(shop.manager.client, [
    receiveOp(shop.storeId, nth(shop.products, 0).id, 6),
    op('sale.record', late),
    op('sale.record', early),
    refund,
  ]);
  expect(answers.map((a) => a.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
});

async function report<Row>(
  client: SupabaseClient,
  fn: string,
  args: Record<string, unknown> = range,
): Promise<Row[]> {
  return must<Row[]>(await client.rpc(fn, { p_company: shop.companyId, ...args }), fn);
}

const refundTotal = () => {
  const line = nth(early.lines, 1);
  return Math.round(line.total / 3);
};

test('[REP-2] sales by day count each sale on its day in the company’s time zone', async () => {
  const days = await report<Record<string, unknown>>(shop.manager.client, 'report_sales_by_day');
  expect(days).toEqual([
    {
      day: '2026-11-10',
      sales_count: 1,
      sales_total: late.total,
      refunds_count: 0,
      refunds_total: 0,
      tax_total: late.tax_total,
      net_total: late.total,
    },
    expect.objectContaining({
      day: '2026-11-11',
      sales_count: 1,
      sales_total: early.total,
      refunds_count: 1,
      refunds_total: refundTotal(),
      net_total: early.total - refundTotal(),
    }),
  ]);
});

test('[REP-3] sales by hour use the local hour', async () => {
  const hours = await report<{ hour: number; sales_count: number }>(
    shop.owner.client,
    'report_sales_by_hour',
  );
  expect(hours).toHaveLength(24);
  expect(hours.filter((h) => h.sales_count > 0).map((h) => h.hour)).toEqual([0, 23]);
});

test('[REP-4] [REP-5] top products and payment mix are net of refunds', async () => {
  const top = await report<{ product_id: string; quantity: number; net_total: number }>(
    shop.manager.client,
    'report_top_products',
  );
  const third = top.find((row) => row.product_id === nth(shop.products, 2).id);
  expect(third).toMatchObject({ quantity: 2, net_total: nth(early.lines, 1).total - refundTotal() });
  const mix = await report<{ method: string; payments_count: number; net_amount: number }>(
    shop.manager.client,
    'report_payment_mix',
  );
  expect(mix).toEqual([
    { method: 'card', payments_count: 1, net_amount: early.total },
    { method: 'cash', payments_count: 2, net_amount: late.total - refundTotal() },
  ]);
});

test('[REP-6] [REP-7] [REP-8] by cashier, by terminal, and the refunds', async () => {
  const cashiers = await report<{ cashier_id: string; sales_count: number; refunds_count: number }>(
    shop.manager.client,
    'report_sales_by_cashier',
  );
  expect(cashiers.map((c) => [c.cashier_id, c.sales_count, c.refunds_count]).sort()).toEqual(
    [
      [shop.cashier.id, 1, 0],
      [shop.manager.id, 1, 1],
    ].sort(),
  );
  const terminals = await report<{ code: string; sales_count: number; refunds_count: number }>(
    shop.manager.client,
    'report_sales_by_terminal',
  );
  // The report lists terminals by code; which till got T1 depends on which registration committed first.
  const expectedByCode: [string, number, number][] = [
    [tillA.code, 1, 0],
    [tillB.code, 1, 1],
  ];
  expectedByCode.sort((a, b) => a[0].localeCompare(b[0]));
  expect(terminals.map((t) => [t.code, t.sales_count, t.refunds_count])).toEqual(expectedByCode);
  const refunds = await report<{ original_receipt_no: string; total: number }>(
    shop.manager.client,
    'report_refunds',
  );
  expect(refunds).toEqual([
    expect.objectContaining({ original_receipt_no: early.receipt_no, total: refundTotal() }),
  ]);
});

test('[REP-9] low stock lists tracked products at or below their reorder level, and those below zero', async () => {
  const low = await report<{ product_id: string; on_hand: number }>(
    shop.manager.client,
    'report_low_stock',
    {},
  );
  expect(low.map((row) => [row.product_id, row.on_hand])).toEqual(
    expect.arrayContaining([
      [nth(shop.products, 0).id, 4],
      [nth(shop.products, 1).id, -1],
    ]),
  );
});

test('[REP-1] cashiers, other companies and bad ranges get no report', async () => {
  const cashier = await shop.cashier.client.rpc('report_sales_by_day', {
    p_company: shop.companyId,
    ...range,
  });
  expect(cashier.error?.code).toBe('42501');
  const other = await createShop({ products: 1 });
  const stranger = await other.owner.client.rpc('report_low_stock', { p_company: shop.companyId });
  expect(stranger.error).toMatchObject({ code: '42501', hint: 'not_member' });
  const backwards = await shop.manager.client.rpc('report_sales_by_day', {
    p_company: shop.companyId,
    p_from: '2026-11-11',
    p_to: '2026-11-01',
  });
  expect(backwards.error).toMatchObject({ code: 'P0001', hint: 'invalid_args' });
});
