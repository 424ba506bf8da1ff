// Transfers between two stores on the server (supabase/SPEC.md [PUR-25]…[PUR-30]; docs/purchasing.md
// "Transfers"), through supabase-js as tills push: a transfer sent from one store, received in part with
// damage at the other, closed with the rest lost or returned, every op replayed twice — and stock is never
// counted in two places or none.
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { applyOps, onHand, op, type Op } from '../support/ops';
import {
  closeTransferOp,
  flagsOf,
  receiveTransferOp,
  rowOf,
  rowsOf,
  saveTransferOp,
  sendTransferOp,
  settleTransferOp,
  transferLineFigures,
  type Transfer,
} from '../support/receiving';
import {
  addStore,
  createShop,
  nth,
  registerTerminal,
  type Product,
  type Shop,
  type Terminal,
} from '../support/shop';

let shop: Shop;
let stranger: Shop;
let marketSquare: string;
let mainTill: Terminal;
let marketTill: Terminal;
let marketTill2: Terminal;

const product = (index: number): Product => nth(shop.products, index);

beforeAll(async () => {
  [shop, stranger] = await Promise.all([createShop({ products: 8 }), createShop({ products: 1 })]);
  marketSquare = await addStore(shop, 'Market Square');
  mainTill = await registerTerminal(shop.manager, shop.storeId, 'Main Street 1');
  marketTill = await registerTerminal(shop.manager, marketSquare, 'Market Square 1');
  marketTill2 = await registerTerminal(shop.manager, marketSquare, 'Market Square 2');
  const stock = shop.products.map((p) =>
    op('stock.move', {
      id: crypto.randomUUID(),
      store_id: shop.storeId,
      product_id: p.id,
      reason: 'adjust',
      delta: 50,
      occurred_at: new Date().toISOString(),
    }),
  );
  expect((await applyOps(shop.manager.client, stock)).every((a) => a.status === 'applied')).toBe(true);
});

/** Applies ops one batch each and expects every answer's status in order. */
async function apply(ops: Op[], statuses: string[]) {
  const answers = await applyOps(shop.manager.client, ops);
  expect(
    answers.map((a) => (a.status === 'rejected' ? `rejected:${a.error?.code ?? ''}` : a.status)),
  ).toEqual(statuses);
  return answers;
}

/** [PUR-30] Σ on hand over the stores + in transit + damaged + lost of a product, and each line's balance. */
async function shopTotal(p: Product, transfer: Transfer): Promise<number> {
  let total =
    (await onHand(shop.manager.client, shop.storeId, p.id)) +
    (await onHand(shop.manager.client, marketSquare, p.id));
  for (const line of transfer.lines.filter((l) => l.product.id === p.id)) {
    const f = await transferLineFigures(line.id);
    const inTransit = f.sent - f.received - f.damaged - f.lost - f.returned;
    expect(inTransit).toBeGreaterThanOrEqual(0);
    expect(Object.values(f).every((v) => v >= 0)).toBe(true);
    total += inTransit + f.damaged + f.lost;
  }
  return total;
}

async function makeTransfer(lines: { product: Product; quantity: number }[]): Promise<Transfer> {
  const { op: save, transfer } = saveTransferOp(shop, shop.storeId, marketSquare, lines);
  const [answer] = await apply([save], ['applied']);
  expect(answer?.result).toMatchObject({ id: transfer.id, status: 'draft', version: 1 });
  return transfer;
}

describe('[PUR-25] [PUR-26] [PUR-27] [PUR-29] [PUR-30] the issue’s transfer across two stores', () => {
  test('sent, received in part with damage, closed with the rest returned; every op replayed twice', async () => {
    const [pens, pencils] = [product(0), product(1)];
    const transfer = await makeTransfer([
      { product: pens, quantity: 10 },
      { product: pencils, quantity: 5 },
    ]);
    const [penLine, pencilLine] = [nth(transfer.lines, 0), nth(transfer.lines, 1)];
    const before = { pens: await shopTotal(pens, transfer), pencils: await shopTotal(pencils, transfer) };

    const send = sendTransferOp(transfer, mainTill.id);
    await apply([send], ['applied']);
    await apply([send], ['duplicate']);
    expect((await apply([op(send.name, send.args)], ['applied']))[0]?.result).toMatchObject({
      already_sent: true,
    });
    expect(await onHand(shop.manager.client, shop.storeId, pens.id)).toBe(40);
    expect(await onHand(shop.manager.client, shop.storeId, pencils.id)).toBe(45);
    expect((await rowOf('transfers', transfer.id)).status).toBe('in_transit');
    const sendMove = await rowOf('stock_movements', penLine.id);
    expect([Number(sendMove.delta), sendMove.reason, sendMove.store_id]).toEqual([
      -10,
      'transfer',
      shop.storeId,
    ]);

    // Market Square: 6 pens and 1 broken, all 5 pencils.
    const receipt = receiveTransferOp(transfer, marketTill.id, [
      { line: penLine, received: 6, damaged: 1 },
      { line: pencilLine, received: 5 },
    ]);
    expect((await apply([receipt], ['applied']))[0]?.result).toMatchObject({
      status: 'partly_received',
      posted: 12,
      held: 0,
    });
    await apply([receipt], ['duplicate']);
    expect((await apply([op(receipt.name, receipt.args)], ['applied']))[0]?.result).toMatchObject({
      already_recorded: true,
    });
    expect(await onHand(shop.manager.client, marketSquare, pens.id)).toBe(6);
    expect(await onHand(shop.manager.client, marketSquare, pencils.id)).toBe(5);
    expect(await transferLineFigures(penLine.id)).toEqual({
      sent: 10,
      received: 6,
      damaged: 1,
      held: 0,
      lost: 0,
      returned: 0,
    });
    const penReceiptLine = (receipt.args.lines as { id: string }[])[0]?.id;
    const damaged = (await flagsOf(shop, 'transfer')).find(
      (f) => f.dedupe_key === `transfer:${penReceiptLine}:damaged`,
    );
    expect(damaged?.detail).toMatchObject({ reason: 'damaged', damaged: 1, transfer_id: transfer.id });

    // Closed: the 3 pens still on the way went back to Main Street.
    const close = closeTransferOp(transfer, 'close', 'returned');
    expect((await apply([close], ['applied']))[0]?.result).toMatchObject({ status: 'closed' });
    await apply([close], ['duplicate']);
    await apply([op(close.name, close.args)], ['rejected:wrong_status']);
    expect(await onHand(shop.manager.client, shop.storeId, pens.id)).toBe(43);
    expect(await transferLineFigures(penLine.id)).toMatchObject({ returned: 3, lost: 0 });
    expect({ pens: await shopTotal(pens, transfer), pencils: await shopTotal(pencils, transfer) }).toEqual({
      pens: before.pens,
      pencils: before.pencils,
    });
    const events = await rowsOf('stock_document_events', 'document_id', transfer.id);
    expect(events.map((e) => e.kind).sort()).toEqual(['closed', 'created', 'received', 'sent']);
  });

  test('closed with the rest lost: no movement, flagged with its value', async () => {
    const p = product(2);
    const transfer = await makeTransfer([{ product: p, quantity: 8 }]);
    const line = nth(transfer.lines, 0);
    const before = await shopTotal(p, transfer);
    await apply([sendTransferOp(transfer, mainTill.id)], ['applied']);
    await apply([receiveTransferOp(transfer, marketTill.id, [{ line, received: 5 }])], ['applied']);
    await apply([closeTransferOp(transfer, 'close', 'lost')], ['applied']);
    expect(await transferLineFigures(line.id)).toMatchObject({ sent: 8, received: 5, lost: 3, returned: 0 });
    expect(await onHand(shop.manager.client, shop.storeId, p.id)).toBe(42);
    expect(await shopTotal(p, transfer)).toBe(before);
    expect((await flagsOf(shop, 'transfer')).map((f) => f.dedupe_key)).toContain(`transfer:${line.id}:lost`);
  });
});

describe('[PUR-27] [PUR-28] received at two tills, and more than was sent', () => {
  test('the overlap of a second till is held; dropping it moves nothing', async () => {
    const p = product(3);
    const transfer = await makeTransfer([{ product: p, quantity: 10 }]);
    const line = nth(transfer.lines, 0);
    const before = await shopTotal(p, transfer);
    await apply([sendTransferOp(transfer, mainTill.id)], ['applied']);
    const one = receiveTransferOp(transfer, marketTill.id, [{ line, received: 10 }]);
    const two = receiveTransferOp(transfer, marketTill2.id, [{ line, received: 10 }]);
    await apply([one], ['applied']);
    expect((await apply([two], ['applied']))[0]?.result).toMatchObject({
      posted: 0,
      held: 10,
      status: 'partly_received',
    });
    expect(await onHand(shop.manager.client, marketSquare, p.id)).toBe(10);
    const held = (two.args.lines as { id: string }[])[0]?.id ?? '';
    expect((await flagsOf(shop, 'transfer')).map((f) => f.dedupe_key)).toContain(`transfer:${held}:conflict`);
    await apply([closeTransferOp(transfer, 'close', 'lost')], ['rejected:held_quantities']);
    expect((await apply([settleTransferOp(held, 'drop')], ['applied']))[0]?.result).toMatchObject({
      status: 'received',
    });
    await apply([settleTransferOp(held, 'drop')], ['rejected:already_settled']);
    expect(await onHand(shop.manager.client, marketSquare, p.id)).toBe(10);
    expect(await shopTotal(p, transfer)).toBe(before);
  });

  test('more than was sent is held (over); accepting it moves the excess from the sender, a pair', async () => {
    const p = product(4);
    const transfer = await makeTransfer([{ product: p, quantity: 4 }]);
    const line = nth(transfer.lines, 0);
    const before = await shopTotal(p, transfer);
    await apply([sendTransferOp(transfer, mainTill.id)], ['applied']);
    const receipt = receiveTransferOp(transfer, marketTill.id, [{ line, received: 6 }]);
    expect((await apply([receipt], ['applied']))[0]?.result).toMatchObject({ posted: 4, held: 2 });
    const held = (receipt.args.lines as { id: string }[])[0]?.id ?? '';
    expect((await flagsOf(shop, 'transfer')).map((f) => f.dedupe_key)).toContain(`transfer:${held}:over`);
    const accept = settleTransferOp(held, 'accept');
    expect((await apply([accept], ['applied']))[0]?.result).toMatchObject({ status: 'received' });
    await apply([accept], ['duplicate']);
    expect(await transferLineFigures(line.id)).toMatchObject({ sent: 6, received: 6, held: 0 });
    expect(await onHand(shop.manager.client, shop.storeId, p.id)).toBe(44);
    expect(await onHand(shop.manager.client, marketSquare, p.id)).toBe(6);
    expect(await shopTotal(p, transfer)).toBe(before);
  });

  test('a receipt before its send is held whole; accepted after the send arrives, it moves once', async () => {
    const p = product(5);
    const transfer = await makeTransfer([{ product: p, quantity: 5 }]);
    const line = nth(transfer.lines, 0);
    const before = await shopTotal(p, transfer);
    const receipt = receiveTransferOp(transfer, marketTill.id, [{ line, received: 5 }]);
    expect((await apply([receipt], ['applied']))[0]?.result).toMatchObject({
      posted: 0,
      held: 5,
      status: 'draft',
    });
    expect((await apply([sendTransferOp(transfer, mainTill.id)], ['applied']))[0]?.result).toMatchObject({
      status: 'partly_received',
    });
    const held = (receipt.args.lines as { id: string }[])[0]?.id ?? '';
    await apply([settleTransferOp(held, 'accept')], ['applied']);
    expect(await transferLineFigures(line.id)).toMatchObject({ sent: 5, received: 5, held: 0 });
    expect(await onHand(shop.manager.client, marketSquare, p.id)).toBe(5);
    expect(await onHand(shop.manager.client, shop.storeId, p.id)).toBe(45);
    expect(await shopTotal(p, transfer)).toBe(before);
    expect((await rowOf('transfers', transfer.id)).status).toBe('received');
  });

  test('sent again with other quantities: nothing moves, the first stands, flagged conflict', async () => {
    const p = product(6);
    const transfer = await makeTransfer([{ product: p, quantity: 5 }]);
    await apply([sendTransferOp(transfer, mainTill.id, [5])], ['applied']);
    expect((await apply([sendTransferOp(transfer, mainTill.id, [3])], ['applied']))[0]?.result).toMatchObject(
      {
        already_sent: true,
      },
    );
    expect(await onHand(shop.manager.client, shop.storeId, p.id)).toBe(45);
    expect(await transferLineFigures(nth(transfer.lines, 0).id)).toMatchObject({ sent: 5 });
    expect((await flagsOf(shop, 'transfer')).map((f) => f.dedupe_key)).toContain(
      `transfer:${nth(transfer.lines, 0).id}:conflict`,
    );
  });
});

describe('[PUR-25] [PUR-10] [PUR-43] drafts, roles and another shop', () => {
  test('a draft is replaced at its version, refused when stale, cancelled only as a draft', async () => {
    const [a, b] = [product(0), product(7)];
    const { op: save, transfer } = saveTransferOp(shop, shop.storeId, marketSquare, [
      { product: a, quantity: 2 },
    ]);
    await apply([save], ['applied']);
    const edit = op('transfer.save', {
      ...save.args,
      base_version: 1,
      lines: [{ id: crypto.randomUUID(), product_id: b.id, quantity: 3 }],
    });
    expect((await apply([edit], ['applied']))[0]?.result).toMatchObject({ version: 2, status: 'draft' });
    // The line left out is marked removed, never deleted (a till's pull hears of it).
    const lines = await rowsOf('transfer_lines', 'transfer_id', transfer.id);
    expect(lines.filter((l) => l.removed_at === null).map((l) => l.product_id)).toEqual([b.id]);
    await apply([op('transfer.save', { ...edit.args })], ['rejected:stale_document']);
    const same = saveTransferOp(shop, shop.storeId, shop.storeId, [{ product: a, quantity: 1 }]);
    const twice = saveTransferOp(shop, shop.storeId, marketSquare, [
      { product: a, quantity: 1 },
      { product: a, quantity: 2 },
    ]);
    const zero = saveTransferOp(shop, shop.storeId, marketSquare, [{ product: a, quantity: 0 }]);
    await apply(
      [same.op, twice.op, zero.op],
      ['rejected:same_store', 'rejected:duplicate_line', 'rejected:invalid_quantity'],
    );
    await apply([closeTransferOp(transfer, 'cancel')], ['applied']);
    await apply([op('transfer.save', { ...edit.args, base_version: 3 })], ['rejected:wrong_status']);
  });

  test('a cashier may not send where cashiers do not receive; another shop’s member: unknown_transfer', async () => {
    const p = product(7);
    const transfer = await makeTransfer([{ product: p, quantity: 1 }]);
    expect(await applyOps(shop.cashier.client, [sendTransferOp(transfer, mainTill.id)])).toMatchObject([
      { status: 'rejected', error: { code: 'insufficient_role' } },
    ]);
    expect(await applyOps(shop.cashier.client, [closeTransferOp(transfer, 'cancel')])).toMatchObject([
      { status: 'rejected', error: { code: 'insufficient_role' } },
    ]);
    const strangerTill = await registerTerminal(stranger.manager, stranger.storeId);
    expect(
      await applyOps(stranger.manager.client, [
        sendTransferOp(transfer, strangerTill.id),
        closeTransferOp(transfer, 'cancel'),
      ]),
    ).toMatchObject([
      { status: 'rejected', error: { code: 'unknown_transfer' } },
      { status: 'rejected', error: { code: 'unknown_transfer' } },
    ]);
    // Sent from the receiving store's till: wrong_store.
    await apply([sendTransferOp(transfer, marketTill.id)], ['rejected:wrong_store']);
    await apply(
      [receiveTransferOp(transfer, mainTill.id, [{ line: nth(transfer.lines, 0), received: 1 }])],
      ['rejected:wrong_store'],
    );
  });
});

describe('[PUR-27] [PUR-24] bad input, named', () => {
  test('a receipt of nothing, or of a quantity that is not a number, is refused and writes nothing', async () => {
    const transfer = await makeTransfer([{ product: product(0), quantity: 2 }]);
    const line = nth(transfer.lines, 0);
    const nothing = receiveTransferOp(transfer, marketTill.id, [{ line, received: 0 }]);
    const word = receiveTransferOp(transfer, marketTill.id, [{ line, received: 'two' }]);
    const answers = await apply([nothing, word], ['rejected:invalid_quantity', 'rejected:invalid_quantity']);
    expect(answers[1]?.error?.message).toContain('lines[0].received');
    expect(await rowsOf('transfer_receipts', 'transfer_id', transfer.id)).toHaveLength(0);
  });
});

/** One step of [PUR-30]'s property: what a till or a manager does next. */
type Step =
  | { kind: 'send'; sent: number }
  | { kind: 'receive'; till: number; received: number; damaged: number; synced: boolean }
  | { kind: 'replay'; pick: number }
  | { kind: 'resend'; pick: number }
  | { kind: 'settle'; pick: number; accept: boolean }
  | { kind: 'close'; returned: boolean };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('send' as const), sent: fc.integer({ min: 0, max: 6 }) }),
  fc.record({
    kind: fc.constant('receive' as const),
    till: fc.integer({ min: 0, max: 1 }),
    received: fc.integer({ min: 0, max: 6 }),
    damaged: fc.integer({ min: 0, max: 2 }),
    synced: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('resend' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('settle' as const), pick: fc.nat(), accept: fc.boolean() }),
  fc.record({ kind: fc.constant('close' as const), returned: fc.boolean() }),
);

/** Refusals a step may meet (a send of nothing, a receipt of nothing, a close with held goods …): never others. */
const EXPECTED_REFUSALS = new Set([
  'empty_document',
  'invalid_quantity',
  'wrong_status',
  'held_quantities',
  'nothing_held',
  'already_settled',
]);

describe('[PUR-30] never in two places or none', () => {
  test('property: random sends, receipts at two tills, replays, resent receipts, settles and closes', async () => {
    const p = product(7);
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 8 }), async (steps) => {
        const transfer = await makeTransfer([{ product: p, quantity: 5 }]);
        const line = nth(transfer.lines, 0);
        const before = await shopTotal(p, transfer);
        const sent: Op[] = [];
        const firstStatus = new Map<string, string>();
        const receiptLines: string[] = [];
        for (const step of steps) {
          let next: Op;
          const known = await transferLineFigures(line.id);
          if (step.kind === 'send') next = sendTransferOp(transfer, mainTill.id, [step.sent]);
          else if (step.kind === 'receive') {
            const till = step.till === 0 ? marketTill : marketTill2;
            next = receiveTransferOp(transfer, till.id, [
              {
                line,
                received: step.received,
                damaged: step.damaged,
                seen: step.synced ? known.received + known.damaged + known.held : 0,
              },
            ]);
          } else if (step.kind === 'replay' || step.kind === 'resend') {
            if (sent.length === 0) continue;
            const previous = nth(sent, step.pick % sent.length);
            next = step.kind === 'replay' ? previous : op(previous.name, previous.args);
          } else if (step.kind === 'settle') {
            if (receiptLines.length === 0) continue;
            next = settleTransferOp(
              nth(receiptLines, step.pick % receiptLines.length),
              step.accept ? 'accept' : 'drop',
            );
          } else next = closeTransferOp(transfer, 'close', step.returned ? 'returned' : 'lost');
          const [answer] = await applyOps(shop.manager.client, [next]);
          if (answer?.status === 'rejected') expect(EXPECTED_REFUSALS).toContain(answer.error?.code);
          // A replayed op answers as it did first: an applied one is a duplicate, a refused one refused again.
          if (step.kind === 'replay') {
            expect(answer?.status).toBe(firstStatus.get(next.op_id) === 'applied' ? 'duplicate' : 'rejected');
          } else firstStatus.set(next.op_id, answer?.status ?? '');
          if (answer?.status === 'applied' && next.name === 'transfer.receive') {
            receiptLines.push(...(next.args.lines as { id: string }[]).map((l) => l.id));
          }
          sent.push(next);
          expect(await shopTotal(p, transfer)).toBe(before);
        }
      }),
      { seed: 20261213, numRuns: 15 },
    );
  });
});
