// [PROMO-1]…[PROMO-14] The till and the server work out the same promotions: src/domain/promotions'
// applyPromotions and the migration's private.promotion_outcome, run in an in-memory PGlite on the same
// generated sales — every kind, schedules in several time zones around daylight-saving changes, stores,
// customers, coupons, promotions taken off, manual discounts, weighed lines, variants, gift cards and
// promotions with problems — and on hand-picked edges. The SQL reads and answers the stored snake_case shapes
// (notes/promo-contract.md), so the inputs and the till's answer are put in snake_case key by key.
import type { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  saleContextArb,
  instantArb,
  saleLinesArb,
  saleRulesArb,
} from '../../src/domain/promotions/promotion-arbitraries';
import type {
  Promotion,
  PromoContext,
  PromoLine,
  PromotionOutcome,
} from '../../src/domain/promotions/promotion-types';
import { category, items, line, promo, run, sale } from '../../src/domain/promotions/test-promotions';
import { migrationAlone } from '../support/migration-alone';
import { snake } from '../support/snake-case';

const CASES = Number(process.env.PROPERTY_RUNS ?? 1000);
/** Sales sent to PGlite in one query: a round trip each would be most of the time. */
const BATCH = 25;

let db: PGlite;

beforeAll(async () => {
  db = await migrationAlone('20261210100000_promotion_rules.sql');
}, 60_000);

afterAll(async () => {
  await db.close();
});

interface Sale {
  lines: PromoLine[];
  promotions: Promotion[];
  context: PromoContext;
}

async function serverOutcomes(sales: readonly Sale[]): Promise<unknown[]> {
  const result = await db.query<{ outcomes: unknown[] }>(
    `select pg_catalog.jsonb_agg(private.promotion_outcome(s -> 'lines', s -> 'promotions', s -> 'context')
                                 order by i) as outcomes
     from pg_catalog.jsonb_array_elements($1::jsonb) with ordinality as x(s, i)`,
    [JSON.stringify(snake(sales))],
  );
  return result.rows[0]?.outcomes ?? [];
}

function tillOutcome({ lines, promotions, context }: Sale): PromotionOutcome {
  return run(lines, promotions, context);
}

/** Each sale's two answers must be equal; a difference names the sale, so it can be replayed alone. */
async function expectAgreement(sales: readonly Sale[]): Promise<void> {
  const server = await serverOutcomes(sales);
  sales.forEach((one, index) => {
    const till = snake(tillOutcome(one));
    if (JSON.stringify(server[index]) === JSON.stringify(till)) return;
    expect({ sale: snake(one), server: server[index] }).toEqual({ sale: snake(one), server: till });
  });
}

const saleArb: fc.Arbitrary<Sale> = instantArb.chain((atMs) =>
  fc.tuple(saleLinesArb(), saleRulesArb(atMs)).chain(([lines, promotions]) =>
    saleContextArb(
      atMs,
      promotions.map((p) => p.id),
    ).map((context) => ({ lines, promotions, context })),
  ),
);

// A difference is shrunk to the smallest sales that show it, which takes a minute or two: hence the long timeout.
test('[PROMO-1]…[PROMO-14] the till and the server work out the same promotions for any sale', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(saleArb, { minLength: BATCH, maxLength: BATCH }), expectAgreement),
    { numRuns: Math.max(1, Math.ceil(CASES / BATCH)) },
  );
}, 300_000);

const at = (iso: string, timeZone = 'Europe/Paris'): PromoContext => ({ ...sale, at: iso, timeZone });
const weighed = (lineId: string, productId: string, unitPrice: number, grams: number): PromoLine => ({
  ...line(lineId, productId, unitPrice),
  quantity: grams,
  weighed: true,
});

describe('[PROMO-1]…[PROMO-14] hand-picked edges', () => {
  const cart = [line('l1', 'p1', 300, 3), line('l2', 'p2', 500, 2), line('l3', 'p3', 199, 1)];

  test('[PROMO-1] [PROMO-6] each kind, repeated and not', async () => {
    const kinds: Promotion[] = [
      promo('a', { kind: 'percent_off', items: items('p1'), rate: 1250 }),
      promo('b', { kind: 'percent_off', items: null, rate: 333 }),
      promo('c', { kind: 'amount_off', items: category('c1'), amount: 45 }),
      promo('d', { kind: 'amount_off', items: null, amount: 101 }),
      promo('e', { kind: 'basket_threshold', minSpend: 1500, off: { kind: 'percent', rate: 1000 } }),
      promo('f', { kind: 'basket_threshold', minSpend: 1500, off: { kind: 'amount', amount: 250 } }),
      promo('g', {
        kind: 'buy_x_get_y',
        buy: items('p1'),
        buyQuantity: 2,
        get: null,
        getQuantity: 1,
        getRate: 10_000,
        repeat: true,
      }),
      promo('h', {
        kind: 'buy_x_get_y',
        buy: items('p1'),
        buyQuantity: 1,
        get: items('p2'),
        getQuantity: 1,
        getRate: 5000,
        repeat: false,
      }),
      promo('i', { kind: 'mix_match', items: items('p1', 'p2'), quantity: 3, price: 700, repeat: true }),
      promo('j', {
        kind: 'bundle_price',
        components: [
          { items: items('p1'), quantity: 1 },
          { items: items('p2'), quantity: 1 },
        ],
        price: 650,
        repeat: true,
      }),
      promo('k', { kind: 'fixed_price', items: items('p3'), unitPrice: 99 }),
    ];
    const withCategory = cart.map((l) => ({ ...l, categoryId: 'c1' }));
    const sales: Sale[] = [];
    for (const one of kinds) {
      for (const combinable of [false, true]) {
        for (const repeat of [false, true]) {
          const rule = 'repeat' in one.rule ? { ...one.rule, repeat } : one.rule;
          sales.push({ lines: withCategory, promotions: [{ ...one, combinable, rule }], context: sale });
        }
      }
    }
    sales.push({ lines: withCategory, promotions: kinds, context: sale });
    sales.push({
      lines: withCategory,
      promotions: kinds.map((p) => ({ ...p, combinable: true })),
      context: sale,
    });
    await expectAgreement(sales);
    expect(sales.every((one) => tillOutcome(one).totalSaved > 0)).toBe(true);
  });

  test('[PROMO-11] ties: lower priority first, then the smaller id as COLLATE "C" compares (B before a)', async () => {
    const tenOff = (id: string, priority: number): Promotion =>
      promo(id, { kind: 'amount_off', items: items('p1'), amount: 10 }, { priority });
    const sameRank: Sale = { lines: cart, promotions: [tenOff('a', 1), tenOff('B', 1)], context: sale };
    const lowerFirst: Sale = { lines: cart, promotions: [tenOff('a', 0), tenOff('B', 1)], context: sale };
    await expectAgreement([
      sameRank,
      lowerFirst,
      { lines: cart, promotions: [tenOff('promo-10', 0), tenOff('promo-9', 0)], context: sale },
      { lines: cart, promotions: [tenOff('_x', 0), tenOff('Z', 0), tenOff('z', 0)], context: sale },
    ]);
    expect(tillOutcome(sameRank).applied.map((a) => a.promotionId)).toEqual(['B']);
    expect(tillOutcome(lowerFirst).applied.map((a) => a.promotionId)).toEqual(['a']);
  });

  test('[PROMO-9] [PROMO-10] an exclusive deal against the stack, and each winning in turn', async () => {
    const stack = [
      promo('s1', { kind: 'percent_off', items: items('p1', 'p2'), rate: 1000 }, { combinable: true }),
      promo('s2', { kind: 'amount_off', items: null, amount: 100 }, { combinable: true }),
    ];
    const big = promo('x', { kind: 'percent_off', items: items('p2'), rate: 5000 });
    const small = promo('y', { kind: 'percent_off', items: items('p3'), rate: 500 });
    const sales: Sale[] = [
      { lines: cart, promotions: [...stack, big], context: sale },
      { lines: cart, promotions: [...stack, small], context: sale },
      { lines: cart, promotions: [...stack, big, small], context: { ...sale, manualCartDiscount: true } },
    ];
    await expectAgreement(sales);
  });

  test('[PROMO-4] [PROMO-5] weighed lines per kg, halves rounded away from zero, an odd cent to the first', async () => {
    const lines = [weighed('w1', 'p1', 1999, 1255), weighed('w2', 'p2', 1, 500), line('l3', 'p1', 5, 1)];
    const sales: Sale[] = [
      {
        lines,
        promotions: [promo('a', { kind: 'amount_off', items: items('p1'), amount: 150 })],
        context: sale,
      },
      {
        lines,
        promotions: [promo('b', { kind: 'fixed_price', items: items('p1'), unitPrice: 999 })],
        context: sale,
      },
      { lines, promotions: [promo('c', { kind: 'percent_off', items: null, rate: 1000 })], context: sale },
      { lines, promotions: [promo('d', { kind: 'amount_off', items: null, amount: 1 })], context: sale },
      // Two lines of one value share an odd cent: the first gets it ([MONEY-5]).
      {
        lines: [line('a', 'p1', 300), line('b', 'p2', 300), line('c', 'p1', 300)],
        promotions: [promo('f', { kind: 'amount_off', items: null, amount: 101 })],
        context: sale,
      },
      {
        lines,
        promotions: [
          promo('e', { kind: 'mix_match', items: items('p1'), quantity: 2, price: 1, repeat: true }),
        ],
        context: sale,
      },
    ];
    await expectAgreement(sales);
  });

  test('[PROMO-4] manual line discounts, gift cards and variants', async () => {
    const lines: PromoLine[] = [
      { ...line('l1', 'p1', 300, 2), manualDiscount: true },
      { ...line('l2', 'gift', 5000, 1), noPromotions: true },
      { ...line('l3', 'p1-red', 300, 2), parentId: 'p1' },
    ];
    const promotions = [promo('a', { kind: 'percent_off', items: null, rate: 2000 })];
    const sales: Sale[] = [
      { lines, promotions, context: sale },
      {
        lines,
        promotions: [promo('b', { kind: 'percent_off', items: items('p1'), rate: 2000 })],
        context: sale,
      },
    ];
    await expectAgreement(sales);
  });

  test('[PROMO-12] every coupon status', async () => {
    const promotions = [
      promo('a', { kind: 'percent_off', items: items('p1'), rate: 1000 }, { couponOnly: true }),
      promo(
        'b',
        { kind: 'percent_off', items: items('p2'), rate: 1000 },
        { couponOnly: true, customersOnly: true },
      ),
      promo(
        'c',
        { kind: 'percent_off', items: items('p3'), rate: 1000 },
        { couponOnly: true, storeIds: ['store-2'] },
      ),
      promo('d', { kind: 'percent_off', items: items('p9'), rate: 1000 }, { couponOnly: true }),
    ];
    const coupons = [
      { code: 'A-1', promotionId: 'a' },
      { code: 'A-2', promotionId: 'a' },
      { code: 'B-1', promotionId: 'b' },
      { code: 'C-1', promotionId: 'c' },
      { code: 'D-1', promotionId: 'd' },
      { code: 'Z-1', promotionId: 'z' },
    ];
    const one: Sale = { lines: cart, promotions, context: { ...sale, coupons } };
    await expectAgreement([one, { ...one, context: { ...one.context, customerAttached: true } }]);
    expect(tillOutcome(one).coupons.map((c) => c.status)).toEqual([
      'applied',
      'duplicate',
      'customer_required',
      'not_active',
      'no_saving',
      'unknown_promotion',
    ]);
  });

  test('[PROMO-2] a window past midnight is two slots; a day-saving change in Madrid; an unknown zone is UTC', async () => {
    // Friday 22:00 to Saturday 02:00, shop time.
    const late = promo(
      'late',
      { kind: 'percent_off', items: null, rate: 1000 },
      {
        slots: [
          { days: [5], from: 1320, to: 1440 },
          { days: [6], from: 0, to: 120 },
        ],
      },
    );
    // Sunday 29 March 2026 in Madrid: 02:00 became 03:00; 03:00 to 04:00 local.
    const morning = promo(
      'morning',
      { kind: 'percent_off', items: null, rate: 1000 },
      { slots: [{ days: [7], from: 180, to: 240 }] },
    );
    const instants = [
      '2026-11-27T20:59:59.999Z', // Friday 21:59 in Paris: not yet
      '2026-11-27T21:00:00.000Z', // Friday 22:00: on
      '2026-11-27T23:30:00.000Z', // Saturday 00:30: on
      '2026-11-28T00:59:00.000Z', // Saturday 01:59: on
      '2026-11-28T01:00:00.000Z', // Saturday 02:00: off
      '2026-03-29T00:59:00.000Z', // Madrid 01:59 (winter time)
      '2026-03-29T01:00:00.000Z', // Madrid 03:00 (summer time)
      '2026-03-29T01:59:00.000Z', // Madrid 03:59
      '2026-03-29T02:00:00.000Z', // Madrid 04:00
      '2026-10-25T00:30:00.000Z', // Madrid 02:30 the first time
      '2026-10-25T01:30:00.000Z', // Madrid 02:30 the second time
    ];
    const sales: Sale[] = instants.flatMap((iso) =>
      ['Europe/Paris', 'Europe/Madrid', 'Nowhere/Land', 'UTC'].map((zone) => ({
        lines: cart,
        promotions: [late, morning],
        context: at(iso, zone),
      })),
    );
    await expectAgreement(sales);
    expect(
      tillOutcome({ lines: cart, promotions: [late], context: at(instants[2] ?? '') }).totalSaved,
    ).toBeGreaterThan(0);
    expect(
      tillOutcome({ lines: cart, promotions: [morning], context: at(instants[6] ?? '', 'Europe/Madrid') })
        .totalSaved,
    ).toBeGreaterThan(0);
  });

  test('[PROMO-2] [PROMO-3] dates half-open, stores, customers, a promotion taken off', async () => {
    const rate = { kind: 'percent_off', items: null, rate: 1000 } as const;
    const promotions = [
      promo('from', rate, { startsAt: sale.at }),
      promo('until', rate, { endsAt: sale.at }),
      promo('store', rate, { storeIds: ['store-2'] }),
      promo('members', rate, { customersOnly: true }),
      promo('gone', rate),
    ];
    const sales: Sale[] = promotions.flatMap((one) => [
      { lines: cart, promotions: [one], context: sale },
      {
        lines: cart,
        promotions: [one],
        context: { ...sale, customerAttached: true, removedPromotionIds: ['gone'] },
      },
    ]);
    await expectAgreement(sales);
  });

  test('[PROMO-14] promotions with problems are left out', async () => {
    const rate = { kind: 'percent_off', items: null, rate: 1000 } as const;
    const promotions: Promotion[] = [
      promo('ends', rate, { startsAt: '2026-12-01T00:00:00.000Z', endsAt: '2026-11-01T00:00:00.000Z' }),
      promo('time', rate, { startsAt: 'tomorrow' }),
      promo('slot', rate, { slots: [{ days: [8], from: 0, to: 60 }] }),
      promo('priority', rate, { priority: 0.5 }),
      promo('rate', { kind: 'percent_off', items: null, rate: 12_000 }),
      promo('amount', { kind: 'amount_off', items: items('p1'), amount: -1 }),
      promo('count', { kind: 'mix_match', items: items('p1'), quantity: 0, price: 1, repeat: true }),
      promo('nothing', { kind: 'fixed_price', items: { productIds: [], categoryIds: [] }, unitPrice: 1 }),
      promo('bundle', { kind: 'bundle_price', components: [], price: 1, repeat: true }),
    ];
    await expectAgreement(promotions.map((one) => ({ lines: cart, promotions: [one], context: sale })));
    expect(run(cart, promotions).totalSaved).toBe(0);
  });
});
