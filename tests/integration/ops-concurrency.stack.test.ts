// apply_ops under concurrency and reordering (supabase/SPEC.md [OPS-3], [STOCK-1]): concurrent batches from
// two terminals leave the exact on-hand, the same batch racing itself applies once, and a seeded fast-check
// property — any interleaving, duplication and splitting of the terminals' batches (each terminal's own ops
// staying in order, as its outbox sends them) — ends in the same final state.
import fc from 'fast-check';
import { beforeAll, expect, test } from 'vitest';
import { applyOps, onHand, op, refundOp, saleArgs } from '../support/ops';
import type { Op } from '../support/ops';
import { createShop, must, nth, registerTerminal } from '../support/shop';
import type { Product, Shop, Terminal } from '../support/shop';

let shop: Shop;

beforeAll(async () => {
  shop = await createShop({ products: 1 });
});

async function freshProducts(count: number): Promise<Product[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    company_id: shop.companyId,
    name: `Racing product ${i}`,
    price: 120 + 35 * i,
    tax_rate_bp: i === 1 ? 550 : 2000,
  }));
  return must<Product[]>(
    await shop.manager.client
      .from('products')
      .insert(rows)
      .select('id, name, sku, price, tax_rate_bp, track_stock'),
    'insert products',
  );
}

test('[STOCK-1] two terminals selling the same product in concurrent batches leave the exact on-hand', async () => {
  const [product] = await freshProducts(1);
  if (!product) throw new Error('no product');
  const [a, b] = await Promise.all([
    registerTerminal(shop.cashier, shop.storeId, 'Till A'),
    registerTerminal(shop.manager, shop.storeId, 'Till B'),
  ]);
  const batch = (terminal: Terminal, quantities: number[]) =>
    quantities.map((quantity) => op('sale.record', saleArgs({ terminal, lines: [{ product, quantity }] })));
  const rounds = [
    [batch(a, [1, 2, 3, 1, 1]), batch(b, [2, 2, 1])],
    [batch(a, [1.5, 0.25]), batch(b, [4, 1, 1, 1])],
    [batch(a, [3]), batch(b, [2.75, 1])],
  ];
  let sold = 0;
  for (const [fromA, fromB] of rounds) {
    if (!fromA || !fromB) throw new Error('bad round');
    const answers = await Promise.all([
      applyOps(shop.cashier.client, fromA),
      applyOps(shop.manager.client, fromB),
    ]);
    expect(answers.flat().every((answer) => answer.status === 'applied')).toBe(true);
    sold += [...fromA, ...fromB].reduce(
      (sum, o) => sum + nth(o.args.lines as { quantity: number }[], 0).quantity,
      0,
    );
  }
  expect(await onHand(shop.manager.client, shop.storeId, product.id)).toBeCloseTo(-sold, 3);
});

test('[OPS-3] the same batch racing itself from two connections applies once', async () => {
  const [product] = await freshProducts(1);
  if (!product) throw new Error('no product');
  const till = await registerTerminal(shop.cashier, shop.storeId);
  const ops = [1, 2, 3].map((quantity) =>
    op('sale.record', saleArgs({ terminal: till, lines: [{ product, quantity }] })),
  );
  const [first, second] = await Promise.all([
    applyOps(shop.cashier.client, ops),
    applyOps(shop.manager.client, ops),
  ]);
  const statuses = first.map((answer, i) => [answer.status, second[i]?.status].sort());
  expect(statuses).toEqual(ops.map(() => ['applied', 'duplicate']));
  expect(await onHand(shop.manager.client, shop.storeId, product.id)).toBe(-6);
});

interface Plan {
  /** Per terminal, its ops in outbox order. */
  queues: Op[][];
  expectedOnHand: Map<string, number>;
  expectedStatus: Map<string, string>;
}

/** Two terminals' outboxes: sales over three products, a refund of an own earlier sale, a customer, a bad op. */
async function plan(shape: { quantities: number[][]; refund: boolean[] }): Promise<Plan> {
  const products = await freshProducts(3);
  const terminals = await Promise.all(
    [0, 1].map((i) => registerTerminal(shop.cashier, shop.storeId, `Prop ${i}`)),
  );
  const expectedOnHand = new Map(products.map((p) => [p.id, 0]));
  const expectedStatus = new Map<string, string>();
  const queues = terminals.map((terminal, t) => {
    const queue: Op[] = [];
    for (const [i, quantity] of (shape.quantities[t] ?? []).entries()) {
      const product = nth(products, i % 3);
      const args = saleArgs({ terminal, lines: [{ product, quantity }] });
      queue.push(op('sale.record', args));
      expectedStatus.set(nth(queue, queue.length - 1).op_id, 'applied');
      expectedOnHand.set(product.id, (expectedOnHand.get(product.id) ?? 0) - quantity);
      if (shape.refund[t] && i === 0) {
        queue.push(refundOp(terminal, args, [{ line: 0, quantity: 1 }]));
        expectedStatus.set(nth(queue, queue.length - 1).op_id, 'applied');
        expectedOnHand.set(product.id, (expectedOnHand.get(product.id) ?? 0) + 1);
      }
    }
    const customer = op('customer.upsert', {
      id: crypto.randomUUID(),
      company_id: shop.companyId,
      name: `Customer ${t}`,
    });
    const bad = op('sale.record', {
      ...saleArgs({ terminal, lines: [{ product: nth(products, 0), quantity: 1 }] }),
      total: 1,
    });
    queue.push(customer, bad);
    expectedStatus.set(customer.op_id, 'applied');
    expectedStatus.set(bad.op_id, 'rejected:total_mismatch');
    return queue;
  });
  return { queues, expectedOnHand, expectedStatus };
}

/** Sends both queues as the schedule says: chunk sizes, which terminal goes next, replays of sent ops. */
async function send(
  queues: Op[][],
  schedule: { terminal: number; size: number; replay: number }[],
): Promise<void> {
  const position = queues.map(() => 0);
  const sent: Op[] = [];
  for (let step = 0; position.some((p, t) => p < nth(queues, t).length); step += 1) {
    const { terminal, size, replay } = schedule[step % Math.max(schedule.length, 1)] ?? {
      terminal: 0,
      size: 3,
      replay: 0,
    };
    const t = nth(position, terminal) < nth(queues, terminal).length ? terminal : 1 - terminal;
    const fresh = nth(queues, t).slice(nth(position, t), nth(position, t) + size);
    position[t] = nth(position, t) + fresh.length;
    const replays =
      sent.length > 0
        ? Array.from({ length: replay }, (_, i) => nth(sent, (step * 7 + i * 3) % sent.length))
        : [];
    const batch = [...replays.slice(0, 1), ...fresh, ...replays.slice(1)];
    // Managers and owners may send every op here (refunds need a manager).
    const clients = [shop.manager.client, shop.owner.client];
    await applyOps(nth(clients, step % 2), batch);
    sent.push(...fresh);
  }
}

test('[OPS-3] property: any interleaving, duplication and splitting of the batches yields the same final state', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.record({
        quantities: fc.tuple(
          fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 5 }),
          fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 5 }),
        ),
        refund: fc.tuple(fc.boolean(), fc.boolean()),
        schedule: fc.array(
          fc.record({
            terminal: fc.integer({ min: 0, max: 1 }),
            size: fc.integer({ min: 1, max: 4 }),
            replay: fc.integer({ min: 0, max: 3 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
      }),
      async ({ quantities, refund, schedule }) => {
        const { queues, expectedOnHand, expectedStatus } = await plan({ quantities, refund });
        await send(queues, schedule);
        // A lost response after the last batch: the whole outbox again, in one batch, changes nothing.
        const replay = await applyOps(shop.manager.client, queues.flat());
        expect(replay.every((a) => a.status !== 'applied')).toBe(true);
        for (const [productId, expected] of expectedOnHand) {
          expect(await onHand(shop.manager.client, shop.storeId, productId)).toBeCloseTo(expected, 3);
        }
        const recorded = must<{ op_id: string; status: string; error: { code: string } | null }[]>(
          await shop.manager.client
            .from('applied_ops')
            .select('op_id, status, error')
            .in('op_id', [...expectedStatus.keys()]),
          'read applied_ops',
        );
        const statuses = new Map(
          recorded.map((r) => [r.op_id, r.error ? `${r.status}:${r.error.code}` : r.status]),
        );
        expect(statuses).toEqual(expectedStatus);
      },
    ),
    { seed: 20261121, numRuns: 12 },
  );
});
