// apply_ops through supabase-js: idempotency, one savepoint per op, and each op's happy path
// (supabase/SPEC.md §3). Malformed ops live in ops-malformed.stack.test.ts.
import { beforeAll, describe, expect, test } from 'vitest';
import { applyOps, onHand, op, receiveOp, refundOp, saleArgs, saleOp } from '../support/ops';
import { createShop, must, nth, registerTerminal, signUpPerson } from '../support/shop';
import type { Shop, Terminal } from '../support/shop';

let shop: Shop;
let till: Terminal;

beforeAll(async () => {
  shop = await createShop({ products: 4 });
  till = await registerTerminal(shop.cashier, shop.storeId);
});

const product = (i: number) => {
  const p = shop.products[i];
  if (!p) throw new Error(`no product ${i}`);
  return p;
};

async function countSales(ids: string[]): Promise<number> {
  const { count, error } = await shop.manager.client
    .from('sales')
    .select('id', { count: 'exact', head: true })
    .in('id', ids);
  if (error) throw new Error(error.message);
  return count ?? 0;
}

describe('idempotency', () => {
  test('[OPS-3] the same batch sent three times leaves one copy', async () => {
    const batch = [
      saleOp({ terminal: till, lines: [{ product: product(0), quantity: 2 }] }),
      saleOp({ terminal: till, lines: [{ product: product(1), quantity: 1 }] }),
    ];
    const before = await onHand(shop.manager.client, shop.storeId, product(0).id);
    const first = await applyOps(shop.cashier.client, batch);
    const second = await applyOps(shop.cashier.client, batch);
    const third = await applyOps(shop.cashier.client, batch);
    expect(first.map((a) => a.status)).toEqual(['applied', 'applied']);
    expect(second.map((a) => a.status)).toEqual(['duplicate', 'duplicate']);
    expect(third.map((a) => a.status)).toEqual(['duplicate', 'duplicate']);
    expect(second.map((a) => a.txid)).toEqual(first.map((a) => a.txid));
    expect(await countSales(batch.map((o) => o.args.id as string))).toBe(2);
    expect(await onHand(shop.manager.client, shop.storeId, product(0).id)).toBe(before - 2);
  });

  test('[OPS-3] a response lost after the commit turns the retry into duplicate', async () => {
    const sale = saleOp({ terminal: till, lines: [{ product: product(2), quantity: 3 }] });
    // The first call commits; pretend its answer never reached the till.
    await applyOps(shop.cashier.client, [sale]);
    const retry = await applyOps(shop.cashier.client, [sale]);
    expect(retry).toEqual([expect.objectContaining({ op_id: sale.op_id, status: 'duplicate' })]);
    expect(await countSales([sale.args.id as string])).toBe(1);
  });

  test('[OPS-3] a rejected op replayed is rejected again with the same error, and changes nothing', async () => {
    const bad = saleOp({ terminal: till, lines: [{ product: product(0), quantity: 1 }] });
    bad.args.total = (bad.args.total as number) + 1;
    const [first] = await applyOps(shop.cashier.client, [bad]);
    const [again] = await applyOps(shop.cashier.client, [bad]);
    expect(first).toMatchObject({ status: 'rejected', error: { code: 'total_mismatch' } });
    expect(again).toMatchObject({ status: 'rejected', replayed: true, error: first?.error });
    expect(await countSales([bad.args.id as string])).toBe(0);
  });

  test('[OPS-2] a batch with one bad op applies the rest', async () => {
    const good1 = saleOp({ terminal: till, lines: [{ product: product(0), quantity: 1 }] });
    const bad = saleOp({ terminal: till, lines: [{ product: product(1), quantity: 1 }] });
    nth(bad.args.lines as { tax: number }[], 0).tax += 1;
    const good2 = saleOp({ terminal: till, lines: [{ product: product(3), quantity: 1 }] });
    const answers = await applyOps(shop.cashier.client, [good1, bad, good2]);
    expect(answers.map((a) => [a.op_id, a.status])).toEqual([
      [good1.op_id, 'applied'],
      [bad.op_id, 'rejected'],
      [good2.op_id, 'applied'],
    ]);
    expect(answers[1]?.error?.code).toBe('tax_mismatch');
    expect(await countSales([good1, bad, good2].map((o) => o.args.id as string))).toBe(2);
  });

  test('[OPS-4] an op from a non-member is answered not_member, not recorded, and applies for a member', async () => {
    const stranger = await signUpPerson('stranger');
    const sale = saleOp({ terminal: till, lines: [{ product: product(0), quantity: 1 }] });
    const [denied] = await applyOps(stranger.client, [sale]);
    expect(denied).toMatchObject({ status: 'rejected', error: { code: 'not_member' } });
    const [applied] = await applyOps(shop.cashier.client, [sale]);
    expect(applied?.status).toBe('applied');
  });

  test('[OPS-4] a cashier cannot refund; the same op applies when a manager sends it', async () => {
    const args = saleArgs({ terminal: till, lines: [{ product: product(0), quantity: 2 }] });
    await applyOps(shop.cashier.client, [op('sale.record', args)]);
    const refund = refundOp(till, args, [{ line: 0, quantity: 1 }]);
    const [denied] = await applyOps(shop.cashier.client, [refund]);
    expect(denied).toMatchObject({ status: 'rejected', error: { code: 'insufficient_role' } });
    const [applied] = await applyOps(shop.manager.client, [refund]);
    expect(applied?.status).toBe('applied');
  });
});

describe('sales and refunds', () => {
  test('[SALE-8] [STOCK-2] a sale is stored as the till recorded it, with its stock movements', async () => {
    const args = saleArgs({
      terminal: till,
      tender: 'cash',
      lines: [
        { product: product(0), quantity: 2, discount: 10 },
        { product: product(2), quantity: 1.25 },
      ],
    });
    args.occurred_at = '2026-11-20T08:30:00.000Z';
    const [answer] = await applyOps(shop.cashier.client, [op('sale.record', args)]);
    expect(answer?.status).toBe('applied');
    const sale = must<Record<string, unknown> & { sale_lines: unknown[]; payments: unknown[] }>(
      await shop.manager.client
        .from('sales')
        .select('*, sale_lines(*), payments(*)')
        .eq('id', args.id)
        .single(),
      'read sale',
    );
    expect(sale).toMatchObject({
      kind: 'sale',
      total: args.total,
      receipt_no: args.receipt_no,
      cashier_id: shop.cashier.id,
    });
    expect(new Date(sale.occurred_at as string).toISOString()).toBe('2026-11-20T08:30:00.000Z');
    expect(sale.sale_lines).toHaveLength(2);
    expect(sale.payments).toHaveLength(1);
    const moves = must<{ delta: number; reason: string }[]>(
      await shop.manager.client.from('stock_movements').select('delta, reason').eq('sale_id', args.id),
      'read movements',
    );
    expect(moves.map((m) => [m.delta, m.reason]).sort()).toEqual(
      [
        [-1.25, 'sale'],
        [-2, 'sale'],
      ].sort(),
    );
  });

  test('[STOCK-3] stock may go negative: the sale applies with a negative_stock warning', async () => {
    const p = product(3);
    const level = await onHand(shop.manager.client, shop.storeId, p.id);
    const [answer] = await applyOps(shop.cashier.client, [
      saleOp({ terminal: till, lines: [{ product: p, quantity: level + 5 }] }),
    ]);
    expect(answer?.status).toBe('applied');
    expect(answer?.warnings).toEqual([
      expect.objectContaining({ code: 'negative_stock', product_id: p.id, on_hand: -5 }),
    ]);
  });

  test('[REFUND-2] [REFUND-3] [REFUND-4] refunds in pieces return exactly the line, never more', async () => {
    const args = saleArgs({ terminal: till, lines: [{ product: product(1), quantity: 3, discount: 7 }] });
    await applyOps(shop.cashier.client, [op('sale.record', args)]);
    const first = refundOp(till, args, [{ line: 0, quantity: 1 }]);
    const second = refundOp(till, args, [
      {
        line: 0,
        quantity: 2,
        total: nth(args.lines, 0).total - (first.args.total as number),
        tax: nth(args.lines, 0).tax - (first.args.tax_total as number),
      },
    ]);
    const tooMuch = refundOp(till, args, [{ line: 0, quantity: 1 }]);
    const answers = await applyOps(shop.manager.client, [first, second, tooMuch]);
    expect(answers.map((a) => a.status)).toEqual(['applied', 'applied', 'rejected']);
    expect(answers[2]?.error?.code).toBe('refund_exceeds_sale');
  });

  test('[REFUND-3] a refund cannot return more money than the line brought in', async () => {
    const args = saleArgs({ terminal: till, lines: [{ product: product(0), quantity: 2 }] });
    await applyOps(shop.cashier.client, [op('sale.record', args)]);
    const greedy = refundOp(till, args, [{ line: 0, quantity: 1, total: nth(args.lines, 0).total }]);
    const [answer] = await applyOps(shop.manager.client, [greedy]);
    expect(answer).toMatchObject({ status: 'rejected', error: { code: 'refund_exceeds_sale' } });
  });

  test('[STOCK-2] a restocked refund puts the goods back', async () => {
    const p = product(2);
    const args = saleArgs({ terminal: till, lines: [{ product: p, quantity: 4 }] });
    await applyOps(shop.cashier.client, [op('sale.record', args)]);
    const before = await onHand(shop.manager.client, shop.storeId, p.id);
    await applyOps(shop.manager.client, [refundOp(till, args, [{ line: 0, quantity: 1 }])]);
    expect(await onHand(shop.manager.client, shop.storeId, p.id)).toBe(before + 1);
  });
});

describe('customers, stock and shifts', () => {
  test.each(['40001', '40P01', '55P03'])(
    '[OPS-11] a transient failure (%s) in the middle of a batch fails the whole call and keeps nothing of it',
    async (sqlstate) => {
      const kept = crypto.randomUUID();
      const sale = saleOp({ terminal: till, lines: [{ product: product(2), quantity: 1 }] });
      const batch = [
        op('customer.upsert', { id: kept, company_id: shop.companyId, name: 'Before the failure' }),
        sale,
        op('customer.upsert', {
          id: crypto.randomUUID(),
          company_id: shop.companyId,
          name: `raise ${sqlstate}`,
        }),
      ];
      const { error, status } = await shop.cashier.client.rpc('apply_ops', { ops: batch });
      expect(error?.code).toBe(sqlstate);
      expect(status === 409 || status >= 500).toBe(true);
      const customers = await shop.cashier.client.from('customers').select('id').eq('id', kept);
      expect(customers.data).toEqual([]);
      expect(await countSales([String(sale.args.id)])).toBe(0);
      // Nothing was claimed either: the same ops, without the failing one, apply as new.
      const answers = await applyOps(shop.cashier.client, batch.slice(0, 2));
      expect(answers.map((a) => a.status)).toEqual(['applied', 'applied']);
    },
  );

  test('[CUST-1] customer.upsert inserts, then updates only the fields sent', async () => {
    const id = crypto.randomUUID();
    const base = { id, company_id: shop.companyId };
    const answers = await applyOps(shop.cashier.client, [
      op('customer.upsert', { ...base, name: 'Ann Lee', email: 'ann@example.test', phone: '+33 6 12' }),
      op('customer.upsert', { ...base, phone: null, note: 'VIP' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual(['applied', 'applied']);
    const row = must<Record<string, unknown>>(
      await shop.cashier.client.from('customers').select('*').eq('id', id).single(),
      'read',
    );
    expect(row).toMatchObject({ name: 'Ann Lee', email: 'ann@example.test', phone: null, note: 'VIP' });
  });

  test('[STOCK-4] [STOCK-5] receive, waste, adjust, count and transfer move stock by their deltas', async () => {
    const p = product(1);
    const second = must<{ id: string }>(
      await shop.owner.client
        .from('stores')
        .insert({ company_id: shop.companyId, name: 'Second store' })
        .select('id')
        .single(),
      'insert store',
    );
    const start = await onHand(shop.manager.client, shop.storeId, p.id);
    const at = new Date().toISOString();
    const move = (args: Record<string, unknown>) =>
      op('stock.move', {
        id: crypto.randomUUID(),
        store_id: shop.storeId,
        product_id: p.id,
        occurred_at: at,
        ...args,
      });
    const answers = await applyOps(shop.manager.client, [
      move({ reason: 'receive', quantity: 20 }),
      move({ reason: 'waste', quantity: '1.5' }),
      move({ reason: 'adjust', delta: -0.5 }),
      move({ reason: 'count', counted: start + 15, expected: start + 18 }),
      move({ reason: 'transfer', quantity: 4, to_store_id: second.id }),
    ]);
    expect(answers.map((a) => a.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
    expect(await onHand(shop.manager.client, shop.storeId, p.id)).toBe(start + 20 - 1.5 - 0.5 - 3 - 4);
    expect(await onHand(shop.manager.client, second.id, p.id)).toBe(4);
  });

  test('[STOCK-4] a cashier cannot move stock', async () => {
    const [answer] = await applyOps(shop.cashier.client, [receiveOp(shop.storeId, product(0).id, 1)]);
    expect(answer).toMatchObject({ status: 'rejected', error: { code: 'insufficient_role' } });
  });

  test('[SHIFT-1] [SHIFT-2] [SHIFT-3] [SHIFT-4] [SHIFT-5] a shift opens once, takes cash and closes with the expected cash', async () => {
    const terminal = await registerTerminal(shop.cashier, shop.storeId, 'Shift till');
    const shiftId = crypto.randomUUID();
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 21, 8, minutes)).toISOString();
    const sale = saleArgs({
      terminal,
      tender: 'cash',
      shiftId,
      lines: [{ product: product(0), quantity: 2 }],
    });
    const answers = await applyOps(shop.cashier.client, [
      op('shift.open', { id: shiftId, terminal_id: terminal.id, opened_at: at(0), opening_float: 10_000 }),
      op('shift.open', {
        id: crypto.randomUUID(),
        terminal_id: terminal.id,
        opened_at: at(1),
        opening_float: 0,
      }),
      op('sale.record', sale),
      op('cash.move', {
        id: crypto.randomUUID(),
        terminal_id: terminal.id,
        shift_id: shiftId,
        kind: 'pay_in',
        amount: 500,
        occurred_at: at(5),
      }),
      op('cash.move', {
        id: crypto.randomUUID(),
        terminal_id: terminal.id,
        shift_id: shiftId,
        kind: 'pay_out',
        amount: 2_000,
        reason: 'Window cleaner',
        occurred_at: at(6),
      }),
      op('shift.close', { id: shiftId, terminal_id: terminal.id, closed_at: at(60), counted_cash: 8_000 }),
      op('cash.move', {
        id: crypto.randomUUID(),
        terminal_id: terminal.id,
        shift_id: shiftId,
        kind: 'pay_in',
        amount: 1,
        occurred_at: at(61),
      }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([
      'applied',
      'rejected',
      'applied',
      'applied',
      'applied',
      'applied',
      'rejected',
    ]);
    expect(answers[1]?.error?.code).toBe('shift_already_open');
    const expected = 10_000 + sale.total + 500 - 2_000;
    expect(answers[5]?.result).toEqual({
      expected_cash: expected,
      counted_cash: 8_000,
      difference: 8_000 - expected,
    });
    expect(answers[6]?.error?.code).toBe('shift_closed');
  });
});
