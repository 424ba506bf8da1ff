// Cost and margin on the server (supabase/SPEC.md [SALE-10], [COST-1]..[COST-3], [REP-11]), through
// supabase-js: the server stamps each sale line's cost from the product as the op is applied, whatever the
// till sends; a receive with a unit cost moves the product's cost by the shop's method; the margin report
// adds up to figures worked out by hand; only the shop's owners choose the method.
import { beforeAll, describe, expect, test } from 'vitest';
import { applyOps, op, refundOp, saleArgs, saleOp } from '../support/ops';
import { createShop, must, nth, registerTerminal, shopDay, type Shop, type Terminal } from '../support/shop';
import { serviceClient } from '../support/supabase';

let shop: Shop;
let till: Terminal;

beforeAll(async () => {
  shop = await createShop({ products: 3 });
  till = await registerTerminal(shop.cashier, shop.storeId);
});

async function setCost(productId: string, cost: number | null): Promise<void> {
  must(
    await shop.manager.client.from('products').update({ cost }).eq('id', productId).select('id'),
    'set cost',
  );
}

async function costOf(productId: string): Promise<number | null> {
  const row = must<{ cost: number | null }>(
    await shop.manager.client.from('products').select('cost').eq('id', productId).single(),
    'read cost',
  );
  return row.cost;
}

async function lineCosts(saleId: string): Promise<(number | null)[]> {
  const rows = must<{ unit_cost: number | null }[]>(
    await shop.manager.client
      .from('sale_lines')
      .select('unit_cost, line_no')
      .eq('sale_id', saleId)
      .order('line_no'),
    'read lines',
  );
  return rows.map((row) => row.unit_cost);
}

function receive(productId: string, quantity: number | string, unitCost?: number) {
  return op('stock.move', {
    id: crypto.randomUUID(),
    store_id: shop.storeId,
    product_id: productId,
    reason: 'receive',
    quantity,
    occurred_at: new Date().toISOString(),
    ...(unitCost === undefined ? {} : { unit_cost: unitCost }),
  });
}

async function setMethod(method: 'last' | 'average'): Promise<void> {
  must(
    await shop.owner.client
      .from('companies')
      .update({ cost_method: method })
      .eq('id', shop.companyId)
      .select('id'),
    'set cost_method',
  );
}

describe('[SALE-10] the cost at the time of sale', () => {
  test('each line carries its product cost as the sale is applied; no cost is null', async () => {
    const [a, b] = [nth(shop.products, 0), nth(shop.products, 1)];
    await setCost(a.id, 40);
    await setCost(b.id, null);
    const args = saleArgs({
      terminal: till,
      lines: [
        { product: a, quantity: 2 },
        { product: b, quantity: 1 },
      ],
    });
    const sale = op('sale.record', args);
    // Two sales in one batch: the set-based path, then a cost change, then the one after it sees the new cost.
    const second = saleOp({ terminal: till, lines: [{ product: a, quantity: 1 }] });
    expect(await applyOps(shop.cashier.client, [sale, second])).toMatchObject([
      { status: 'applied' },
      { status: 'applied' },
    ]);
    expect(await lineCosts(args.id)).toEqual([40, null]);
    await setCost(a.id, 55);
    const third = saleOp({ terminal: till, lines: [{ product: a, quantity: 1 }] });
    expect(await applyOps(shop.cashier.client, [third])).toMatchObject([{ status: 'applied' }]);
    expect(await lineCosts(second.args.id as string)).toEqual([40]);
    expect(await lineCosts(third.args.id as string)).toEqual([55]);
  });

  test('a cost or unit_cost the till sends is ignored: the server decides', async () => {
    const a = nth(shop.products, 0);
    await setCost(a.id, 30);
    const sale = saleOp({ terminal: till, lines: [{ product: a, quantity: 1 }] });
    const lines = sale.args.lines as Record<string, unknown>[];
    Object.assign(nth(lines, 0), { cost: 1, unit_cost: 2 });
    sale.args.unit_cost = 3;
    const refundable = saleArgs({ terminal: till, lines: [{ product: a, quantity: 3 }] });
    Object.assign(nth(refundable.lines as unknown as Record<string, unknown>[], 0), { unit_cost: 0 });
    expect(await applyOps(shop.cashier.client, [sale, op('sale.record', refundable)])).toMatchObject([
      { status: 'applied' },
      { status: 'applied' },
    ]);
    expect(await lineCosts(sale.args.id as string)).toEqual([30]);
    expect(await lineCosts(refundable.id)).toEqual([30]);

    // A refund line takes the cost of the line it refunds back, not the product's cost now nor the till's.
    await setCost(a.id, 99);
    const refund = refundOp(till, refundable, [{ line: 0, quantity: 1 }]);
    Object.assign(nth(refund.args.lines as Record<string, unknown>[], 0), { unit_cost: 5 });
    expect(await applyOps(shop.manager.client, [refund])).toMatchObject([{ status: 'applied' }]);
    expect(await lineCosts(refund.args.id as string)).toEqual([30]);
  });

  test('ops apply in the till’s order: a receive that changed the cost before a sale is applied before it', async () => {
    const c = nth(shop.products, 2);
    await setMethod('last');
    await setCost(c.id, 10);
    const before = saleOp({ terminal: till, lines: [{ product: c, quantity: 1 }] });
    const after = saleOp({ terminal: till, lines: [{ product: c, quantity: 1 }] });
    expect(await applyOps(shop.cashier.client, [before])).toMatchObject([{ status: 'applied' }]);
    expect(await applyOps(shop.manager.client, [receive(c.id, 5, 25), after])).toMatchObject([
      { status: 'applied' },
      { status: 'applied' },
    ]);
    expect(await lineCosts(before.args.id as string)).toEqual([10]);
    expect(await lineCosts(after.args.id as string)).toEqual([25]);
  });
});

describe('[COST-3] a receive moves the cost', () => {
  async function freshProduct(name: string, cost: number | null) {
    return must<{ id: string }>(
      await shop.manager.client
        .from('products')
        .insert({ company_id: shop.companyId, name, price: 500, tax_rate_bp: 2000, cost })
        .select('id')
        .single(),
      'insert product',
    ).id;
  }

  test('last cost: the received unit cost; a receive without one leaves the cost alone', async () => {
    await setMethod('last');
    const id = await freshProduct('Last cost jam', 100);
    expect(await applyOps(shop.manager.client, [receive(id, 4, 120)])).toMatchObject([{ status: 'applied' }]);
    expect(await costOf(id)).toBe(120);
    expect(await applyOps(shop.manager.client, [receive(id, 4)])).toMatchObject([{ status: 'applied' }]);
    expect(await costOf(id)).toBe(120);
    const moves = must<{ unit_cost: number | null }[]>(
      await shop.manager.client
        .from('stock_movements')
        .select('unit_cost, occurred_at')
        .eq('product_id', id)
        .order('occurred_at'),
      'read moves',
    );
    expect(moves.map((move) => move.unit_cost)).toEqual([120, null]);
  });

  test('moving average: weighed by what is on hand, half-up; nothing on hand or no cost: the received cost', async () => {
    await setMethod('average');
    const id = await freshProduct('Average honey', null);
    // No old cost: the received one.
    expect(await applyOps(shop.manager.client, [receive(id, 3, 100)])).toMatchObject([{ status: 'applied' }]);
    expect(await costOf(id)).toBe(100);
    // 3 at 1.00 and 1 at 1.01... (3 × 100 + 1 × 101) / 4 = 100.25 → 100; then (4 × 100 + 4 × 103) / 8 = 101.5 → 102
    await applyOps(shop.manager.client, [receive(id, 1, 101)]);
    expect(await costOf(id)).toBe(100);
    await applyOps(shop.manager.client, [receive(id, '4.000', 103)]);
    expect(await costOf(id)).toBe(102);
    // Sell all 8 and one more (on hand −1): the next receive takes its own cost.
    const product = { id, name: 'Average honey', price: 500, tax_rate_bp: 2000 };
    await applyOps(shop.cashier.client, [saleOp({ terminal: till, lines: [{ product, quantity: 9 }] })]);
    await applyOps(shop.manager.client, [receive(id, 2, 150)]);
    expect(await costOf(id)).toBe(150);
  });

  test('a unit cost on anything but a receive, or a bad one, is refused and changes nothing', async () => {
    const id = await freshProduct('Refused cost', 80);
    const waste = op('stock.move', {
      id: crypto.randomUUID(),
      store_id: shop.storeId,
      product_id: id,
      reason: 'waste',
      quantity: 1,
      unit_cost: 10,
      occurred_at: new Date().toISOString(),
    });
    const [wasted, negative] = await applyOps(shop.manager.client, [waste, receive(id, 1, -5)]);
    expect(wasted).toMatchObject({ status: 'rejected', error: { code: 'invalid_args' } });
    expect(negative).toMatchObject({ status: 'rejected', error: { code: 'invalid_args' } });
    expect(await costOf(id)).toBe(80);
  });
});

describe('[COST-1] who chooses the cost method', () => {
  test('an owner sets it; a manager, a cashier and a member of another shop cannot', async () => {
    await setMethod('average');
    const stranger = await createShop({ products: 1 });
    for (const person of [shop.manager, shop.cashier, stranger.owner]) {
      const { data } = await person.client
        .from('companies')
        .update({ cost_method: 'last' })
        .eq('id', shop.companyId)
        .select('id');
      expect(data ?? []).toEqual([]);
    }
    const row = must<{ cost_method: string }>(
      await serviceClient().from('companies').select('cost_method').eq('id', shop.companyId).single(),
      'read method',
    );
    expect(row.cost_method).toBe('average');
    const bad = await shop.owner.client
      .from('companies')
      .update({ cost_method: 'fifo' })
      .eq('id', shop.companyId)
      .select('id');
    expect(bad.error?.code).toBe('23514');
  });
});

describe('[REP-11] gross margin', () => {
  test('net sales excluding tax, cost of lines sold, refunds taking back their share, uncosted revenue apart', async () => {
    const other = await createShop({ products: 2 });
    const otherTill = await registerTerminal(other.cashier, other.storeId);
    const [p1, p2] = [nth(other.products, 0), nth(other.products, 1)]; // 1.00 and 1.75, 20 % included
    await other.manager.client.from('products').update({ cost: 45 }).eq('id', p1.id);
    const sale = saleArgs({
      terminal: otherTill,
      lines: [
        { product: p1, quantity: 3 },
        { product: p2, quantity: 2 },
      ],
    });
    expect(await applyOps(other.cashier.client, [op('sale.record', sale)])).toMatchObject([
      { status: 'applied' },
    ]);
    const refund = refundOp(otherTill, sale, [{ line: 0, quantity: 1 }]);
    expect(await applyOps(other.manager.client, [refund])).toMatchObject([{ status: 'applied' }]);
    // By hand: line 1 300 gross, tax round(300 × 2000 / 12000) = 50, net 250, cost 3 × 45 = 135.
    // Line 2 350 gross, tax 58, net 292, no cost. Refund of 1 of line 1: 100 gross, tax 17, net 83, cost 45.
    const today = shopDay();
    const margin = must<unknown>(
      await other.manager.client.rpc('report_margin', {
        p_company: other.companyId,
        p_from: today,
        p_to: today,
      }),
      'report_margin',
    );
    expect(margin).toEqual([
      {
        net_sales: 250 + 292 - 83,
        costed_net: 250 - 83,
        cost_total: 135 - 45,
        margin: 250 - 83 - (135 - 45),
        uncosted_net: 292,
        uncosted_lines: 1,
      },
    ]);
    const cashier = await other.cashier.client.rpc('report_margin', {
      p_company: other.companyId,
      p_from: today,
      p_to: today,
    });
    expect(cashier.error?.code).toBe('42501');
    const stranger = await shop.owner.client.rpc('report_margin', {
      p_company: other.companyId,
      p_from: today,
      p_to: today,
    });
    expect(stranger.error).toMatchObject({ code: '42501', hint: 'not_member' });
  });
});
