// For tests only: fast-check generators of carts and promotions over a small catalogue, so generated
// promotions often meet generated lines (and each other).
import fc from 'fast-check';
import type {
  ItemSet,
  Promotion,
  PromoContext,
  PromoLine,
  PromotionRule,
  WeeklySlot,
} from './promotion-types';

/** A catalogue: few products make promotions meet lines (and each other) often; many make it a real shop. */
export interface Catalogue {
  products: readonly string[];
  categories: readonly string[];
  /** One rule in this many is a basket rule. */
  basketEvery: number;
}

const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);
export const small: Catalogue = { products: ids('p', 5), categories: ids('c', 2), basketEvery: 3 };
export const shop: Catalogue = { products: ids('p', 300), categories: ids('c', 20), basketEvery: 20 };

export const itemSetArb = (catalogue: Catalogue = small): fc.Arbitrary<ItemSet> =>
  fc.record({
    productIds: fc.subarray([...catalogue.products], { minLength: 1, maxLength: 3 }),
    categoryIds: fc.subarray([...catalogue.categories], { minLength: 0, maxLength: 1 }),
  });

const price = fc.integer({ min: 0, max: 5000 });
const rate = fc.integer({ min: 0, max: 10_000 });
const count = fc.integer({ min: 1, max: 3 });

export const ruleArb = (catalogue: Catalogue = small): fc.Arbitrary<PromotionRule> => {
  const itemSet = itemSetArb(catalogue);
  const basket: fc.Arbitrary<PromotionRule> = fc.oneof(
    fc.record({ kind: fc.constant('percent_off' as const), items: fc.constant(null), rate }),
    fc.record({ kind: fc.constant('amount_off' as const), items: fc.constant(null), amount: price }),
    fc.record({
      kind: fc.constant('basket_threshold' as const),
      minSpend: fc.integer({ min: 0, max: 20_000 }),
      off: fc.oneof(
        fc.record({ kind: fc.constant('percent' as const), rate }),
        fc.record({ kind: fc.constant('amount' as const), amount: price }),
      ),
    }),
  );
  const items: fc.Arbitrary<PromotionRule> = fc.oneof(
    fc.record({ kind: fc.constant('percent_off' as const), items: itemSet, rate }),
    fc.record({ kind: fc.constant('amount_off' as const), items: itemSet, amount: price }),
    fc.record({
      kind: fc.constant('buy_x_get_y' as const),
      buy: itemSet,
      buyQuantity: count,
      get: fc.option(itemSet, { nil: null }),
      getQuantity: count,
      getRate: rate,
      repeat: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant('mix_match' as const),
      items: itemSet,
      quantity: fc.integer({ min: 2, max: 4 }),
      price,
      repeat: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant('bundle_price' as const),
      components: fc.array(fc.record({ items: itemSet, quantity: count }), { minLength: 1, maxLength: 3 }),
      price,
      repeat: fc.boolean(),
    }),
    fc.record({ kind: fc.constant('fixed_price' as const), items: itemSet, unitPrice: price }),
  );
  return fc.oneof({ arbitrary: basket, weight: 1 }, { arbitrary: items, weight: catalogue.basketEvery - 1 });
};

export const promotionArb = (
  id: string,
  combinable?: boolean,
  catalogue: Catalogue = small,
): fc.Arbitrary<Promotion> =>
  fc
    .record({
      priority: fc.integer({ min: 0, max: 3 }),
      combinable: combinable === undefined ? fc.boolean() : fc.constant(combinable),
      rule: ruleArb(catalogue),
    })
    .map(({ priority, combinable: stacks, rule }) => ({
      id,
      priority,
      combinable: stacks,
      startsAt: null,
      endsAt: null,
      slots: [],
      storeIds: [],
      customersOnly: false,
      couponOnly: false,
      rule,
    }));

export const promotionsArb = (
  combinable?: boolean,
  length: { min: number; max: number } = { min: 0, max: 8 },
  catalogue: Catalogue = small,
): fc.Arbitrary<Promotion[]> =>
  fc
    .integer(length)
    .chain((count) =>
      fc.tuple(
        ...Array.from({ length: count }, (_, index) => promotionArb(`promo-${index}`, combinable, catalogue)),
      ),
    );

/** `oneUnit`: every line is one piece or one weighing, so a line's promotions are one unit's. */
export const promoLineArb = (
  index: number,
  oneUnit = false,
  catalogue: Catalogue = small,
): fc.Arbitrary<PromoLine> =>
  fc
    .record({
      product: fc.constantFrom(...catalogue.products),
      categoryId: fc.option(fc.constantFrom(...catalogue.categories), { nil: null }),
      unitPrice: price,
      weighed: fc.boolean(),
      pieces: oneUnit ? fc.constant(1) : fc.integer({ min: 1, max: 5 }),
      grams: fc.integer({ min: 1, max: 3000 }),
      manualDiscount: fc.boolean().map((b) => b && index % 3 === 2),
    })
    .map(({ product, categoryId, unitPrice, weighed, pieces, grams, manualDiscount }) => ({
      lineId: `line-${index}`,
      productId: product,
      categoryId,
      unitPrice,
      quantity: weighed ? grams : pieces * 1000,
      weighed,
      manualDiscount,
    }));

export const promoLinesArb = (
  oneUnit = false,
  length: { min: number; max: number } = { min: 1, max: 10 },
  catalogue: Catalogue = small,
): fc.Arbitrary<PromoLine[]> =>
  fc
    .integer(length)
    .chain((count) =>
      fc.tuple(...Array.from({ length: count }, (_, index) => promoLineArb(index, oneUnit, catalogue))),
    );

// Everything else a sale can bring, for the till-and-server agreement test (tests/integration/
// promotion-agree.test.ts): times in several zones around daylight-saving changes, weekly slots, dates, stores,
// customers, coupons, promotions taken off, variants, gift cards, and promotions with problems ([PROMO-14]).

/** Zones with odd offsets, both hemispheres' daylight saving, UTC, and one no runtime knows (read as UTC). */
export const timeZoneArb = fc.constantFrom(
  'Europe/Madrid',
  'Europe/Paris',
  'America/New_York',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'UTC',
  'Nowhere/Land',
);

// 2026-03-27 … 2026-04-02 and 2026-10-23 … 2026-10-29: Europe's spring and autumn changes (29 March,
// 25 October), the USA's autumn change is a week later; Lord Howe's half-hour change is on 5 April.
const WEEK_MS = 7 * 24 * 60 * 60_000;
const spring = Date.parse('2026-03-27T00:00:00.000Z');
const autumn = Date.parse('2026-10-23T00:00:00.000Z');

/** A sale's instant: often on a whole minute (slot edges), sometimes any millisecond. */
export const instantArb = fc
  .tuple(
    fc.constantFrom(spring, autumn),
    fc.integer({ min: 0, max: WEEK_MS / 60_000 }),
    fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 59_999 })),
  )
  .map(([week, minute, ms]) => week + minute * 60_000 + ms);

/** Slots on whole hours often (so sales fall on their edges), any minute sometimes. */
export const slotArb: fc.Arbitrary<WeeklySlot> = fc
  .tuple(
    fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
    fc.oneof(
      fc.integer({ min: 0, max: 24 }).map((h) => h * 60),
      fc.integer({ min: 0, max: 1440 }),
    ),
    fc.oneof(
      fc.integer({ min: 0, max: 24 }).map((h) => h * 60),
      fc.integer({ min: 0, max: 1440 }),
    ),
  )
  .filter(([, a, b]) => a !== b)
  .map(([days, a, b]) => ({ days, from: Math.min(a, b), to: Math.max(a, b) }));

/** Dates around the sale: before, at (the half-open edges), after, or open. */
const dateNear = (atMs: number): fc.Arbitrary<string | null> =>
  fc.oneof(
    { arbitrary: fc.constant(null), weight: 3 },
    fc
      .oneof(fc.constant(0), fc.integer({ min: -3 * 86_400_000, max: 3 * 86_400_000 }))
      .map((offset) => new Date(atMs + offset).toISOString()),
  );

/** A promotion a manager could not have saved: one of [PROMO-14]'s problems. */
function broken(promotion: Promotion, which: number): Promotion {
  const rule = promotion.rule;
  switch (which) {
    case 0:
      return { ...promotion, startsAt: '2026-12-01T00:00:00.000Z', endsAt: '2026-11-01T00:00:00.000Z' };
    case 1:
      return { ...promotion, slots: [{ days: [1], from: 600, to: 600 }] };
    case 2:
      return { ...promotion, priority: 1.5 };
    case 3:
      return { ...promotion, startsAt: 'soon' };
    default:
      if (rule.kind === 'percent_off') return { ...promotion, rule: { ...rule, rate: 12_000 } };
      if (rule.kind === 'bundle_price') return { ...promotion, rule: { ...rule, components: [] } };
      if (rule.kind === 'mix_match') return { ...promotion, rule: { ...rule, quantity: 0 } };
      if (rule.kind === 'fixed_price')
        return { ...promotion, rule: { ...rule, items: { productIds: [], categoryIds: [] } } };
      return { ...promotion, rule: { kind: 'amount_off', items: null, amount: -5 } };
  }
}

/**
 * A promotion with a schedule, a place and an audience. Ids differ in case and punctuation so ties are settled
 * as COLLATE "C" does (upper case before lower case), not as a language would.
 */
export const saleRulesArb = (atMs: number, catalogue: Catalogue = small): fc.Arbitrary<Promotion[]> =>
  promotionsArb(undefined, { min: 1, max: 8 }, catalogue).chain((promotions) =>
    fc.tuple(
      ...promotions.map((promotion, index) =>
        fc
          .record({
            prefix: fc.constantFrom('promo-', 'Promo-', 'PROMO_', 'p', '_'),
            startsAt: dateNear(atMs),
            endsAt: dateNear(atMs),
            slots: fc.oneof({ arbitrary: fc.constant([]), weight: 3 }, fc.array(slotArb, { maxLength: 2 })),
            storeIds: fc.oneof(
              { arbitrary: fc.constant([]), weight: 3 },
              fc.subarray(['store-1', 'store-2']),
            ),
            customersOnly: fc.boolean().map((b) => b && index % 4 === 1),
            couponOnly: fc.boolean().map((b) => b && index % 3 === 0),
            // A twin has the first promotion's rule: the two save alike, and the tie is settled ([PROMO-11]).
            twin: fc.integer({ min: 0, max: 3 }).map((n) => n === 0 && index > 0),
            broken: fc.oneof({ arbitrary: fc.constant(null), weight: 9 }, fc.integer({ min: 0, max: 5 })),
          })
          .map((extra) => {
            const rule = extra.twin ? (promotions[0]?.rule ?? promotion.rule) : promotion.rule;
            const dated = { ...promotion, ...extra, rule, id: `${extra.prefix}${index}` };
            const { prefix: _prefix, twin: _twin, broken: which, ...clean } = dated;
            const sound = { ...clean, endsAt: keepAfter(clean.startsAt, clean.endsAt) };
            return which === null ? sound : broken(sound, which);
          }),
      ),
    ),
  );

/** An end at or before the start is a problem ([PROMO-14]); sound promotions drop such an end. */
function keepAfter(startsAt: string | null, endsAt: string | null): string | null {
  if (startsAt === null || endsAt === null) return endsAt;
  return Date.parse(endsAt) > Date.parse(startsAt) ? endsAt : null;
}

/** Lines with, besides promoLineArb's, variants (a parent named by a promotion), gift cards and equal prices. */
export const saleLinesArb = (catalogue: Catalogue = small): fc.Arbitrary<PromoLine[]> =>
  promoLinesArb(false, { min: 0, max: 10 }, catalogue).chain((lines) =>
    fc.tuple(
      ...lines.map((line) =>
        fc
          .record({
            parentId: fc.oneof(
              { arbitrary: fc.constant(null), weight: 2 },
              fc.constantFrom(...catalogue.products),
            ),
            noPromotions: fc.boolean().map((b) => b && line.lineId.endsWith('4')),
            // Lines of one price often: a shared saving's odd cent then goes by position ([MONEY-5]).
            unitPrice: fc.oneof(
              { arbitrary: fc.constant(line.unitPrice), weight: 2 },
              fc.constantFrom(99, 250, 300),
            ),
          })
          .map((extra) => ({ ...line, ...extra })),
      ),
    ),
  );

/** The sale's context: coupons name its promotions (some twice) and ones that do not exist. */
export const saleContextArb = (atMs: number, promotionIds: readonly string[]): fc.Arbitrary<PromoContext> => {
  const named = [...promotionIds, 'promo-99'];
  return fc.record({
    at: fc.constant(new Date(atMs).toISOString()),
    timeZone: timeZoneArb,
    storeId: fc.constantFrom('store-1', 'store-2'),
    customerAttached: fc.boolean(),
    coupons: fc.array(
      fc.record({
        code: fc.constantFrom('SAVE-10', 'WELCOME', 'X2Y'),
        promotionId: fc.constantFrom(...named),
      }),
      { maxLength: 4 },
    ),
    manualCartDiscount: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    removedPromotionIds: fc.oneof(
      { arbitrary: fc.constant([]), weight: 3 },
      fc.subarray(named, { maxLength: Math.min(2, named.length) }),
    ),
  });
};
