// Insights (supabase/SPEC.md §6.1 [INS-1]..[INS-7]) against figures worked out by hand on a small fixed data
// set: sales and lines are inserted directly (service role), so every total, tax and cost is the one written
// here. The shop is in Europe/Paris (UTC+1 in November), the period Monday 2 to Sunday 8 November 2026.
//
//   S1 Mon 10:15  K1  cashier  Tea ×2 (6.00, tax 1.00, cost 1.00/u) + Cake ×1 (5.00, tax 0.83, no cost)
//   S2 Mon 10:45  K1  cashier  Mug ×1 (10.00 − 1.00 discount = 9.00, tax 1.50, cost 4.00)
//   S3 Wed 18:30  K2  manager  Tea ×4 (12.00, tax 2.00)
//   R1 Thu 11:00  K2  manager  refund of S3: Tea ×1 (3.00, tax 0.50)
//   S4 Sun 23:30  —   cashier  Cake ×2 (10.00, tax 1.67)            (22:30 UTC: still Sunday in Paris)
//   S5 Mon 9 Nov 00:30 (23:30 UTC on the 8th): outside the period.
//   K2 came before (20 Oct); K3 came monthly in June–July and not since (lapsed); K4 came three times but
//   months apart (not "monthly"). Stock: Tea 20, Cake 2, Mug 3 (reorder level 5), Vase 4 (never sold: dead).
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, test } from 'vitest';
import { applyOps, op, saleArgs } from '../support/ops';
import {
  insertOrder,
  insertOrderReceipt,
  insertSupplier,
  insertTransfer,
  insertTransferReceipt,
} from '../support/purchasing-documents';
import { addStore, createShop, must, nth, registerTerminal, type Shop, type Terminal } from '../support/shop';
import { serviceClient } from '../support/supabase';

let shop: Shop;
let till: Terminal;
const service = serviceClient();
const ids: Record<string, string> = {};
const period = { p_from: '2026-11-02', p_to: '2026-11-08' };

interface LineRow {
  product: string;
  quantity: number;
  unitPrice: number;
  discount?: number;
  tax: number;
  unitCost: number | null;
  refundOf?: string;
}

async function insert(table: string, rows: Record<string, unknown>[]): Promise<void> {
  must<unknown>(await service.from(table).insert(rows), `insert ${table}`);
}

async function sale(
  name: string,
  at: string,
  cashier: string,
  customer: string | null,
  lines: LineRow[],
  refundOf?: string,
): Promise<void> {
  const id = crypto.randomUUID();
  ids[name] = id;
  const gross = lines.map((line) => line.quantity * line.unitPrice - (line.discount ?? 0));
  const discount = lines.reduce((sum, line) => sum + (line.discount ?? 0), 0);
  const total = gross.reduce((sum, value) => sum + value, 0);
  await insert('sales', [
    {
      id,
      company_id: shop.companyId,
      store_id: shop.storeId,
      terminal_id: till.id,
      cashier_id: cashier,
      customer_id: customer,
      kind: refundOf ? 'refund' : 'sale',
      refund_of: refundOf ?? null,
      receipt_no: till.nextReceipt(),
      currency: 'EUR',
      prices_include_tax: true,
      subtotal: total + discount,
      discount_total: discount,
      tax_total: lines.reduce((sum, line) => sum + line.tax, 0),
      total,
      occurred_at: at,
      op_id: crypto.randomUUID(),
    },
  ]);
  if (lines.length === 0) return;
  await insert(
    'sale_lines',
    lines.map((line, index) => {
      const lineId = crypto.randomUUID();
      ids[`${name}.${String(index + 1)}`] = lineId;
      return {
        id: lineId,
        company_id: shop.companyId,
        sale_id: id,
        line_no: index + 1,
        product_id: ids[line.product],
        name: line.product,
        quantity: line.quantity,
        unit_price: line.unitPrice,
        discount: line.discount ?? 0,
        tax_rate_bp: 2000,
        tax: line.tax,
        total: gross[index],
        unit_cost: line.unitCost,
        refund_of_line_id: line.refundOf ? ids[line.refundOf] : null,
      };
    }),
  );
}

beforeAll(async () => {
  shop = await createShop({ products: 1 });
  till = await registerTerminal(shop.cashier, shop.storeId);
  for (const name of ['Drinks', 'Food']) {
    const row = must<{ id: string }>(
      await service.from('categories').insert({ company_id: shop.companyId, name }).select('id').single(),
      'category',
    );
    ids[name] = row.id;
  }
  const products = [
    { name: 'Tea', category: 'Drinks', price: 300, cost: 100, reorder: null, stock: 20 },
    { name: 'Cake', category: 'Food', price: 500, cost: null, reorder: null, stock: 2 },
    { name: 'Mug', category: null, price: 1000, cost: 400, reorder: 5, stock: 3 },
    { name: 'Vase', category: null, price: 5000, cost: 2000, reorder: null, stock: 4 },
  ];
  for (const product of products) {
    const row = must<{ id: string }>(
      await service
        .from('products')
        .insert({
          company_id: shop.companyId,
          name: product.name,
          category_id: product.category ? ids[product.category] : null,
          price: product.price,
          tax_rate_bp: 2000,
          cost: product.cost,
          reorder_level: product.reorder,
        })
        .select('id')
        .single(),
      'product',
    );
    ids[product.name] = row.id;
  }
  await insert(
    'stock_movements',
    products.map((product) => ({
      id: crypto.randomUUID(),
      company_id: shop.companyId,
      store_id: shop.storeId,
      product_id: ids[product.name],
      delta: product.stock,
      reason: 'receive',
      occurred_at: '2026-10-01T08:00:00Z',
    })),
  );
  for (const name of ['K1', 'K2', 'K3', 'K4']) {
    const row = must<{ id: string }>(
      await service
        .from('customers')
        .insert({ company_id: shop.companyId, name: `Customer ${name}` })
        .select('id')
        .single(),
      'customer',
    );
    ids[name] = row.id;
  }
  const [cashier, manager] = [shop.cashier.id, shop.manager.id];
  const tea = (quantity: number) => ({
    product: 'Tea',
    quantity,
    unitPrice: 300,
    tax: 50 * quantity,
    unitCost: 100,
  });
  for (const [name, at] of [
    ['K3a', '2026-06-01T10:00:00Z'],
    ['K3b', '2026-07-01T10:00:00Z'],
    ['K3c', '2026-07-31T10:00:00Z'],
    ['K4a', '2026-03-01T10:00:00Z'],
    ['K4b', '2026-08-01T10:00:00Z'],
    ['K4c', '2026-08-15T10:00:00Z'],
  ] as const) {
    await sale(name, at, cashier, ids[name.slice(0, 2)] ?? null, [tea(1)]);
  }
  await sale('S0', '2026-10-20T10:00:00Z', cashier, ids.K2 ?? null, [tea(1)]);
  await sale('S1', '2026-11-02T09:15:00Z', cashier, ids.K1 ?? null, [
    tea(2),
    { product: 'Cake', quantity: 1, unitPrice: 500, tax: 83, unitCost: null },
  ]);
  await sale('S2', '2026-11-02T09:45:00Z', cashier, ids.K1 ?? null, [
    { product: 'Mug', quantity: 1, unitPrice: 1000, discount: 100, tax: 150, unitCost: 400 },
  ]);
  await sale('S3', '2026-11-04T17:30:00Z', manager, ids.K2 ?? null, [tea(4)]);
  await sale(
    'R1',
    '2026-11-05T10:00:00Z',
    manager,
    ids.K2 ?? null,
    [{ ...tea(1), refundOf: 'S3.1' }],
    ids.S3,
  );
  await sale('S4', '2026-11-08T22:30:00Z', cashier, null, [
    { product: 'Cake', quantity: 2, unitPrice: 500, tax: 167, unitCost: null },
  ]);
  await sale('S5', '2026-11-08T23:30:00Z', cashier, null, [tea(1)]);
});

async function insight<T>(
  fn: string,
  args: Record<string, unknown> = period,
  client: SupabaseClient = shop.manager.client,
): Promise<T> {
  return must<T>(await client.rpc(fn, { p_company: shop.companyId, ...args }), fn);
}

type Json = Record<string, unknown>;

describe('[INS-2] sales', () => {
  test('totals, margin, average basket and items per basket add up to the hand-worked figures', async () => {
    const sales = await insight<{ totals: Json }>('insight_sales');
    expect(sales.totals).toEqual({
      sales_count: 4,
      sales_total: 4200,
      refunds_count: 1,
      refunds_total: 300,
      net_total: 3900,
      items: 10,
      average_basket: 1050,
      items_per_basket: 2.5,
      net_sales: 3250,
      costed_net: 2000,
      cost_total: 900,
      margin: 1100,
      uncosted_net: 1250,
      discount_total: 100,
    });
  });

  test('by category and by product, with margin from the lines’ cost and uncosted revenue apart', async () => {
    const sales = await insight<{ categories: Json[]; products: Json[] }>('insight_sales');
    expect(sales.categories).toEqual([
      {
        category_id: ids.Drinks,
        name: 'Drinks',
        quantity: 5,
        net_total: 1500,
        net_sales: 1250,
        costed_net: 1250,
        cost_total: 500,
        margin: 750,
        uncosted_net: 0,
      },
      {
        category_id: ids.Food,
        name: 'Food',
        quantity: 3,
        net_total: 1500,
        net_sales: 1250,
        costed_net: 0,
        cost_total: 0,
        margin: 0,
        uncosted_net: 1250,
      },
      {
        category_id: null,
        name: 'No category',
        quantity: 1,
        net_total: 900,
        net_sales: 750,
        costed_net: 750,
        cost_total: 400,
        margin: 350,
        uncosted_net: 0,
      },
    ]);
    expect(sales.products.map((p) => [p.name, p.category, p.quantity, p.net_total, p.margin])).toEqual([
      ['Cake', 'Food', 3, 1500, 0],
      ['Tea', 'Drinks', 5, 1500, 750],
      ['Mug', null, 1, 900, 350],
    ]);
  });

  test('every day of the period, with the average basket and items per basket of that day', async () => {
    const sales = await insight<{ days: Json[] }>('insight_sales');
    expect(
      sales.days.map((d) => [d.day, d.sales_count, d.items, d.average_basket, d.items_per_basket]),
    ).toEqual([
      ['2026-11-02', 2, 4, 1000, 2],
      ['2026-11-03', 0, 0, null, null],
      ['2026-11-04', 1, 4, 1200, 4],
      ['2026-11-05', 0, 0, null, null],
      ['2026-11-06', 0, 0, null, null],
      ['2026-11-07', 0, 0, null, null],
      ['2026-11-08', 1, 2, 1000, 2],
    ]);
    expect(sales.days[3]).toMatchObject({ refunds_count: 1, refunds_total: 300 });
  });

  test('discounts and refunds by who gave them', async () => {
    const sales = await insight<{ people: Json[] }>('insight_sales');
    expect(
      sales.people.map((p) => [p.cashier_id, p.sales_count, p.discounted_sales, p.discount_total]),
    ).toEqual([
      [shop.manager.id, 1, 0, 0],
      [shop.cashier.id, 3, 1, 100],
    ]);
    expect(sales.people[0]).toMatchObject({ refunds_count: 1, refunds_total: 300 });
  });

  test('[INS-7] the previous period and last year are the same function over other dates', async () => {
    const before = await insight<{ totals: Json }>('insight_sales', {
      p_from: '2026-10-19',
      p_to: '2026-10-25',
    });
    expect(before.totals).toMatchObject({ sales_count: 1, net_total: 300, margin: 150 });
    const lastYear = await insight<{ totals: Json }>('insight_sales', {
      p_from: '2025-11-02',
      p_to: '2025-11-08',
    });
    expect(lastYear.totals).toMatchObject({ sales_count: 0, net_total: 0, average_basket: null });
  });

  test('[INS-1] another store’s figures are its own', async () => {
    const other = await insight<{ totals: Json }>('insight_sales', {
      ...period,
      p_store: crypto.randomUUID(),
    });
    expect(other.totals).toMatchObject({ sales_count: 0, net_total: 0 });
  });
});

test('[INS-3] hour × weekday in the shop’s time zone, 168 cells', async () => {
  const heat = await insight<{ cells: Json[] }>('insight_heatmap');
  expect(heat.cells).toHaveLength(168);
  expect(heat.cells.filter((c) => c.sales_count !== 0 || c.net_total !== 0)).toEqual([
    { weekday: 1, hour: 10, sales_count: 2, net_total: 2000 },
    { weekday: 3, hour: 18, sales_count: 1, net_total: 1200 },
    { weekday: 4, hour: 11, sales_count: 0, net_total: -300 },
    { weekday: 7, hour: 23, sales_count: 1, net_total: 1000 },
  ]);
});

describe('[INS-4] inventory', () => {
  test('stock value, sell-through, days of cover and dead stock', async () => {
    const stock = await insight<{ totals: Json; products: Json[]; dead: Json[] }>('insight_inventory');
    expect(stock.totals).toEqual({
      products: 5,
      in_stock: 4,
      value_at_cost: 11200,
      value_at_price: 30000,
      uncosted_in_stock: 1,
      dead: 1,
      to_reorder: 2,
      open_orders: 0,
      on_order_units: 0,
      on_order_value: 0,
      on_order_uncosted: 0,
      in_transit_units: 0,
      in_transit_value: 0,
    });
    const mine = stock.products.filter((p) => ['Tea', 'Cake', 'Mug', 'Vase'].includes(p.name as string));
    expect(mine.map((p) => [p.name, p.on_hand, p.sold, p.sell_through_pct, p.days_of_cover, p.dead])).toEqual(
      [
        ['Tea', 20, 5, 20, 28, false],
        ['Cake', 2, 3, 60, 4.7, false],
        ['Mug', 3, 1, 25, 21, false],
        ['Vase', 4, 0, 0, null, true],
      ],
    );
    expect(stock.dead).toEqual([
      {
        product_id: ids.Vase,
        name: 'Vase',
        sku: null,
        on_hand: 4,
        value_at_cost: 8000,
        value_at_price: 20000,
      },
    ]);
  });

  test('the reorder list from velocity, lead time and reorder level, as one list with no supplier', async () => {
    const stock = await insight<{ reorder: Json[]; settings: Json }>('insight_inventory');
    expect(
      stock.reorder.map((r) => [
        r.name,
        r.on_hand,
        r.per_day,
        r.reorder_point,
        r.order_quantity,
        r.order_cost,
      ]),
    ).toEqual([
      ['Mug', 3, 0.14, 5, 4, 1600],
      ['Cake', 2, 0.43, 3, 7, null],
    ]);
    expect(stock.reorder.every((r) => r.supplier === null)).toBe(true);
    expect(stock.settings).toEqual({
      days: 7,
      dead_days: 30,
      lead_days: 7,
      cover_days: 14,
      has_supplier: false,
    });
    const longer = await insight<{ reorder: Json[] }>('insight_inventory', { ...period, p_lead_days: 14 });
    expect(longer.reorder.map((r) => [r.name, r.order_quantity])).toEqual([
      ['Cake', 10],
      ['Mug', 4],
    ]);
    const bad = await shop.manager.client.rpc('insight_inventory', {
      p_company: shop.companyId,
      ...period,
      p_dead_days: 0,
    });
    expect(bad.error).toMatchObject({ hint: 'invalid_args' });
  });

  // Last of the inventory tests: the documents it adds change the reorder list above.
  test('[PUR-38] on order and in transit count in the position; an order placed is not ordered again', async () => {
    const market = await addStore(shop, 'Market Square');
    const supplier = await insertSupplier(shop.companyId, 'Fresh Fields');
    const company = { companyId: shop.companyId, supplierId: supplier };
    // Ordered: Mug 3 at 4.00, one received (2 to come, 8.00); Tea 5 with no cost. A draft and a cancelled
    // order are on order for nobody.
    const order = await insertOrder({
      ...company,
      storeId: shop.storeId,
      status: 'ordered',
      lines: [
        { productId: ids.Mug ?? '', quantity: 3, unitCost: 400 },
        { productId: ids.Tea ?? '', quantity: 5 },
      ],
    });
    await insertOrderReceipt({
      companyId: shop.companyId,
      storeId: shop.storeId,
      orderId: order.id,
      occurredAt: '2026-11-06T10:00:00Z',
      lines: [{ orderLineId: order.lineIds[0] ?? '', productId: ids.Mug ?? '', posted: 1 }],
    });
    for (const status of ['draft', 'cancelled']) {
      await insertOrder({
        ...company,
        storeId: shop.storeId,
        status,
        lines: [{ productId: ids.Vase ?? '', quantity: 10, unitCost: 2000 }],
      });
    }
    // To Main Street from Market Square: Cake 4 (one arrived: 3 on the way, no cost) and Tea 2 (2.00).
    // To Market Square: Vase 1 (20.00), on the way only when every store is counted.
    const coming = await insertTransfer({
      companyId: shop.companyId,
      fromStoreId: market,
      toStoreId: shop.storeId,
      status: 'partly_received',
      sentAt: '2026-11-07T08:00:00Z',
      lines: [
        { productId: ids.Cake ?? '', quantity: 4 },
        { productId: ids.Tea ?? '', quantity: 2 },
      ],
    });
    await insertTransferReceipt({
      companyId: shop.companyId,
      transferId: coming.id,
      storeId: shop.storeId,
      occurredAt: '2026-11-07T12:00:00Z',
      lines: [{ transferLineId: coming.lineIds[0] ?? '', productId: ids.Cake ?? '', received: 1 }],
    });
    await insertTransfer({
      companyId: shop.companyId,
      fromStoreId: shop.storeId,
      toStoreId: market,
      status: 'in_transit',
      sentAt: '2026-11-07T08:00:00Z',
      lines: [{ productId: ids.Vase ?? '', quantity: 1 }],
    });

    const all = await insight<{ totals: Json; products: Json[]; reorder: Json[] }>('insight_inventory');
    expect(all.totals).toMatchObject({
      open_orders: 1,
      on_order_units: 7,
      on_order_value: 800,
      on_order_uncosted: 1,
      in_transit_units: 6,
      in_transit_value: 2200,
      to_reorder: 1,
    });
    const byName = new Map(all.products.map((p) => [p.name, [p.on_order, p.in_transit]]));
    expect(['Tea', 'Cake', 'Mug', 'Vase'].map((name) => byName.get(name))).toEqual([
      [5, 2],
      [0, 3],
      [2, 0],
      [0, 1],
    ]);
    // Mug: position 3 + 2 = 5 ≤ point 5, so ⌈5 + 1 × 14 ÷ 7 − 5⌉ = 2 (was 4); Cake: 2 + 3 = 5 > point 3.
    expect(
      all.reorder.map((r) => [r.name, r.on_hand, r.on_order, r.in_transit, r.order_quantity, r.order_cost]),
    ).toEqual([['Mug', 3, 2, 0, 2, 800]]);

    const main = await insight<{ totals: Json }>('insight_inventory', {
      ...period,
      p_store: shop.storeId,
    });
    expect(main.totals).toMatchObject({
      open_orders: 1,
      on_order_units: 7,
      in_transit_units: 5,
      in_transit_value: 200,
    });
    const square = await insight<{ totals: Json }>('insight_inventory', { ...period, p_store: market });
    expect(square.totals).toMatchObject({
      open_orders: 0,
      on_order_units: 0,
      in_transit_units: 1,
      in_transit_value: 2000,
    });
  });
});

test('[INS-5] customers: new and returning, repeat rate, visits, share of sales, top and lapsed', async () => {
  const customers = await insight<{ totals: Json; top: Json[]; lapsed: Json[] }>('insight_customers');
  expect(customers.totals).toEqual({
    customers: 2,
    new: 1,
    returning: 1,
    repeat: 1,
    repeat_rate_pct: 50,
    visits: 3,
    visits_per_customer: 1.5,
    net_total: 3900,
    customer_net: 2900,
    customer_share_pct: 74.4,
  });
  expect(customers.top.map((c) => [c.customer_id, c.visits, c.net_spend])).toEqual([
    [ids.K1, 2, 2000],
    [ids.K2, 1, 900],
  ]);
  expect(customers.lapsed.map((c) => [c.name, c.visits])).toEqual([['Customer K3', 3]]);
});

test('[INS-1] a cashier and another shop’s owner are refused every insight', async () => {
  const other = await createShop({ products: 1 });
  for (const fn of ['insight_sales', 'insight_heatmap', 'insight_inventory', 'insight_customers']) {
    const cashier = await shop.cashier.client.rpc(fn, { p_company: shop.companyId, ...period });
    expect(cashier.error, fn).toMatchObject({ code: '42501', hint: 'insufficient_role' });
    expect(cashier.data, fn).toBeNull();
    const stranger = await other.owner.client.rpc(fn, { p_company: shop.companyId, ...period });
    expect(stranger.error, fn).toMatchObject({ code: '42501', hint: 'not_member' });
    const owner = await shop.owner.client.rpc(fn, { p_company: shop.companyId, ...period });
    expect(owner.error, fn).toBeNull();
  }
});

describe('[INS-6] the daily summaries the insights read', () => {
  test('sales applied in one batch through apply_ops are counted, lines and all', async () => {
    const product = nth(shop.products, 0);
    const sales = [1, 2].map((quantity) => {
      const args = saleArgs({ terminal: till, lines: [{ product, quantity }] });
      args.occurred_at = '2026-12-01T10:00:00.000Z';
      return args;
    });
    const answers = await applyOps(
      shop.cashier.client,
      sales.map((args) => op('sale.record', args)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(['applied', 'applied']);
    const day = { p_from: '2026-12-01', p_to: '2026-12-01' };
    const summary = await insight<{ totals: Json; products: Json[] }>('insight_sales', day);
    expect(summary.totals).toMatchObject({
      sales_count: 2,
      sales_total: sales.reduce((sum, args) => sum + args.total, 0),
      items: 3,
    });
    expect(summary.products.map((p) => [p.product_id, p.quantity])).toEqual([[product.id, 3]]);
  });

  test('a new time zone rebuilds them: days and hours move with it', async () => {
    const setZone = async (zone: string) => {
      must<unknown>(
        await shop.owner.client
          .from('companies')
          .update({ time_zone: zone })
          .eq('id', shop.companyId)
          .select('id'),
        'time zone',
      );
    };
    await setZone('UTC');
    try {
      // S5 (23:30 UTC on the 8th) is now inside the period; S4 sells at 22:00 on Sunday, not 23:00.
      const sales = await insight<{ totals: Json }>('insight_sales');
      expect(sales.totals).toMatchObject({ sales_count: 5, sales_total: 4500 });
      const heat = await insight<{ cells: Json[] }>('insight_heatmap');
      expect(heat.cells.filter((c) => c.weekday === 7 && c.sales_count !== 0)).toEqual([
        { weekday: 7, hour: 22, sales_count: 1, net_total: 1000 },
        { weekday: 7, hour: 23, sales_count: 1, net_total: 300 },
      ]);
    } finally {
      await setZone('Europe/Paris');
    }
    expect((await insight<{ totals: Json }>('insight_sales')).totals).toMatchObject({ sales_count: 4 });
  });
});
