// Receiving purchase orders on the server (supabase/SPEC.md [PUR-17]…[PUR-24], [PUR-10]; docs/purchasing.md
// "A receipt's life"), through supabase-js as a till pushes: a partial receipt replayed twice moves stock,
// `received` and the cost once; two tills offline hold the overlap until a manager accepts or drops it; the
// average cost follows the server's order; another shop's order is unknown; a cashier receives only where
// the shop lets cashiers receive; bad quantities are named.
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, test } from 'vitest';
import { makePinSecret, signProof } from '../../src/domain/staff-pin';
import { pairDevice } from '../support/devices';
import { applyOps, onHand, op, saleOp } from '../support/ops';
import { addSupplier } from '../support/purchasing';
import {
  flagsOf,
  makeOrder,
  receiveOrderOp,
  rowOf,
  rowsOf,
  setPurchasingSettings,
  settleOp,
  type Order,
} from '../support/receiving';
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

let shop: Shop;
let stranger: Shop;
let till: Terminal;
let secondTill: Terminal;
let supplier: string;

beforeAll(async () => {
  [shop, stranger] = await Promise.all([createShop({ products: 9 }), createShop({ products: 1 })]);
  [till, secondTill] = [
    await registerTerminal(shop.manager, shop.storeId, 'Counter 1'),
    await registerTerminal(shop.manager, shop.storeId, 'Counter 2'),
  ];
  supplier = await addSupplier(serviceClient(), shop, 'Fresh Fields Produce');
});

const product = (index: number): Product => nth(shop.products, index);

async function costOf(productId: string): Promise<number | null> {
  return (await rowOf('products', productId)).cost as number | null;
}

async function setCost(productId: string, cost: number | null): Promise<void> {
  must(
    await shop.manager.client.from('products').update({ cost }).eq('id', productId).select('id'),
    'set cost',
  );
}

async function orderStatus(order: Order): Promise<string> {
  return (await rowOf('purchase_orders', order.id)).status as string;
}

/** [PUR-3] Each order line's received and held are the sums of its receipt lines, after every step. */
async function expectLineSums(order: Order): Promise<void> {
  for (const line of order.lines) {
    const stored = await rowOf('purchase_order_lines', line.id);
    const receipts = await rowsOf('purchase_receipt_lines', 'purchase_order_line_id', line.id);
    const received = receipts.reduce(
      (sum, r) => sum + Number(r.posted) + (r.settled === 'accepted' ? Number(r.held) : 0),
      0,
    );
    const held = receipts.reduce((sum, r) => sum + (r.settled === null ? Number(r.held) : 0), 0);
    expect({ received: Number(stored.received), held: Number(stored.held) }).toEqual({ received, held });
  }
}

async function movementsOf(productId: string): Promise<Record<string, unknown>[]> {
  return rowsOf('stock_movements', 'product_id', productId);
}

describe('[PUR-17] [PUR-18] a partial receipt, replayed twice', () => {
  test('stock, received and the cost move once; the order is partly received', async () => {
    const [carrots, bananas] = [product(0), product(1)];
    await setCost(carrots.id, 50);
    const order = await makeOrder(shop, supplier, [
      { product: carrots, quantity: 24, unitCost: 60 },
      { product: bananas, quantity: 10, unitCost: 90 },
    ]);
    const receipt = receiveOrderOp(order, { terminalId: till.id }, [
      { line: nth(order.lines, 0), quantity: 12, unitCost: 65 },
    ]);
    const [first] = await applyOps(shop.manager.client, [receipt]);
    expect(first).toMatchObject({
      status: 'applied',
      result: { id: receipt.args.id, status: 'partly_received', posted: 12, held: 0 },
    });
    // The answer was lost: the batch again (duplicate), then the same receipt under a new op id.
    const [again] = await applyOps(shop.manager.client, [receipt]);
    expect(again?.status).toBe('duplicate');
    const [resent] = await applyOps(shop.manager.client, [op(receipt.name, receipt.args)]);
    expect(resent).toMatchObject({ status: 'applied', result: { already_recorded: true, posted: 12 } });

    expect(await onHand(shop.manager.client, shop.storeId, carrots.id)).toBe(12);
    expect(await onHand(shop.manager.client, shop.storeId, bananas.id)).toBe(0);
    const lineId = (receipt.args.lines as { id: string }[])[0]?.id;
    const moves = await movementsOf(carrots.id);
    expect(moves.map((m) => [m.id, Number(m.delta), m.reason, m.unit_cost])).toEqual([
      [lineId, 12, 'receive', 65],
    ]);
    expect(await costOf(carrots.id)).toBe(65); // method last
    expect(await orderStatus(order)).toBe('partly_received');
    expect(Number((await rowOf('purchase_order_lines', nth(order.lines, 0).id)).received)).toBe(12);
    await expectLineSums(order);
    const events = await rowsOf('stock_document_events', 'document_id', order.id);
    expect(events.map((e) => [e.kind, e.from_status, e.to_status])).toEqual([
      ['received', 'ordered', 'partly_received'],
    ]);
    expect(await rowsOf('purchase_receipts', 'purchase_order_id', order.id)).toHaveLength(1);

    // The rest arrives: every line has come, the order is received.
    const rest = receiveOrderOp(order, { terminalId: till.id }, [
      { line: nth(order.lines, 0), quantity: 12, seen: 12 },
      { line: nth(order.lines, 1), quantity: 10 },
    ]);
    expect(await applyOps(shop.manager.client, [rest])).toMatchObject([
      { status: 'applied', result: { status: 'received', posted: 22, held: 0 } },
    ]);
    expect(await onHand(shop.manager.client, shop.storeId, carrots.id)).toBe(24);
    await expectLineSums(order);
  });
});

describe('[PUR-19] [PUR-20] one order received at two tills, both offline', () => {
  async function twoTills(p: Product): Promise<{ order: Order; heldLine: string; firstReceipt: string }> {
    const order = await makeOrder(shop, supplier, [{ product: p, quantity: 24, unitCost: 60 }]);
    const one = receiveOrderOp(order, { terminalId: till.id }, [
      { line: nth(order.lines, 0), quantity: 12, unitCost: 60 },
    ]);
    const two = receiveOrderOp(order, { terminalId: secondTill.id }, [
      { line: nth(order.lines, 0), quantity: 12, unitCost: 60 },
    ]);
    expect(await applyOps(shop.manager.client, [one])).toMatchObject([{ result: { posted: 12, held: 0 } }]);
    expect(await applyOps(shop.manager.client, [two])).toMatchObject([
      { status: 'applied', result: { posted: 0, held: 12, status: 'partly_received' } },
    ]);
    const heldLine = (two.args.lines as { id: string }[])[0]?.id ?? '';
    expect(Number((await rowOf('purchase_order_lines', nth(order.lines, 0).id)).received)).toBe(12);
    expect(Number((await rowOf('purchase_order_lines', nth(order.lines, 0).id)).held)).toBe(12);
    expect(await onHand(shop.manager.client, shop.storeId, p.id)).toBe(12);
    await expectLineSums(order);
    const conflict = (await flagsOf(shop, 'receiving')).find(
      (f) => f.dedupe_key === `receiving:${heldLine}:conflict`,
    );
    expect(conflict?.detail).toMatchObject({ reason: 'conflict', overlap: 12, number: order.number });
    expect(new Set(conflict?.detail.receipt_ids as string[])).toEqual(new Set([one.args.id, two.args.id]));
    expect(new Set(conflict?.detail.terminal_ids as string[])).toEqual(new Set([till.id, secondTill.id]));
    return { order, heldLine, firstReceipt: one.args.id as string };
  }

  test('drop: one delivery scanned twice — nothing moves, who and why are kept', async () => {
    const p = product(2);
    const { order, heldLine } = await twoTills(p);
    expect(await applyOps(shop.cashier.client, [settleOp(heldLine, 'drop')])).toMatchObject([
      { status: 'rejected', error: { code: 'insufficient_role' } },
    ]);
    expect(await applyOps(shop.manager.client, [settleOp(heldLine, 'drop', 'scanned twice')])).toMatchObject([
      { status: 'applied', result: { action: 'drop', status: 'partly_received' } },
    ]);
    const line = await rowOf('purchase_receipt_lines', heldLine);
    expect(line).toMatchObject({
      settled: 'dropped',
      settled_by: shop.manager.id,
      settle_reason: 'scanned twice',
    });
    expect(await onHand(shop.manager.client, shop.storeId, p.id)).toBe(12);
    expect(Number((await rowOf('purchase_order_lines', nth(order.lines, 0).id)).held)).toBe(0);
    await expectLineSums(order);
    expect(await applyOps(shop.manager.client, [settleOp(heldLine, 'accept')])).toMatchObject([
      { status: 'rejected', error: { code: 'already_settled' } },
    ]);
  });

  test('accept: two deliveries — the held movement is written once, received and the order follow', async () => {
    const p = product(3);
    const { order, heldLine, firstReceipt } = await twoTills(p);
    const accept = settleOp(heldLine, 'accept');
    expect(await applyOps(shop.manager.client, [accept])).toMatchObject([
      { status: 'applied', result: { action: 'accept', status: 'received' } },
    ]);
    expect(await applyOps(shop.manager.client, [op(accept.name, accept.args)])).toMatchObject([
      { status: 'rejected', error: { code: 'already_settled' } },
    ]);
    expect(await onHand(shop.manager.client, shop.storeId, p.id)).toBe(24);
    const accepted = (await movementsOf(p.id)).filter((m) => m.id !== heldLine);
    expect(accepted.map((m) => Number(m.delta)).sort()).toEqual([12, 12]);
    expect(Number((await rowOf('purchase_order_lines', nth(order.lines, 0).id)).received)).toBe(24);
    await expectLineSums(order);
    expect(await orderStatus(order)).toBe('received');
    // A line with nothing held cannot be settled.
    const firstLine = (await rowsOf('purchase_receipt_lines', 'receipt_id', firstReceipt))[0]?.id as string;
    expect(await applyOps(shop.manager.client, [settleOp(firstLine, 'accept')])).toMatchObject([
      { status: 'rejected', error: { code: 'nothing_held' } },
    ]);
  });
});

describe('[PUR-22] the cost, worked', () => {
  test('average: 10 on hand at 50, a sale of 4 applied, then an offline receipt of 20 at 60 → 58', async () => {
    must(
      await shop.owner.client
        .from('companies')
        .update({ cost_method: 'average' })
        .eq('id', shop.companyId)
        .select('id'),
      'cost_method',
    );
    try {
      const carrots = product(4);
      await setCost(carrots.id, 50);
      const order = await makeOrder(shop, supplier, [{ product: carrots, quantity: 20, unitCost: 60 }]);
      const stocked = op('stock.move', {
        id: crypto.randomUUID(),
        store_id: shop.storeId,
        product_id: carrots.id,
        reason: 'adjust',
        delta: 10,
        occurred_at: new Date().toISOString(),
      });
      expect(await applyOps(shop.manager.client, [stocked])).toMatchObject([{ status: 'applied' }]);
      // 09:00 Counter 1 receives offline; 09:30 Counter 2 sells 4 and syncs; 10:00 Counter 1 syncs.
      const receipt = receiveOrderOp(order, { terminalId: till.id }, [
        { line: nth(order.lines, 0), quantity: 20, unitCost: 60 },
      ]);
      const sale = saleOp({ terminal: secondTill, lines: [{ product: carrots, quantity: 4 }] });
      expect(await applyOps(shop.manager.client, [sale])).toMatchObject([{ status: 'applied' }]);
      expect(await applyOps(shop.manager.client, [receipt])).toMatchObject([{ status: 'applied' }]);
      expect(await onHand(shop.manager.client, shop.storeId, carrots.id)).toBe(26);
      expect(await costOf(carrots.id)).toBe(58);
      const lines = await rowsOf('sale_lines', 'sale_id', sale.args.id as string);
      expect(lines.map((l) => l.unit_cost)).toEqual([50]);
    } finally {
      must(
        await shop.owner.client
          .from('companies')
          .update({ cost_method: 'last' })
          .eq('id', shop.companyId)
          .select('id'),
        'cost_method',
      );
    }
  });
});

describe('[PUR-10] [PUR-23] [PUR-43] who may receive', () => {
  test('another shop’s member: unknown_purchase_order, nothing written', async () => {
    const order = await makeOrder(shop, supplier, [{ product: product(5), quantity: 5 }]);
    const strangerTill = await registerTerminal(stranger.manager, stranger.storeId);
    const fromTill = receiveOrderOp(order, { terminalId: strangerTill.id }, [
      { line: nth(order.lines, 0), quantity: 5 },
    ]);
    const fromOffice = receiveOrderOp(order, { companyId: stranger.companyId }, [
      { line: nth(order.lines, 0), quantity: 5 },
    ]);
    expect(await applyOps(stranger.manager.client, [fromTill, fromOffice])).toMatchObject([
      { status: 'rejected', error: { code: 'unknown_purchase_order' } },
      { status: 'rejected', error: { code: 'unknown_purchase_order' } },
    ]);
    expect(await rowsOf('purchase_receipts', 'purchase_order_id', order.id)).toHaveLength(0);
    expect(await onHand(shop.manager.client, shop.storeId, product(5).id)).toBe(0);
  });

  test('a cashier where the shop does not let cashiers receive: insufficient_role; where it does: applied', async () => {
    const order = await makeOrder(shop, supplier, [{ product: product(5), quantity: 5 }]);
    const receipt = receiveOrderOp(order, { terminalId: till.id }, [
      { line: nth(order.lines, 0), quantity: 2 },
    ]);
    expect(await applyOps(shop.cashier.client, [receipt])).toMatchObject([
      { status: 'rejected', error: { code: 'insufficient_role' } },
    ]);
    expect(await rowsOf('applied_ops', 'op_id', receipt.op_id)).toHaveLength(0);
    await setPurchasingSettings(shop, { cashiers_receive: true });
    try {
      expect(await applyOps(shop.cashier.client, [op(receipt.name, receipt.args)])).toMatchObject([
        { status: 'applied', result: { posted: 2 } },
      ]);
      const receiptRow = await rowOf('purchase_receipts', receipt.args.id as string);
      expect(receiptRow).toMatchObject({
        staff_id: shop.cashier.id,
        recorded_by: shop.cashier.id,
        terminal_id: till.id,
      });
    } finally {
      await setPurchasingSettings(shop, { cashiers_receive: false });
    }
  });

  test('a verified cashier at a manager’s till where cashiers may not receive: applied and flagged not_allowed', async () => {
    const pat = must<{ id: string }>(
      await shop.manager.client.rpc('save_staff', {
        p_company_id: shop.companyId,
        p_staff: { name: 'Pat', role: 'cashier' },
      }),
      'save_staff',
    );
    const secret = await makePinSecret('4321', crypto.randomUUID().replaceAll('-', ''));
    must(
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
    const order = await makeOrder(shop, supplier, [{ product: product(6), quantity: 5 }]);
    const receipt = receiveOrderOp(order, { terminalId: till.id }, [
      { line: nth(order.lines, 0), quantity: 5 },
    ]);
    receipt.args.cashier_id = pat.id;
    receipt.args.cashier_proof = await signProof(
      secret.key,
      'cashier',
      shop.companyId,
      'purchase_order.receive',
      receipt.args.id as string,
      'sell',
    );
    expect(await applyOps(shop.manager.client, [receipt])).toMatchObject([
      { status: 'applied', result: { posted: 5 } },
    ]);
    const lineId = (receipt.args.lines as { id: string }[])[0]?.id;
    const flag = (await flagsOf(shop, 'receiving')).find(
      (f) => f.dedupe_key === `receiving:${lineId}:not_allowed`,
    );
    expect(flag?.detail).toMatchObject({ reason: 'not_allowed', staff_id: pat.id, terminal_id: till.id });
    expect(await rowOf('purchase_receipts', receipt.args.id as string)).toMatchObject({ staff_id: pat.id });
  });

  test('[PUR-23] a manager’s back-office receipt (no till, no person), replayed twice, posts stock and the cost once; a cashier’s is refused in words', async () => {
    const p = product(8);
    await setCost(p.id, 50);
    const order = await makeOrder(shop, supplier, [{ product: p, quantity: 10, unitCost: 60 }]);
    const office = receiveOrderOp(order, { companyId: shop.companyId }, [
      { line: nth(order.lines, 0), quantity: 4, unitCost: 70 },
    ]);
    expect(await applyOps(shop.manager.client, [office])).toMatchObject([
      { status: 'applied', result: { status: 'partly_received', posted: 4, held: 0 } },
    ]);
    expect(await applyOps(shop.manager.client, [office])).toMatchObject([{ status: 'duplicate' }]);
    expect(await applyOps(shop.manager.client, [op(office.name, office.args)])).toMatchObject([
      { status: 'applied', result: { already_recorded: true, posted: 4 } },
    ]);
    expect(await onHand(shop.manager.client, shop.storeId, p.id)).toBe(4);
    const lineId = (office.args.lines as { id: string }[])[0]?.id;
    expect((await movementsOf(p.id)).map((m) => [m.id, Number(m.delta), m.store_id, m.unit_cost])).toEqual([
      [lineId, 4, shop.storeId, 70],
    ]);
    expect(await costOf(p.id)).toBe(70);
    expect(await rowOf('purchase_receipts', office.args.id as string)).toMatchObject({
      terminal_id: null,
      store_id: shop.storeId,
      recorded_by: shop.manager.id,
    });
    expect(await orderStatus(order)).toBe('partly_received');
    await expectLineSums(order);

    // A cashier has no back office: even where cashiers receive, a receipt with no till is refused in words.
    await setPurchasingSettings(shop, { cashiers_receive: true });
    try {
      const cashiers = receiveOrderOp(order, { companyId: shop.companyId }, [
        { line: nth(order.lines, 0), quantity: 2, seen: 4 },
      ]);
      const [refused] = await applyOps(shop.cashier.client, [cashiers]);
      expect(refused).toMatchObject({ status: 'rejected', error: { code: 'invalid_args' } });
      expect(refused?.error?.message).toMatch(/only a manager works from the back office/);
      expect(await rowsOf('purchase_receipts', 'id', cashiers.args.id as string)).toHaveLength(0);
    } finally {
      await setPurchasingSettings(shop, { cashiers_receive: false });
    }
    expect(await onHand(shop.manager.client, shop.storeId, p.id)).toBe(4);
  });

  test('from the back office a manager receives for the order’s store; a till of another store: wrong_store', async () => {
    const order = await makeOrder(shop, supplier, [{ product: product(7), quantity: 5 }]);
    const office = receiveOrderOp(order, { companyId: shop.companyId }, [
      { line: nth(order.lines, 0), quantity: 1 },
    ]);
    expect(await applyOps(shop.manager.client, [office])).toMatchObject([
      { status: 'applied', result: { posted: 1 } },
    ]);
    const other = must<{ id: string }>(
      await shop.owner.client
        .from('stores')
        .insert({ company_id: shop.companyId, name: 'Market Square' })
        .select('id')
        .single(),
      'store',
    );
    const otherTill = await registerTerminal(shop.manager, other.id, 'Market till');
    const wrong = receiveOrderOp(order, { terminalId: otherTill.id }, [
      { line: nth(order.lines, 0), quantity: 1 },
    ]);
    expect(await applyOps(shop.manager.client, [wrong])).toMatchObject([
      { status: 'rejected', error: { code: 'wrong_store' } },
    ]);
  });
});

describe('[PUR-10] [DEV-7] a paired till', () => {
  test('receives only for its own store’s orders', async () => {
    const market = await addStore(shop, 'Market Square (devices)');
    const device = await pairDevice(shop.manager, shop.companyId, market, 'Market counter');
    const deviceTill = await registerTerminal(
      { ...shop.manager, client: device.client },
      market,
      'Market device',
    );
    const order = await makeOrder(shop, supplier, [{ product: product(6), quantity: 5 }]);
    const receipt = receiveOrderOp(order, { terminalId: deviceTill.id }, [
      { line: nth(order.lines, 0), quantity: 1 },
    ]);
    receipt.args.cashier_id = shop.manager.id;
    expect(await applyOps(device.client, [receipt])).toMatchObject([
      {
        status: 'rejected',
        error: { code: 'insufficient_role', message: 'This till is paired with another store' },
      },
    ]);
    expect(await rowsOf('purchase_receipts', 'purchase_order_id', order.id)).toHaveLength(0);
  });
});

describe('[PUR-21] flags, never refusals', () => {
  test('over receipt, an extra, a far cost and a closed order are posted and flagged', async () => {
    const [p, extra] = [product(1), product(7)];
    const order = await makeOrder(shop, supplier, [{ product: p, quantity: 10, unitCost: 100 }]);
    must(
      await serviceClient().from('purchase_orders').update({ status: 'closed' }).eq('id', order.id),
      'close',
    );
    const receipt = receiveOrderOp(order, { terminalId: till.id }, [
      { line: nth(order.lines, 0), quantity: 12, unitCost: 130 },
      { product: extra, quantity: 1 },
    ]);
    expect(await applyOps(shop.manager.client, [receipt])).toMatchObject([
      { status: 'applied', result: { posted: 13, held: 0, status: 'closed' } },
    ]);
    const [first, second] = (receipt.args.lines as { id: string }[]).map((l) => l.id);
    const keys = (await flagsOf(shop, 'receiving')).map((f) => f.dedupe_key);
    expect(keys).toEqual(
      expect.arrayContaining([
        `receiving:${first}:over_receipt`,
        `receiving:${first}:cost`,
        `receiving:${first}:closed_order`,
        `receiving:${second}:extra`,
        `receiving:${second}:closed_order`,
      ]),
    );
    expect(await orderStatus(order)).toBe('closed');
  });
});

describe('[PUR-24] bad input, named', () => {
  test.each([
    ['a quantity that is not a number', 'twelve', 'invalid_quantity', 'lines[0].quantity'],
    ['more than 3 decimals', '1.2345', 'invalid_quantity', 'lines[0].quantity'],
    ['zero', 0, 'invalid_quantity', 'lines[0].quantity'],
    ['below zero', -3, 'invalid_quantity', 'lines[0].quantity'],
  ])('%s: %s', async (_what, quantity, code, field) => {
    const order = await makeOrder(shop, supplier, [{ product: product(0), quantity: 5 }]);
    const receipt = receiveOrderOp(order, { terminalId: till.id }, [{ line: nth(order.lines, 0), quantity }]);
    const [answer] = await applyOps(shop.manager.client, [receipt]);
    expect(answer).toMatchObject({ status: 'rejected', error: { code } });
    expect(answer?.error?.message).toContain(field);
    expect(await rowsOf('purchase_receipts', 'purchase_order_id', order.id)).toHaveLength(0);
  });

  test('no line: empty_document; a bad seen_received: invalid_args; another order’s line: invalid_args', async () => {
    const order = await makeOrder(shop, supplier, [{ product: product(0), quantity: 5 }]);
    const other = await makeOrder(shop, supplier, [{ product: product(0), quantity: 5 }]);
    const empty = receiveOrderOp(order, { terminalId: till.id }, []);
    const badSeen = receiveOrderOp(order, { terminalId: till.id }, [
      { line: nth(order.lines, 0), quantity: 1 },
    ]);
    nth(badSeen.args.lines as Record<string, unknown>[], 0).seen_received = -1;
    const foreign = receiveOrderOp(order, { terminalId: till.id }, [
      { line: nth(other.lines, 0), quantity: 1 },
    ]);
    expect(await applyOps(shop.manager.client, [empty, badSeen, foreign])).toMatchObject([
      { status: 'rejected', error: { code: 'empty_document' } },
      { status: 'rejected', error: { code: 'invalid_args' } },
      { status: 'rejected', error: { code: 'invalid_args' } },
    ]);
    expect(await rowsOf('purchase_receipts', 'purchase_order_id', order.id)).toHaveLength(0);
  });
});

describe('[PUR-24] [PUR-21] a product deleted after the till pulled the order', () => {
  async function remove(p: Product): Promise<void> {
    must(
      await serviceClient()
        .from('products')
        .update({ deleted_at: new Date().toISOString() })
        .eq('id', p.id)
        .select('id'),
      'delete product',
    );
  }

  test('on the order it is received; as an extra it is received and flagged deleted', async () => {
    const [ordered, extra] = [product(4), product(5)];
    const order = await makeOrder(shop, supplier, [{ product: ordered, quantity: 6 }]);
    await Promise.all([remove(ordered), remove(extra)]);
    const before = await Promise.all(
      [ordered, extra].map((p) => onHand(shop.manager.client, shop.storeId, p.id)),
    );
    const receipt = receiveOrderOp(order, { terminalId: till.id }, [
      { line: nth(order.lines, 0), quantity: 6 },
      { product: extra, quantity: 2 },
    ]);
    expect(await applyOps(shop.manager.client, [receipt])).toMatchObject([
      { status: 'applied', result: { posted: 8, held: 0, status: 'received' } },
    ]);
    const after = await Promise.all(
      [ordered, extra].map((p) => onHand(shop.manager.client, shop.storeId, p.id)),
    );
    expect(after.map((n, i) => n - (before[i] ?? 0))).toEqual([6, 2]);
    await expectLineSums(order);
    const [first, second] = (receipt.args.lines as { id: string }[]).map((l) => l.id);
    const flags = (await flagsOf(shop, 'receiving')).filter((f) =>
      [first, second].some((id) => f.dedupe_key.startsWith(`receiving:${id ?? ''}:`)),
    );
    expect(flags.map((f) => [f.dedupe_key, f.detail.deleted])).toEqual([[`receiving:${second}:extra`, true]]);
  });

  test('another shop’s product or an unknown id is still unknown_product; a draft still refuses it', async () => {
    const gone = product(6);
    const order = await makeOrder(shop, supplier, [{ product: product(0), quantity: 1 }]);
    const theirs = nth(stranger.products, 0);
    await Promise.all([remove(gone), remove(theirs)]);
    const unknown = { ...gone, id: uuidv7() };
    const answers = await applyOps(
      shop.manager.client,
      [theirs, unknown].map((p) =>
        receiveOrderOp(order, { terminalId: till.id }, [{ product: p, quantity: 1 }]),
      ),
    );
    expect(answers).toMatchObject([
      { status: 'rejected', error: { code: 'unknown_product' } },
      { status: 'rejected', error: { code: 'unknown_product' } },
    ]);
    expect(await rowsOf('purchase_receipts', 'purchase_order_id', order.id)).toHaveLength(0);
    const draft = op('purchase_order.save', {
      id: uuidv7(),
      company_id: shop.companyId,
      store_id: shop.storeId,
      supplier_id: supplier,
      lines: [{ id: uuidv7(), product_id: gone.id, quantity: 1 }],
    });
    expect(await applyOps(shop.manager.client, [draft])).toMatchObject([
      { status: 'rejected', error: { code: 'unknown_product' } },
    ]);
  });
});
