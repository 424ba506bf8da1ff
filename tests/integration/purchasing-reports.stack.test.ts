// The purchasing reports (supabase/SPEC.md [PUR-39]…[PUR-41]) against figures worked out by hand. Orders,
// receipts and transfers are written straight into the tables (tests/support/purchasing-documents.ts); the
// stocktakes go through their ops. The shop keeps Paris time (UTC+1 in November); the period is Monday 2 to
// Sunday 8 November 2026.
//
//   Received, Fresh Fields (order A, Main Street):
//     R0 Sun 1 Nov 23:30 UTC (Mon 00:30 in Paris: in)  Product 2  1.255 at 0.90      → 1.13 (1.1295 rounded)
//     R1 Tue 3 Nov                                      Product 1  12 at 0.65          → 7.80
//                                                       Product 2  4, no cost          → uncosted 4
//     R2 Thu 5 Nov                                      Product 1  5 posted + 3 held, accepted, at 0.61 → 8, 4.88
//                                                       Product 1  12 held, dropped    → nothing
//                                                       Product 3  2, an extra, at 1.50 → 3.00
//     R3 Sun 8 Nov 23:30 UTC (Mon 9 in Paris: out)      Product 1  100                 → nothing
//   Received, Bakery Co (order B, Market Square):
//     R4 Wed 4 Nov                                      Product 3  10 at 1.50          → 15.00
//                                                       Product 3  5 held, not settled → nothing
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, test } from 'vitest';
import { applyOps, op } from '../support/ops';
import {
  insertOrder,
  insertOrderReceipt,
  insertSupplier,
  insertTransfer,
  insertTransferReceipt,
} from '../support/purchasing-documents';
import { addStore, createShop, must, nth, shopDay, type Shop } from '../support/shop';
import { serviceClient } from '../support/supabase';

const service = serviceClient();
const period = { p_from: '2026-11-02', p_to: '2026-11-08' };
let shop: Shop;
let other: Shop;
let market: string;
let corner: string;
let freshFields: string;
let bakery: string;
const product = (n: number): string => nth(shop.products, n - 1).id;

async function rpc<T>(fn: string, args: Record<string, unknown>, client = shop.manager.client): Promise<T> {
  return must<T>(await client.rpc(fn, { p_company: shop.companyId, ...args }), fn);
}

beforeAll(async () => {
  [shop, other] = await Promise.all([createShop({ products: 3 }), createShop({ products: 1 })]);
  market = await addStore(shop, 'Market Square');
  corner = await addStore(shop, 'Corner');
  freshFields = await insertSupplier(shop.companyId, 'Fresh Fields');
  bakery = await insertSupplier(shop.companyId, 'Bakery Co');
  for (const [n, cost] of [
    [1, 50],
    [2, 90],
  ] as const) {
    must<unknown>(await service.from('products').update({ cost }).eq('id', product(n)), 'cost');
  }

  const a = await insertOrder({
    companyId: shop.companyId,
    storeId: shop.storeId,
    supplierId: freshFields,
    status: 'partly_received',
    lines: [
      { productId: product(1), quantity: 24, unitCost: 60 },
      { productId: product(2), quantity: 10, unitCost: 90 },
    ],
  });
  const [a1, a2] = [nth(a.lineIds, 0), nth(a.lineIds, 1)];
  const receipt = (occurredAt: string, lines: Parameters<typeof insertOrderReceipt>[0]['lines']) =>
    insertOrderReceipt({
      companyId: shop.companyId,
      storeId: shop.storeId,
      orderId: a.id,
      occurredAt,
      lines,
    });
  await receipt('2026-11-01T23:30:00Z', [
    { orderLineId: a2, productId: product(2), posted: 1.255, unitCost: 90 },
  ]);
  await receipt('2026-11-03T09:00:00Z', [
    { orderLineId: a1, productId: product(1), posted: 12, unitCost: 65 },
    { orderLineId: a2, productId: product(2), posted: 4 },
  ]);
  await receipt('2026-11-05T09:00:00Z', [
    { orderLineId: a1, productId: product(1), posted: 5, held: 3, unitCost: 61, settled: 'accepted' },
    { orderLineId: a1, productId: product(1), posted: 0, held: 12, unitCost: 65, settled: 'dropped' },
    { orderLineId: null, productId: product(3), posted: 2, unitCost: 150 },
  ]);
  await receipt('2026-11-08T23:30:00Z', [
    { orderLineId: a1, productId: product(1), posted: 100, unitCost: 60 },
  ]);

  const b = await insertOrder({
    companyId: shop.companyId,
    storeId: market,
    supplierId: bakery,
    status: 'partly_received',
    lines: [{ productId: product(3), quantity: 10, unitCost: 150 }],
  });
  await insertOrderReceipt({
    companyId: shop.companyId,
    storeId: market,
    orderId: b.id,
    occurredAt: '2026-11-04T10:00:00Z',
    lines: [
      { orderLineId: nth(b.lineIds, 0), productId: product(3), posted: 10, unitCost: 150 },
      { orderLineId: nth(b.lineIds, 0), productId: product(3), posted: 0, held: 5, unitCost: 150 },
    ],
  });
});

describe('[PUR-39] received by supplier', () => {
  test('per supplier and product: posted and accepted quantities, their cost, the uncosted apart', async () => {
    const rows = await rpc<Record<string, unknown>[]>('report_received', period);
    expect(
      rows.map((row) => [
        row.supplier_name,
        row.sku,
        row.quantity,
        row.cost_value,
        row.uncosted_quantity,
        row.receipts,
      ]),
    ).toEqual([
      ['Bakery Co', 'P-3', 10, 1500, 0, 1],
      ['Fresh Fields', 'P-1', 20, 1268, 0, 2],
      ['Fresh Fields', 'P-2', 5.255, 113, 4, 2],
      ['Fresh Fields', 'P-3', 2, 300, 0, 1],
    ]);
    expect(rows[0]).toMatchObject({ supplier_id: bakery, product_id: product(3), name: 'Product 3' });
  });

  test('one store, one supplier', async () => {
    const main = await rpc<{ supplier_name: string }[]>('report_received', {
      ...period,
      p_store: shop.storeId,
    });
    expect(main.map((row) => row.supplier_name)).toEqual(['Fresh Fields', 'Fresh Fields', 'Fresh Fields']);
    const bakers = await rpc<{ sku: string }[]>('report_received', { ...period, p_supplier: bakery });
    expect(bakers.map((row) => row.sku)).toEqual(['P-3']);
  });
});

describe('[PUR-40] in transit', () => {
  test('every line with something on its way, valued at cost, with its days on the way', async () => {
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString();
    const toMarket = await insertTransfer({
      companyId: shop.companyId,
      fromStoreId: shop.storeId,
      toStoreId: market,
      status: 'partly_received',
      sentAt: threeDaysAgo,
      lines: [
        { productId: product(1), quantity: 10 },
        { productId: product(2), quantity: 5 },
      ],
    });
    await insertTransferReceipt({
      companyId: shop.companyId,
      transferId: toMarket.id,
      storeId: market,
      occurredAt: new Date().toISOString(),
      lines: [
        { transferLineId: nth(toMarket.lineIds, 0), productId: product(1), received: 4 },
        { transferLineId: nth(toMarket.lineIds, 1), productId: product(2), received: 5 },
      ],
    });
    const toCorner = await insertTransfer({
      companyId: shop.companyId,
      fromStoreId: market,
      toStoreId: corner,
      status: 'in_transit',
      sentAt: threeDaysAgo,
      lines: [{ productId: product(3), quantity: 3 }],
    });
    await insertTransfer({
      companyId: shop.companyId,
      fromStoreId: shop.storeId,
      toStoreId: corner,
      status: 'draft',
      sentAt: null,
      lines: [{ productId: product(1), quantity: 7 }],
    });
    const days = (Date.parse(shopDay()) - Date.parse(shopDay(new Date(threeDaysAgo)))) / 86_400_000;

    const rows = await rpc<Record<string, unknown>[]>('report_in_transit', {});
    expect(
      rows.map((row) => [row.number, row.sku, row.in_transit, row.value_at_cost, row.days_in_transit]),
    ).toEqual([
      [toMarket.number, 'P-1', 6, 300, days],
      [toCorner.number, 'P-3', 3, null, days],
    ]);
    expect(rows[0]).toMatchObject({
      transfer_id: toMarket.id,
      from_store_id: shop.storeId,
      to_store_id: market,
    });
    const main = await rpc<{ number: string }[]>('report_in_transit', { p_store: shop.storeId });
    expect(main.map((row) => row.number)).toEqual([toMarket.number]);
    const square = await rpc<{ number: string }[]>('report_in_transit', { p_store: market });
    expect(square.map((row) => row.number)).toEqual([toMarket.number, toCorner.number]);
  });
});

describe('[PUR-41] stocktake variances', () => {
  async function stocktake(
    storeId: string,
    approvedAt: string | null,
    counts: { product: number; counted: number }[],
  ): Promise<string> {
    const id = uuidv7();
    const ops = [
      op('stocktake.open', {
        id,
        company_id: shop.companyId,
        store_id: storeId,
        scope: 'all',
        occurred_at: '2026-11-03T08:00:00Z',
      }),
      op('stocktake.count', {
        id: uuidv7(),
        stocktake_id: id,
        company_id: shop.companyId,
        lines: counts.map((count) => ({
          id: uuidv7(),
          product_id: product(count.product),
          counted: count.counted,
          counted_at: '2026-11-03T10:00:00Z',
        })),
      }),
      ...(approvedAt ? [op('stocktake.approve', { id, uncounted: 'leave', occurred_at: approvedAt })] : []),
    ];
    const answers = await applyOps(shop.manager.client, ops);
    expect(answers.map((answer) => answer.error ?? answer.status)).toEqual(ops.map(() => 'applied'));
    return id;
  }

  test('the results of the stocktakes approved in the period, as posted', async () => {
    must<unknown>(
      await service.from('stock_movements').insert({
        id: uuidv7(),
        company_id: shop.companyId,
        store_id: shop.storeId,
        product_id: product(1),
        delta: 20,
        reason: 'receive',
        occurred_at: '2026-10-01T08:00:00Z',
      }),
      'stock',
    );
    // Main Street, approved Wed 4 Nov: Product 1 20 expected, 18 counted → −2, −1.00 at 0.50; Product 2 none
    // expected, none counted → 0, 0.00. Market Square, Thu 5 Nov: Product 3 1 counted, no cost → +1, unknown.
    const main = await stocktake(shop.storeId, '2026-11-04T10:00:00Z', [
      { product: 1, counted: 18 },
      { product: 2, counted: 0 },
    ]);
    const square = await stocktake(market, '2026-11-05T10:00:00Z', [{ product: 3, counted: 1 }]);
    await stocktake(corner, '2026-11-09T10:00:00Z', [{ product: 1, counted: 1 }]); // Mon 9: out
    await stocktake(corner, null, [{ product: 2, counted: 3 }]); // still open: not in any report

    const rows = await rpc<Record<string, unknown>[]>('report_stocktake_variances', period);
    expect(
      rows.map((row) => [
        row.stocktake_id,
        row.sku,
        row.expected,
        row.counted,
        row.variance,
        row.variance_value,
      ]),
    ).toEqual([
      [main, 'P-1', 20, 18, -2, -100],
      [main, 'P-2', 0, 0, 0, 0],
      [square, 'P-3', 0, 1, 1, null],
    ]);
    expect(rows[0]).toMatchObject({ store_id: shop.storeId, approved_at: '2026-11-04T10:00:00+00:00' });
    const onlyMarket = await rpc<{ stocktake_id: string }[]>('report_stocktake_variances', {
      ...period,
      p_store: market,
    });
    expect(onlyMarket.map((row) => row.stocktake_id)).toEqual([square]);
  });
});

describe('[REP-1] who may read them', () => {
  const calls: [string, Record<string, unknown>][] = [
    ['report_received', period],
    ['report_in_transit', {}],
    ['report_stocktake_variances', period],
  ];

  test.each(calls)('%s: a cashier and another shop’s manager get 42501', async (fn, args) => {
    const cashier = await shop.cashier.client.rpc(fn, { p_company: shop.companyId, ...args });
    expect(cashier.error).toMatchObject({ code: '42501', hint: 'insufficient_role' });
    const stranger = await other.manager.client.rpc(fn, { p_company: shop.companyId, ...args });
    expect(stranger.error).toMatchObject({ code: '42501', hint: 'not_member' });
  });

  test.each(calls.filter(([, args]) => 'p_from' in args))('%s: a bad range is invalid_args', async (fn) => {
    const bad = await shop.manager.client.rpc(fn, {
      p_company: shop.companyId,
      p_from: '2026-11-08',
      p_to: '2026-11-02',
    });
    expect(bad.error).toMatchObject({ hint: 'invalid_args' });
  });
});
