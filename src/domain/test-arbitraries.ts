// For tests only: fast-check generators of products, carts and pricing rules shared by the domain's
// property tests, and a fixed set of demo products (DESIGN §3) for readable examples.
import fc from 'fast-check';
import type { Cart, CartLine, PricingRules, ProductSnapshot } from './cart';
import type { Discount } from './discount';
import type { TaxMode } from './tax';

export const espresso: ProductSnapshot = {
  productId: 'prod-espresso',
  name: 'Espresso',
  sku: 'COF-ESP',
  unitPrice: 250,
  taxRate: 2000,
  weighed: false,
};
export const croissant: ProductSnapshot = {
  ...espresso,
  productId: 'prod-croissant',
  name: 'Croissant',
  sku: 'BAK-CRO',
  unitPrice: 180,
  taxRate: 1000,
};
export const bananas: ProductSnapshot = {
  ...espresso,
  productId: 'prod-bananas',
  name: 'Bananas (per kg, weighed)',
  sku: 'FRU-BAN',
  unitPrice: 199,
  taxRate: 550,
  weighed: true,
};

export const eurInclusive: PricingRules = { currency: 'EUR', taxMode: 'inclusive', cashRounding: 1 };

export const taxRateArb = fc.constantFrom(0, 550, 700, 1000, 2000, 2100);
export const taxModeArb = fc.constantFrom<TaxMode>('inclusive', 'exclusive');

export const discountArb: fc.Arbitrary<Discount> = fc.oneof(
  fc.integer({ min: 0, max: 10_000 }).map((rate) => ({ kind: 'percent' as const, rate })),
  fc.integer({ min: 0, max: 50_000 }).map((amount) => ({ kind: 'amount' as const, amount })),
);

export const lineArb = (index: number): fc.Arbitrary<CartLine> =>
  fc
    .record({
      unitPrice: fc.integer({ min: 0, max: 100_000 }),
      taxRate: taxRateArb,
      weighed: fc.boolean(),
      pieces: fc.integer({ min: 1, max: 50 }),
      grams: fc.integer({ min: 1, max: 20_000 }),
      discount: fc.option(discountArb, { nil: undefined }),
    })
    .map(({ unitPrice, taxRate, weighed, pieces, grams, discount }) => {
      const line: CartLine = {
        lineId: `line-${index}`,
        productId: `prod-${index}`,
        name: `Product ${index}`,
        sku: `SKU-${index}`,
        unitPrice,
        taxRate,
        weighed,
        quantity: weighed ? grams : pieces * 1000,
      };
      return discount === undefined ? line : { ...line, discount };
    });

export const cartArb: fc.Arbitrary<Cart> = fc
  .record({
    count: fc.integer({ min: 1, max: 12 }),
    discount: fc.option(discountArb, { nil: undefined }),
  })
  .chain(({ count, discount }) =>
    fc.tuple(...Array.from({ length: count }, (_, index) => lineArb(index))).map((lines) => {
      const cart: Cart = { lines };
      return discount === undefined ? cart : { ...cart, discount };
    }),
  );

export const rulesArb: fc.Arbitrary<PricingRules> = fc.record({
  currency: fc.constant('EUR'),
  taxMode: taxModeArb,
  cashRounding: fc.constantFrom(1, 5, 10),
});
