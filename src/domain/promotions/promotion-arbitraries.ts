// For tests only: fast-check generators of carts and promotions over a small catalogue, so generated
// promotions often meet generated lines (and each other).
import fc from 'fast-check';
import type { ItemSet, Promotion, PromoLine, PromotionRule } from './promotion-types';

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
