// Stocktakes on the server (supabase/SPEC.md [PUR-31]…[PUR-37], docs/purchasing.md "Stocktakes"): the worked
// example to the unit — croissants, 40 on hand, sales of 3 and 2 (the second synced late), 33 counted, a sale of 1
// after the count: expected 35, variance −2, on hand after 32 — then the approval replayed, two tills counting
// one product in two zones, a sale that arrives after the approval, and who may do what.
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, test } from 'vitest';
import { makePinSecret, signProof, toHex, type PersonOp } from '../../src/domain/staff-pin';
import { applyOps, onHand, op, saleOp, type Op } from '../support/ops';
import {
  addStore,
  createShop,
  must,
  nth,
  registerTerminal,
  type Product,
  type Shop,
  type Terminal,
} from '../support/shop';
import { serviceClient } from '../support/supabase';

const service = serviceClient();
let shop: Shop;
let other: Shop;
let croissant: Product;
let muffin: Product;
const tills: Terminal[] = [];
/** 08:00 of the worked example: two hours ago, so every time of it is in the past. */
const eight = Date.now() - 2 * 60 * 60 * 1000;
const at = (minutes: number): string => new Date(eight + minutes * 60 * 1000).toISOString();

async function applied(ops: Op[], client = shop.manager.client): Promise<void> {
  const answers = await applyOps(client, ops);
  expect(answers.map((answer) => answer.error ?? answer.status)).toEqual(ops.map(() => 'applied'));
}

function sell(till: Terminal, product: Product, quantity: number, minutes: number): Op {
  const sale = saleOp({ terminal: till, lines: [{ product, quantity }] });
  sale.args.occurred_at = at(minutes);
  return sale;
}

function receive(product: Product, quantity: number, minutes: number): Op {
  return op('stock.move', {
    id: uuidv7(),
    store_id: shop.storeId,
    product_id: product.id,
    reason: 'receive',
    quantity,
    occurred_at: at(minutes),
  });
}

function openOp(scope: Record<string, unknown> = { scope: 'all' }, target = shop): Op {
  return op('stocktake.open', {
    id: uuidv7(),
    company_id: target.companyId,
    store_id: target.storeId,
    ...scope,
    occurred_at: new Date().toISOString(),
  });
}

interface CountLine {
  id?: string;
  product: Product;
  counted: number;
  minutes: number;
  zone?: string;
  replaces?: string;
}

function countOp(stocktakeId: string, till: Terminal, lines: CountLine[]): Op {
  return op('stocktake.count', {
    id: uuidv7(),
    stocktake_id: stocktakeId,
    terminal_id: till.id,
    lines: lines.map((line) => ({
      id: line.id ?? uuidv7(),
      product_id: line.product.id,
      counted: line.counted,
      counted_at: at(line.minutes),
      ...(line.zone ? { zone: line.zone } : {}),
      ...(line.replaces ? { replaces: line.replaces } : {}),
    })),
  });
}

function approveOp(id: string, uncounted: 'leave' | 'zero' = 'leave'): Op {
  return op('stocktake.approve', { id, uncounted, occurred_at: new Date().toISOString() });
}

async function movements(productId: string, reason: string): Promise<{ id: string; delta: number }[]> {
  const rows = must<{ id: string; delta: string }[]>(
    await service
      .from('stock_movements')
      .select('id, delta')
      .eq('product_id', productId)
      .eq('reason', reason)
      .order('recorded_at'),
    'movements',
  );
  return rows.map((row) => ({ id: row.id, delta: Number(row.delta) }));
}

async function flags(reason: string): Promise<{ sale_id: string | null; detail: Record<string, unknown> }[]> {
  const rows = must<{ sale_id: string | null; detail: Record<string, unknown> }[]>(
    await service
      .from('flags')
      .select('sale_id, detail')
      .eq('company_id', shop.companyId)
      .eq('kind', 'stocktake'),
    'flags',
  );
  return rows.filter((row) => row.detail.reason === reason);
}

interface ReviewLine {
  product_id: string;
  expected: number;
  counted: number;
  variance: number;
  variance_value: number | null;
  counts: { id: string; counted: number; zone: string | null; replaced: boolean }[];
}

interface Review {
  stocktake: { status: string; number: string };
  lines: ReviewLine[];
  not_counted: { product_id: string; on_hand: number }[];
  out_of_scope: ReviewLine[];
  unsynced_tills: { terminal_id: string; name: string }[];
}

async function review(id: string): Promise<Review> {
  return must<Review>(await shop.manager.client.rpc('stocktake_review', { p_stocktake: id }), 'review');
}

function lineOf(result: Review, product: Product): ReviewLine {
  const line = result.lines.find((row) => row.product_id === product.id);
  if (!line) throw new Error(`${product.name} is not in the review`);
  return line;
}

beforeAll(async () => {
  shop = await createShop({ products: 3 });
  other = await createShop({ products: 1 });
  croissant = nth(shop.products, 0);
  muffin = nth(shop.products, 1);
  must<unknown>(await service.from('products').update({ cost: 45 }).eq('id', croissant.id), 'croissant cost');
  for (const name of ['T1', 'T2', 'T3', 'T4'])
    tills.push(await registerTerminal(shop.manager, shop.storeId, name));
  await applied([receive(croissant, 40, -5), receive(muffin, 10, -5)]);
});

describe('[PUR-33] the worked example, to the unit', () => {
  let stocktakeId: string;
  const t1 = () => nth(tills, 0);
  const t2 = () => nth(tills, 1);
  const t3 = () => nth(tills, 2);
  const t4 = () => nth(tills, 3);
  let lateSale: Op;

  test('[PUR-31] a manager opens a stocktake of the whole store; it gets its number', async () => {
    const open = openOp();
    stocktakeId = open.args.id as string;
    const [answer] = await applyOps(shop.manager.client, [open]);
    expect(answer?.status).toBe('applied');
    expect(answer?.result).toMatchObject({ id: stocktakeId, number: 'ST-0001', status: 'open' });
  });

  test('[PUR-33] sales before and after the count, one synced late: expected 35, variance −2, on hand 32', async () => {
    await applied([sell(t1(), croissant, 3, 10)]); // 08:10 T1 sells 3, synced
    const offline = sell(t2(), croissant, 2, 20); // 08:20 T2 sells 2, offline
    await applied([countOp(stocktakeId, t3(), [{ product: croissant, counted: 33, minutes: 30 }])]); // 08:30
    await applied([sell(t1(), croissant, 1, 40)]); // 08:40 T1 sells 1, synced
    expect(await onHand(service, shop.storeId, croissant.id)).toBe(36);
    await applied([offline]); // 09:00 T2 syncs its 08:20 sale
    expect(await onHand(service, shop.storeId, croissant.id)).toBe(34);

    const before = lineOf(await review(stocktakeId), croissant);
    expect(before).toMatchObject({ expected: 35, counted: 33, variance: -2, variance_value: -90 });

    const approve = approveOp(stocktakeId);
    const [answer] = await applyOps(shop.manager.client, [approve]);
    expect(answer?.result).toMatchObject({ status: 'approved', products: 1, moved: 1 });
    expect(await onHand(service, shop.storeId, croissant.id)).toBe(32);
    expect(await movements(croissant.id, 'count')).toEqual([{ id: expect.any(String) as string, delta: -2 }]);
    const results = must<Record<string, unknown>[]>(
      await service.from('stocktake_results').select('*').eq('stocktake_id', stocktakeId),
      'results',
    );
    expect(results).toEqual([
      expect.objectContaining({
        product_id: croissant.id,
        counted: 33,
        expected: 35,
        variance: -2,
        unit_cost: 45,
        variance_value: -90,
      }),
    ]);

    // [PUR-34] The same batch again is a duplicate; the approval again under a new op id is wrong_status.
    const [again] = await applyOps(shop.manager.client, [approve]);
    expect(again?.status).toBe('duplicate');
    const [second] = await applyOps(shop.manager.client, [approveOp(stocktakeId)]);
    expect(second?.error?.code).toBe('wrong_status');
    expect(second?.error?.message).toContain('ST-0001');
    expect(await onHand(service, shop.storeId, croissant.id)).toBe(32);
    expect(await movements(croissant.id, 'count')).toHaveLength(1);
    lateSale = sell(t4(), croissant, 1, 25);
  });

  test('[PUR-36] a sale made before the count that arrives after approval is compensated and flagged', async () => {
    await applied([lateSale]); // 08:25 T4 sold one, synced at 10:00
    expect(await onHand(service, shop.storeId, croissant.id)).toBe(32);
    const counts = await movements(croissant.id, 'count');
    expect(counts.map((m) => m.delta)).toEqual([-2, 1]);
    const late = await flags('late_movement');
    expect(late).toHaveLength(1);
    expect(late[0]?.sale_id).toBe(lateSale.args.id);
    expect(late[0]?.detail).toMatchObject({ stocktake_id: stocktakeId, number: 'ST-0001', delta: -1 });

    // The same sale again writes nothing twice; a sale after the count stays on top of it.
    const [resent] = await applyOps(shop.manager.client, [{ ...lateSale, op_id: uuidv7() }]);
    expect(resent?.status).not.toBe('duplicate');
    await applied([sell(t4(), croissant, 1, 50)]);
    expect(await onHand(service, shop.storeId, croissant.id)).toBe(31);
    expect((await movements(croissant.id, 'count')).map((m) => m.delta)).toEqual([-2, 1]);
    expect(await flags('late_movement')).toHaveLength(1);
  });

  test('[PUR-32] a count reaching an approved stocktake is kept, posted nowhere and flagged late_count', async () => {
    const line = uuidv7();
    await applied([countOp(stocktakeId, t3(), [{ id: line, product: croissant, counted: 30, minutes: 60 }])]);
    const row = must<{ late: boolean }>(
      await service.from('stocktake_lines').select('late').eq('id', line).single(),
      'line',
    );
    expect(row.late).toBe(true);
    expect(await onHand(service, shop.storeId, croissant.id)).toBe(31);
    expect((await flags('late_count')).map((flag) => flag.detail.line_id)).toEqual([line]);
  });
});

describe('[PUR-32] counts from several tills', () => {
  test('two tills count one product in two zones; a recount replaces, never adds', async () => {
    const open = openOp({ scope: 'all' });
    await applied([open]);
    const id = open.args.id as string;
    const back = uuidv7();
    await applied([
      countOp(id, nth(tills, 0), [
        { id: back, product: muffin, counted: 5, zone: 'Back shelf', minutes: 70 },
      ]),
      countOp(id, nth(tills, 1), [{ product: muffin, counted: 7, zone: 'Window', minutes: 72 }]),
    ]);
    // T1 recounts its back shelf: 6, replacing its 5.
    await applied([
      countOp(id, nth(tills, 0), [
        { product: muffin, counted: 6, zone: 'Back shelf', minutes: 75, replaces: back },
      ]),
    ]);
    const result = await review(id);
    const line = lineOf(result, muffin);
    expect(line).toMatchObject({ counted: 13, expected: 10, variance: 3, variance_value: null });
    expect(line.counts.map((count) => [count.counted, count.zone, count.replaced])).toEqual([
      [5, 'Back shelf', true],
      [7, 'Window', false],
      [6, 'Back shelf', false],
    ]);
    expect(result.not_counted.map((row) => row.product_id)).toContain(nth(shop.products, 2).id);
    // [PUR-37] T3 and T4 have sent nothing since this stocktake opened: their sales may still be on the way.
    expect(result.unsynced_tills.map((row) => row.name)).toEqual(['T3', 'T4']);

    // A line replacing one of another product is refused; the same count resent writes nothing.
    const [bad] = await applyOps(shop.manager.client, [
      countOp(id, nth(tills, 0), [{ product: croissant, counted: 1, minutes: 76, replaces: back }]),
    ]);
    expect(bad?.error?.code).toBe('invalid_args');

    // Approved with 'count them as zero': the third product, never counted, is posted to 0.
    const third = nth(shop.products, 2);
    await applied([
      op('stock.move', {
        id: uuidv7(),
        store_id: shop.storeId,
        product_id: third.id,
        reason: 'receive',
        quantity: 4,
        occurred_at: at(1),
      }),
    ]);
    const [answer] = await applyOps(shop.manager.client, [approveOp(id, 'zero')]);
    expect(answer?.result).toMatchObject({ status: 'approved' });
    expect(await onHand(service, shop.storeId, muffin.id)).toBe(13);
    expect(await onHand(service, shop.storeId, third.id)).toBe(0);
  });
});

describe('[PUR-10] [PUR-43] who may, and which shop', () => {
  test('[PUR-31] an overlapping open stocktake is stocktake_overlap', async () => {
    const first = openOp({ scope: 'all' });
    await applied([first]);
    const [answer] = await applyOps(shop.manager.client, [openOp({ scope: 'all' })]);
    expect(answer?.error?.code).toBe('stocktake_overlap');
    await applied([op('stocktake.cancel', { id: first.args.id, reason: 'test', occurred_at: at(90) })]);
  });

  test('another shop’s manager: unknown_stocktake, for the op and for the review', async () => {
    const open = openOp({ scope: 'all' });
    await applied([open]);
    const id = open.args.id as string;
    const [answer] = await applyOps(other.manager.client, [approveOp(id)]);
    expect(answer?.error?.code).toBe('unknown_stocktake');
    const read = await other.manager.client.rpc('stocktake_review', { p_stocktake: id });
    expect(read.error?.hint).toBe('unknown_stocktake');
    const count = op('stocktake.count', {
      id: uuidv7(),
      stocktake_id: id,
      company_id: other.companyId,
      lines: [{ id: uuidv7(), product_id: nth(other.products, 0).id, counted: 1, counted_at: at(80) }],
    });
    const [counted] = await applyOps(other.manager.client, [count]);
    expect(counted?.error?.code).toBe('unknown_stocktake');
    await applied([op('stocktake.cancel', { id, occurred_at: at(90) })]);
  });

  test('[PUR-23] a till of another store: wrong_store, recorded', async () => {
    const open = openOp({ scope: 'all' });
    await applied([open]);
    const elsewhere = await registerTerminal(
      shop.manager,
      await addStore(shop, 'Market Square'),
      'Market till',
    );
    const count = countOp(open.args.id as string, elsewhere, [
      { product: croissant, counted: 1, minutes: 95 },
    ]);
    const [answer] = await applyOps(shop.manager.client, [count]);
    expect(answer?.error?.code).toBe('wrong_store');
    const recorded = must<{ status: string }>(
      await service.from('applied_ops').select('status').eq('op_id', count.op_id).single(),
      'applied_ops',
    );
    expect(recorded.status).toBe('rejected');
    await applied([op('stocktake.cancel', { id: open.args.id, occurred_at: at(96) })]);
  });

  test('a cashier counts only when the shop lets cashiers count, and never opens or approves', async () => {
    const open = openOp({ scope: 'all' });
    await applied([open]);
    const id = open.args.id as string;
    const till = await registerTerminal(shop.cashier, shop.storeId, 'Cashier till');
    const count = () => countOp(id, till, [{ product: croissant, counted: 31, minutes: 100 }]);
    const [refused] = await applyOps(shop.cashier.client, [count()]);
    expect(refused?.error?.code).toBe('insufficient_role');
    const [opened] = await applyOps(shop.cashier.client, [openOp({ scope: 'all' })]);
    expect(opened?.error?.code).toBe('insufficient_role');
    const [review] = [await shop.cashier.client.rpc('stocktake_review', { p_stocktake: id })];
    expect(review.error?.hint).toBe('insufficient_role');

    must<unknown>(
      await service
        .from('purchasing_settings')
        .update({ cashiers_count: true })
        .eq('company_id', shop.companyId),
      'settings',
    );
    await applied([count()], shop.cashier.client);
    const [approve] = await applyOps(shop.cashier.client, [approveOp(id)]);
    expect(approve?.error?.code).toBe('insufficient_role');
    await applied([op('stocktake.cancel', { id, occurred_at: at(110) })]);
  });
});

describe('[PUR-10] [PUR-44] a cashier at a manager’s till', () => {
  test('counts applied all the same and flagged not_allowed when the shop does not let cashiers count', async () => {
    must<unknown>(
      await service
        .from('purchasing_settings')
        .update({ cashiers_count: false })
        .eq('company_id', shop.companyId),
      'settings',
    );
    const pat = must<{ id: string }>(
      await shop.manager.client.rpc('save_staff', {
        p_company_id: shop.companyId,
        p_staff: { name: 'Pat', role: 'cashier' },
      }),
      'save_staff',
    );
    const secret = await makePinSecret('4321', toHex(crypto.getRandomValues(new Uint8Array(16))));
    must<unknown>(
      await shop.manager.client.rpc('set_staff_pin', {
        p_company_id: shop.companyId,
        p_staff_id: pat.id,
        p_salt: secret.salt,
        p_kdf: secret.kdf,
        p_key: secret.key,
        p_verifier: secret.verifier,
        p_digits: secret.digits,
      }),
      'set_staff_pin',
    );
    const open = openOp({ scope: 'all' });
    await applied([open]);
    const count = countOp(open.args.id as string, nth(tills, 0), [
      { product: croissant, counted: 30, minutes: 115 },
    ]);
    count.args.cashier_id = pat.id;
    // The till's list of person ops gains stocktake.count with piece D; the server binds any op's name.
    const opName = 'stocktake.count' as PersonOp;
    count.args.cashier_proof = await signProof(
      secret.key,
      'cashier',
      shop.companyId,
      opName,
      count.args.id as string,
      'sell',
    );
    await applied([count]);
    const flagged = await flags('not_allowed');
    expect(flagged.map((flag) => flag.detail)).toEqual([
      expect.objectContaining({ stocktake_id: open.args.id, staff_id: pat.id, lines: 1 }),
    ]);
    const events = must<{ kind: string; from_status: string | null; to_status: string }[]>(
      await service
        .from('stock_document_events')
        .select('kind, from_status, to_status')
        .eq('document_id', open.args.id as string)
        .order('seq'),
      'events',
    );
    expect(events).toEqual([
      { kind: 'created', from_status: null, to_status: 'open' },
      { kind: 'counted', from_status: 'open', to_status: 'open' },
    ]);
  });
});
