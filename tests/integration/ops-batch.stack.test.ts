// apply_ops writes a batch's plain sales together (supabase/SPEC.md [OPS-15]) and every other op one at a
// time: the answers must be the ones each op gets on its own. Each test compares a batch with the same sales
// sent one call at a time (on twin products, so stock starts equal), or with the answers SPEC §3 gives.
import { beforeAll, describe, expect, test } from 'vitest';
import { applyOps, countRows, onHand, op, receiveOp, refundOp, saleArgs, saleOp } from '../support/ops';
import type { Answer, LineSpec, Op } from '../support/ops';
import { createShop, must, nth, registerTerminal } from '../support/shop';
import type { Product, Shop, Terminal } from '../support/shop';

let shop: Shop;

beforeAll(async () => {
  shop = await createShop({ products: 1 });
});

/** Products made for one test, stocked with `stock` each, so its on-hand figures are its own. */
async function stockedProducts(count: number, stock: number): Promise<Product[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    company_id: shop.companyId,
    name: `Batch product ${i}`,
    price: 150 + 40 * i,
    tax_rate_bp: i === 2 ? 550 : 2000,
  }));
  const products = must<Product[]>(
    await shop.manager.client
      .from('products')
      .insert(rows)
      .select('id, name, sku, price, tax_rate_bp, track_stock'),
    'insert products',
  );
  if (stock > 0) {
    const received = await applyOps(
      shop.manager.client,
      products.map((p) => receiveOp(shop.storeId, p.id, stock)),
    );
    expect(received.every((a) => a.status === 'applied')).toBe(true);
  }
  return products;
}

/** What must not depend on the path an op took: status, error, and warnings by product position. */
function gist(answers: Answer[], products: Product[], terminal: Terminal) {
  const position = (id: string) => products.findIndex((p) => p.id === id);
  return answers.map((a) => ({
    status: a.status,
    error: a.error && {
      code: a.error.code,
      message: a.error.message
        .replace(new RegExp(`\\b${terminal.code}\\b`, 'g'), 'T?')
        .replace(/[0-9a-f-]{36}/g, 'id'),
    },
    // By product position: the server orders warnings by product id, which differs between twins.
    warnings: a.warnings
      ?.map((w) => [w.code, position(w.product_id), w.on_hand] as const)
      .sort((x, y) => x[1] - y[1]),
  }));
}

/** The same ops one call each: a batch of one is never compared with a batch's neighbours. */
async function oneByOne(ops: Op[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const o of ops) answers.push(...(await applyOps(shop.cashier.client, [o])));
  return answers;
}

type Breaker = (args: ReturnType<typeof saleArgs>, products: Product[]) => void;

/** Sales of a few products each; a breaker turns sale i into the bad op a test wants. */
function sales(
  terminal: Terminal,
  products: Product[],
  count: number,
  breakers: Record<number, Breaker> = {},
) {
  return Array.from({ length: count }, (_, i) => {
    const lines: LineSpec[] = [
      { product: nth(products, i % products.length), quantity: 1 },
      { product: nth(products, (i + 1) % products.length), quantity: i % 2 === 0 ? 2 : 0.5 },
    ];
    const args = saleArgs({ terminal, lines, tender: i % 3 === 0 ? 'cash' : 'card' });
    breakers[i]?.(args, products);
    return op('sale.record', args);
  });
}

async function levels(products: Product[]): Promise<number[]> {
  return Promise.all(products.map((p) => onHand(shop.manager.client, shop.storeId, p.id)));
}

const countSales = (ids: string[]) => countRows(shop.manager.client, 'sales', 'id', ids);

/**
 * The same sales (with the same breakers) as one batch on one till and one call each on another, on twin
 * products: the answers and the stock they leave must be the same.
 */
async function batchAgainstOneByOne(count: number, stock: number, breakers: Record<number, Breaker> = {}) {
  const [batchTill, singleTill] = await Promise.all([
    registerTerminal(shop.cashier, shop.storeId, 'Batch till'),
    registerTerminal(shop.cashier, shop.storeId, 'Single till'),
  ]);
  const [products, twins] = [await stockedProducts(3, stock), await stockedProducts(3, stock)];
  const batch = sales(batchTill, products, count, breakers);
  const batched = await applyOps(shop.cashier.client, batch);
  const separate = await oneByOne(sales(singleTill, twins, count, breakers));
  expect(gist(batched, products, batchTill)).toEqual(gist(separate, twins, singleTill));
  expect(await levels(products)).toEqual(await levels(twins));
  return { batch, batched, products };
}

describe('[OPS-15] a batch of sales', () => {
  test('[OPS-15] valid sales in one batch are answered as one by one, negative-stock warnings included', async () => {
    const { batch, batched, products } = await batchAgainstOneByOne(12, 4);
    expect(batched.every((a) => a.status === 'applied')).toBe(true);
    // Stock runs out part way: later sales warn with the level each one left.
    expect(batched.some((a) => (a.warnings ?? []).length > 0)).toBe(true);
    expect(new Set(batched.map((a) => a.txid)).size).toBe(1);
    expect(await countSales(batch.map((o) => o.args.id as string))).toBe(12);
    expect(products).toHaveLength(3);
  });

  test('[OPS-15] [OPS-2] bad ops in the middle of a batch get the answers they get alone; the rest applies', async () => {
    const { batch, batched } = await batchAgainstOneByOne(10, 10, {
      2: (args) => {
        nth(args.lines, 0).tax += 1;
      },
      4: (args) => {
        args.total += 1;
      },
      5: (args) => {
        args.receipt_no = 'T999999-000001';
      },
      6: (args) => {
        (args.lines as unknown[]).push('not a line');
      },
      7: (args) => {
        nth(args.lines, 1).product_id = crypto.randomUUID();
      },
      8: (args) => {
        const payments = args.payments as { id: string }[];
        payments.push({ ...nth(payments, 0), id: crypto.randomUUID() });
      },
    });
    expect(batched.map((a) => a.error?.code ?? a.status)).toEqual([
      'applied',
      'applied',
      'tax_mismatch',
      'applied',
      'total_mismatch',
      'invalid_receipt_no',
      'invalid_args',
      'unknown_product',
      'payments_mismatch',
      'applied',
    ]);

    // [OPS-3] Sent again: the applied ones are duplicates with their txid, the rejected ones the same error.
    const again = await applyOps(shop.cashier.client, batch);
    expect(again.map((a) => a.status)).toEqual(
      batched.map((a) => (a.status === 'applied' ? 'duplicate' : 'rejected')),
    );
    expect(again.map((a) => a.txid)).toEqual(batched.map((a) => a.txid));
    expect(again.map((a) => a.error)).toEqual(batched.map((a) => a.error));
  });

  test('[OPS-15] a time that is no date (30 February) is rejected as alone, and the sales around it apply', async () => {
    const { batched } = await batchAgainstOneByOne(3, 10, {
      1: (args) => {
        args.occurred_at = '2026-02-30T10:00:00Z';
      },
    });
    expect(batched.map((a) => a.error?.code ?? a.status)).toEqual(['applied', 'invalid_args', 'applied']);
  });

  test('[OPS-15] [OPS-3] a replayed batch, whole or in part, answers duplicate and changes nothing', async () => {
    const till = await registerTerminal(shop.cashier, shop.storeId, 'Replay till');
    const products = await stockedProducts(2, 50);
    const [first, second] = [sales(till, products, 4), sales(till, products, 2)];
    const applied = await applyOps(shop.cashier.client, first);
    const after = await levels(products);

    const replayed = await applyOps(shop.cashier.client, first);
    expect(replayed.map((a) => [a.op_id, a.status, a.txid])).toEqual(
      applied.map((a) => [a.op_id, 'duplicate', a.txid]),
    );
    expect(await levels(products)).toEqual(after);

    const mixed = await applyOps(shop.cashier.client, [
      nth(first, 0),
      nth(second, 0),
      nth(first, 1),
      nth(second, 1),
    ]);
    expect(mixed.map((a) => a.status)).toEqual(['duplicate', 'applied', 'duplicate', 'applied']);
    expect(await countSales([...first, ...second].map((o) => o.args.id as string))).toBe(6);
  });

  test('[OPS-15] the same op twice, a reused receipt number, line id or op id in one batch: answered as before', async () => {
    const till = await registerTerminal(shop.cashier, shop.storeId, 'Clash till');
    const products = await stockedProducts(2, 50);
    const [a, b, c, d] = sales(till, products, 4);
    if (!a || !b || !c || !d) throw new Error('no sales');
    b.args.receipt_no = a.args.receipt_no;
    nth(c.args.lines as { id: string }[], 0).id = nth(a.args.lines as { id: string }[], 1).id;
    const reusedOpId = { ...d, op_id: a.op_id };
    const answers = await applyOps(shop.cashier.client, [a, a, b, c, reusedOpId, d]);
    expect(answers.map((x) => x.error?.code ?? x.status)).toEqual([
      'applied',
      'duplicate',
      'duplicate_receipt_no',
      'duplicate_id',
      'op_id_conflict',
      'applied',
    ]);
    expect(nth(answers, 1).txid).toBe(nth(answers, 0).txid);
    expect(await countSales([a, b, c, d].map((o) => o.args.id as string))).toBe(2);
  });

  test('[OPS-15] sales mixed with other ops apply in order: a shift, a receipt of stock, a customer, a refund', async () => {
    const till = await registerTerminal(shop.manager, shop.storeId, 'Mixed till');
    const [product] = await stockedProducts(1, 0);
    if (!product) throw new Error('no product');
    const shiftId = crypto.randomUUID();
    const customerId = crypto.randomUUID();
    const now = new Date().toISOString();
    const cashSale = saleArgs({ terminal: till, tender: 'cash', shiftId, lines: [{ product, quantity: 2 }] });
    const ops: Op[] = [
      op('shift.open', { id: shiftId, terminal_id: till.id, opened_at: now, opening_float: 5_000 }),
      op('sale.record', cashSale),
      saleOp({ terminal: till, shiftId, lines: [{ product, quantity: 1 }] }),
      receiveOp(shop.storeId, product.id, 10),
      op('customer.upsert', { id: customerId, company_id: shop.companyId, name: 'Batch customer' }),
      saleOp({ terminal: till, shiftId, customerId, lines: [{ product, quantity: 3 }] }),
      refundOp(till, cashSale, [{ line: 0, quantity: 1 }]),
      op('shift.close', { id: shiftId, terminal_id: till.id, closed_at: now, counted_cash: 5_000 }),
    ];
    ops[6] = { ...nth(ops, 6), args: { ...nth(ops, 6).args, shift_id: shiftId } };
    const answers = await applyOps(shop.manager.client, ops);
    expect(answers.map((x) => x.error?.code ?? x.status)).toEqual(Array<string>(8).fill('applied'));
    // The first two sales took stock below zero before the receipt arrived; the third did not.
    expect(answers.map((x) => x.warnings?.map((w) => w.on_hand))).toEqual([
      undefined,
      [-2],
      [-3],
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const expected = 5_000 + cashSale.total - (nth(ops, 6).args.total as number);
    expect(nth(answers, 7).result).toEqual({
      expected_cash: expected,
      counted_cash: 5_000,
      difference: 5_000 - expected,
    });
    expect(await onHand(shop.manager.client, shop.storeId, product.id)).toBe(-6 + 10 + 1);
  });
});

describe('[OPS-16] a batch resent after its answer was lost', () => {
  test('[OPS-16] [OPS-3] [OPS-12] [OPS-13] ops seen before are answered from applied_ops as each alone would be', async () => {
    const till = await registerTerminal(shop.cashier, shop.storeId, 'Resend till');
    const products = await stockedProducts(2, 50);
    const ops = sales(till, products, 4, {
      1: (args) => {
        nth(args.lines, 0).tax += 1;
      },
    });
    ops.splice(
      2,
      0,
      op('customer.upsert', { id: crypto.randomUUID(), company_id: shop.companyId, name: 'Resent customer' }),
    );
    const first = await applyOps(shop.cashier.client, ops);
    expect(first.map((a) => a.error?.code ?? a.status)).toEqual([
      'applied',
      'tax_mismatch',
      'applied',
      'applied',
      'applied',
    ]);
    const after = await levels(products);

    // Every op seen: applied ones are duplicates with their txid, the rejected one its error again, and
    // another op under a seen op_id a conflict.
    const reused = { ...nth(ops, 3), op_id: nth(ops, 0).op_id };
    const resent = await applyOps(shop.cashier.client, [...ops, reused]);
    expect(resent).toEqual([
      ...first.map((a) =>
        a.status === 'applied'
          ? { op_id: a.op_id, status: 'duplicate', txid: a.txid }
          : { ...a, replayed: true },
      ),
      {
        op_id: reused.op_id,
        status: 'rejected',
        error: { code: 'op_id_conflict', message: expect.any(String) as unknown },
      },
    ]);
    expect(await levels(products)).toEqual(after);

    // Another shop's cashier resending them reads none of these answers.
    const stranger = await createShop({ products: 1 });
    const foreign = await applyOps(stranger.cashier.client, ops);
    expect(foreign.map((a) => [a.op_id, a.error?.code])).toEqual(ops.map((o) => [o.op_id, 'not_member']));
  });
});
