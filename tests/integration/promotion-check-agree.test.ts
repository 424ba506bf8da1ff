// [PROMO-14] The back office's form and the server refuse the same promotions, with the same field and code:
// src/domain/promotions/promotion-check.ts's checkPromotion beside the migration's private.promotion_problems,
// in an in-memory PGlite, on promotions stored as the contract says (the engine's keys in snake_case). Rules
// the till's types cannot even express are the server's alone ([PROMO-15] `bad_rule`).
import type { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkPromotion, type PromotionProblem } from '../../src/domain/promotions/promotion-check';
import type { ItemSet, Promotion, PromotionRule } from '../../src/domain/promotions/promotion-types';
import { migrationAlone } from '../support/migration-alone';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
const COFFEE = '0192f0a0-0000-7000-8000-000000000001';
const CROISSANT = '0192f0a0-0000-7000-8000-000000000002';
const BAKERY = '0192f0a0-0000-7000-8000-0000000000c1';

/** The server's codes: checkPromotion's, and `bad_rule` for what the till's types cannot express. */
interface ServerProblem {
  field: string;
  code: PromotionProblem['code'] | 'bad_rule';
}

let db: PGlite;

beforeAll(async () => {
  db = await migrationAlone('20261210200000_promotion_rules_check.sql');
});

afterAll(async () => {
  await db.close();
});

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The contract's stored shape: the engine's types with every key in snake_case, nothing else renamed. */
function stored(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stored);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [snake(key), stored(inner)]));
}

/** What the server finds wrong with a row of these columns. */
async function server(row: Record<string, unknown>): Promise<ServerProblem[]> {
  const result = await db.query<{ problems: ServerProblem[] }>(
    'select private.promotion_problems($1::jsonb) as problems',
    [JSON.stringify(row)],
  );
  return result.rows[0]?.problems ?? [];
}

function row(promotion: Promotion): Record<string, unknown> {
  return {
    starts_at: promotion.startsAt,
    ends_at: promotion.endsAt,
    slots: stored(promotion.slots),
    priority: promotion.priority,
    rule: stored(promotion.rule),
  };
}

const set = (...productIds: string[]): ItemSet => ({ productIds, categoryIds: [] });
const none: ItemSet = { productIds: [], categoryIds: [] };

function promo(rule: PromotionRule, extra: Partial<Promotion> = {}): Promotion {
  return {
    id: 'p',
    priority: 100,
    combinable: true,
    startsAt: null,
    endsAt: null,
    slots: [],
    storeIds: [],
    customersOnly: false,
    couponOnly: false,
    rule,
    ...extra,
  };
}

const fine = promo({ kind: 'percent_off', items: set(COFFEE), rate: 1000 });

const BAD: [string, Promotion][] = [
  ['ends before it starts', { ...fine, startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }],
  ['ends as it starts', { ...fine, startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-02T00:00:00Z' }],
  ['120 % off', promo({ kind: 'percent_off', items: null, rate: 12_000 })],
  ['a negative rate', promo({ kind: 'percent_off', items: set(COFFEE), rate: -1 })],
  ['a fractional amount', promo({ kind: 'amount_off', items: none, amount: 1.5 })],
  [
    'a threshold with a rate over 100 %',
    promo({ kind: 'basket_threshold', minSpend: -5, off: { kind: 'percent', rate: 10_001 } }),
  ],
  [
    'a threshold with a negative amount',
    promo({ kind: 'basket_threshold', minSpend: 5000, off: { kind: 'amount', amount: -500 } }),
  ],
  [
    'buy none get none, from nothing',
    promo({
      kind: 'buy_x_get_y',
      buy: none,
      buyQuantity: 0,
      get: none,
      getQuantity: 0,
      getRate: 20_000,
      repeat: true,
    }),
  ],
  [
    'a mix of nothing, by zero',
    promo({ kind: 'mix_match', items: none, quantity: 0, price: 1, repeat: true }),
  ],
  ['a bundle of nothing', promo({ kind: 'bundle_price', components: [], price: 100, repeat: true })],
  [
    'a bundle with an empty second component and a negative price',
    promo({
      kind: 'bundle_price',
      components: [
        { items: set(COFFEE), quantity: 1 },
        { items: none, quantity: 0 },
      ],
      price: -1,
      repeat: false,
    }),
  ],
  ['a fixed price over the limit', promo({ kind: 'fixed_price', items: set(CROISSANT), unitPrice: 1e13 })],
  ['a slot on day 8, ending before it starts', { ...fine, slots: [{ days: [8], from: 60, to: 30 }] }],
  [
    'a slot with no day, after a good one',
    {
      ...fine,
      slots: [
        { days: [1, 2], from: 960, to: 1080 },
        { days: [], from: 0, to: 60 },
      ],
    },
  ],
  ['a slot past midnight', { ...fine, slots: [{ days: [5], from: 1380, to: 1500 }] }],
  ['a fractional priority', { ...fine, priority: 1.5 }],
  [
    'everything at once',
    {
      ...promo({ kind: 'mix_match', items: none, quantity: 0, price: -3, repeat: true }),
      startsAt: '2026-12-02T00:00:00Z',
      endsAt: '2026-12-01T00:00:00Z',
      slots: [{ days: [0], from: 0, to: 10 }],
    },
  ],
];

describe('[PROMO-14] the server refuses what checkPromotion refuses, with the same field and code', () => {
  test.each(BAD)('[PROMO-14] %s', async (_what, promotion) => {
    const expected = checkPromotion(promotion);
    expect(expected.length).toBeGreaterThan(0);
    expect(await server(row(promotion))).toEqual(expected);
  });

  test('[PROMO-14] a well-formed promotion of each kind, scheduled, is refused by neither', async () => {
    const rules: PromotionRule[] = [
      { kind: 'percent_off', items: null, rate: 10_000 },
      { kind: 'amount_off', items: { productIds: [], categoryIds: [BAKERY] }, amount: 0 },
      { kind: 'basket_threshold', minSpend: 5000, off: { kind: 'amount', amount: 500 } },
      {
        kind: 'buy_x_get_y',
        buy: set(COFFEE),
        buyQuantity: 1,
        get: null,
        getQuantity: 1,
        getRate: 10_000,
        repeat: true,
      },
      { kind: 'mix_match', items: set(COFFEE), quantity: 3, price: 500, repeat: true },
      {
        kind: 'bundle_price',
        components: [
          { items: set(COFFEE), quantity: 1 },
          { items: set(CROISSANT), quantity: 1 },
        ],
        price: 350,
        repeat: false,
      },
      { kind: 'fixed_price', items: set(CROISSANT), unitPrice: 300 },
    ];
    for (const rule of rules) {
      const promotion = promo(rule, {
        startsAt: '2026-12-01T00:00:00Z',
        endsAt: '2026-12-31T00:00:00Z',
        slots: [{ days: [1, 2, 3, 4, 5], from: 960, to: 1080 }],
      });
      expect(checkPromotion(promotion)).toEqual([]);
      expect(await server(row(promotion))).toEqual([]);
    }
  });

  test('[PROMO-14] generated promotions with numbers in and out of range: the same problems', async () => {
    const number = fc.oneof(
      fc.integer({ min: -2, max: 3 }),
      fc.integer({ min: 9_998, max: 10_002 }),
      fc.constantFrom(0.5, 1e12, 1e12 + 1, 2 ** 53),
    );
    const itemSet = fc.constantFrom(none, set(COFFEE), { productIds: [], categoryIds: [BAKERY] });
    const rule: fc.Arbitrary<PromotionRule> = fc.oneof(
      fc.record({ kind: fc.constant('percent_off' as const), items: fc.option(itemSet), rate: number }),
      fc.record({ kind: fc.constant('amount_off' as const), items: fc.option(itemSet), amount: number }),
      fc.record({
        kind: fc.constant('basket_threshold' as const),
        minSpend: number,
        off: fc.oneof(
          fc.record({ kind: fc.constant('percent' as const), rate: number }),
          fc.record({ kind: fc.constant('amount' as const), amount: number }),
        ),
      }),
      fc.record({
        kind: fc.constant('buy_x_get_y' as const),
        buy: itemSet,
        buyQuantity: number,
        get: fc.option(itemSet),
        getQuantity: number,
        getRate: number,
        repeat: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant('mix_match' as const),
        items: itemSet,
        quantity: number,
        price: number,
        repeat: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant('bundle_price' as const),
        components: fc.array(fc.record({ items: itemSet, quantity: number }), { maxLength: 3 }),
        price: number,
        repeat: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('fixed_price' as const), items: itemSet, unitPrice: number }),
    );
    const slot = fc.record({
      days: fc.array(fc.integer({ min: 0, max: 8 }), { maxLength: 3 }),
      from: fc.integer({ min: -1, max: 1441 }),
      to: fc.integer({ min: -1, max: 1441 }),
    });
    const instant = fc.option(fc.constantFrom('2026-12-01T00:00:00Z', '2026-12-02T00:00:00Z'));
    await fc.assert(
      fc.asyncProperty(
        rule,
        fc.array(slot, { maxLength: 2 }),
        instant,
        instant,
        async (generated, slots, startsAt, endsAt) => {
          const promotion = promo(generated, { slots, startsAt, endsAt });
          expect(await server(row(promotion))).toEqual(checkPromotion(promotion));
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('[PROMO-15] what the till’s types cannot express is the server’s bad_rule', () => {
  const base = row(fine);
  const cases: [string, unknown, ServerProblem[]][] = [
    [
      'an unknown kind',
      { kind: 'free_lunch', items: null, rate: 10 },
      [{ field: 'rule.kind', code: 'bad_rule' }],
    ],
    ['no rule at all', null, [{ field: 'rule', code: 'bad_rule' }]],
    ['a rule that is a list', [], [{ field: 'rule', code: 'bad_rule' }]],
    ['a missing rate', { kind: 'percent_off', items: null }, [{ field: 'rule.rate', code: 'bad_rule' }]],
    [
      'a rate in words',
      { kind: 'percent_off', items: null, rate: '10' },
      [{ field: 'rule.rate', code: 'bad_rule' }],
    ],
    [
      'a camelCase key where the stored name is snake_case',
      { kind: 'fixed_price', items: stored(set(COFFEE)), unitPrice: 100 },
      [
        { field: 'rule.unitPrice', code: 'bad_rule' },
        { field: 'rule.unitPrice', code: 'bad_rule' },
      ],
    ],
    [
      'an item set naming something that is not an id',
      { kind: 'fixed_price', items: { product_ids: ['coffee'], category_ids: [] }, unit_price: 100 },
      [{ field: 'rule.items', code: 'bad_rule' }],
    ],
    [
      'items null where a set is needed',
      { kind: 'mix_match', items: null, quantity: 3, price: 500, repeat: true },
      [{ field: 'rule.items', code: 'bad_rule' }],
    ],
    [
      'a threshold off of an unknown kind',
      { kind: 'basket_threshold', min_spend: 100, off: { kind: 'free', rate: 10 } },
      [{ field: 'rule.off', code: 'bad_rule' }],
    ],
    [
      'a repeat that is not true or false',
      { kind: 'mix_match', items: stored(set(COFFEE)), quantity: 3, price: 500, repeat: 'yes' },
      [{ field: 'rule.repeat', code: 'bad_rule' }],
    ],
  ];
  test.each(cases)('[PROMO-15] %s', async (_what, rule, expected) => {
    expect(await server({ ...base, rule })).toEqual(expected);
  });

  test('[PROMO-15] a priority outside the column’s 0…10000 is named, not left to the table’s check', async () => {
    expect(await server({ ...base, priority: 20_000 })).toEqual([
      { field: 'priority', code: 'bad_priority' },
    ]);
  });
});
