import { describe, expect, test } from 'vitest';
import { category, discounts, items, line, promo, run } from './test-promotions';
import type { PromoLine } from './promotion-types';

const coffee = line('l-coffee', 'p-coffee', 250);
const croissant = line('l-croissant', 'p-croissant', 180);

describe('[PROMO-1] each kind', () => {
  test('[PROMO-1] percent_off takes a rate off each unit of its products', () => {
    const outcome = run(
      [line('a', 'p-coffee', 250, 2), croissant],
      [promo('p1', { kind: 'percent_off', items: items('p-coffee'), rate: 2000 })],
    );
    expect(discounts(outcome)).toEqual({ a: 100, 'l-croissant': 0 });
    expect(outcome.totalSaved).toBe(100);
  });

  test('[PROMO-1] percent_off with no items is a basket promotion over every line', () => {
    const outcome = run([coffee, croissant], [promo('p1', { kind: 'percent_off', items: null, rate: 1000 })]);
    expect(discounts(outcome)).toEqual({ 'l-coffee': 25, 'l-croissant': 18 });
  });

  test('[PROMO-1] a category, a parent and a variant id each match a line', () => {
    const variant: PromoLine = {
      ...line('v', 'p-latte-oat', 350),
      parentId: 'p-latte',
      categoryId: 'c-drinks',
    };
    const byParent = run(
      [variant],
      [promo('p1', { kind: 'percent_off', items: items('p-latte'), rate: 1000 })],
    );
    const byVariant = run(
      [variant],
      [promo('p1', { kind: 'percent_off', items: items('p-latte-oat'), rate: 1000 })],
    );
    const byCategory = run(
      [variant],
      [promo('p1', { kind: 'percent_off', items: category('c-drinks'), rate: 1000 })],
    );
    const other = run(
      [variant],
      [promo('p1', { kind: 'percent_off', items: items('p-latte-soy'), rate: 1000 })],
    );
    expect([byParent, byVariant, byCategory, other].map((o) => o.totalSaved)).toEqual([35, 35, 35, 0]);
  });

  test('[PROMO-1] amount_off with items is off each unit, capped at what the unit is worth', () => {
    const outcome = run(
      [line('a', 'p-coffee', 250, 3), line('b', 'p-gum', 30)],
      [promo('p1', { kind: 'amount_off', items: items('p-coffee', 'p-gum'), amount: 50 })],
    );
    expect(discounts(outcome)).toEqual({ a: 150, b: 30 });
  });

  test("[PROMO-1] amount_off with no items is once off the basket, spread by the lines' values", () => {
    const outcome = run(
      [line('a', 'x', 300), line('b', 'y', 100)],
      [promo('p1', { kind: 'amount_off', items: null, amount: 100 })],
    );
    expect(discounts(outcome)).toEqual({ a: 75, b: 25 });
  });

  test('[PROMO-1] basket_threshold gives its discount only from the spend up', () => {
    const rule = { kind: 'basket_threshold', minSpend: 5000, off: { kind: 'amount', amount: 500 } } as const;
    expect(run([line('a', 'x', 4999)], [promo('p1', rule)]).totalSaved).toBe(0);
    expect(run([line('a', 'x', 5000)], [promo('p1', rule)]).totalSaved).toBe(500);
    const percent = {
      kind: 'basket_threshold',
      minSpend: 1000,
      off: { kind: 'percent', rate: 1000 },
    } as const;
    expect(run([line('a', 'x', 600, 2)], [promo('p1', percent)]).totalSaved).toBe(120);
  });

  test('[PROMO-1] fixed_price sells each unit at a price, never dearer than its own', () => {
    const outcome = run(
      [line('a', 'p-beer', 500, 2), line('b', 'p-cider', 300)],
      [promo('happy', { kind: 'fixed_price', items: items('p-beer', 'p-cider'), unitPrice: 350 })],
    );
    expect(discounts(outcome)).toEqual({ a: 300, b: 0 });
  });

  test('[PROMO-1] a weighed line takes per-kg amounts by its weight', () => {
    const bananas: PromoLine = { ...line('w', 'p-banana', 199), weighed: true, quantity: 1255 };
    const fixed = run(
      [bananas],
      [promo('p', { kind: 'fixed_price', items: items('p-banana'), unitPrice: 99 })],
    );
    // 1.99 × 1.255 = 2.50; 0.99 × 1.255 = 1.24 → 1.26 off
    expect(fixed.totalSaved).toBe(126);
    const amount = run([bananas], [promo('p', { kind: 'amount_off', items: items('p-banana'), amount: 50 })]);
    expect(amount.totalSaved).toBe(63);
  });
});

describe('[PROMO-6] groups', () => {
  test('[PROMO-6] buy 2 get 1 free from one set: the cheapest of each group of three', () => {
    const lines = [line('a', 'x', 1000), line('b', 'y', 900), line('c', 'z', 800), line('d', 'w', 700)];
    const outcome = run(lines, [
      promo('b2g1', {
        kind: 'buy_x_get_y',
        buy: items('x', 'y', 'z', 'w'),
        buyQuantity: 2,
        get: null,
        getQuantity: 1,
        getRate: 10_000,
        repeat: true,
      }),
    ]);
    expect(discounts(outcome)).toEqual({ a: 0, b: 0, c: 800, d: 0 });
  });

  test('[PROMO-6] buy one get one half price, once without repeat, per pair with it', () => {
    const rule = {
      kind: 'buy_x_get_y',
      buy: items('p-coffee'),
      buyQuantity: 1,
      get: null,
      getQuantity: 1,
      getRate: 5000,
      repeat: false,
    } as const;
    expect(run([line('a', 'p-coffee', 250, 4)], [promo('p', rule)]).totalSaved).toBe(125);
    expect(run([line('a', 'p-coffee', 250, 4)], [promo('p', { ...rule, repeat: true })]).totalSaved).toBe(
      250,
    );
  });

  test('[PROMO-6] buy a coffee, get a named croissant free: a croissant never pays for itself', () => {
    const rule = {
      kind: 'buy_x_get_y',
      buy: items('p-coffee', 'p-croissant'),
      buyQuantity: 1,
      get: items('p-croissant'),
      getQuantity: 1,
      getRate: 10_000,
      repeat: true,
    } as const;
    expect(run([line('c', 'p-croissant', 180, 2)], [promo('p', rule)]).totalSaved).toBe(0);
    const outcome = run([coffee, line('c', 'p-croissant', 180, 2)], [promo('p', rule)]);
    expect(discounts(outcome)).toEqual({ 'l-coffee': 0, c: 180 });
  });

  test('[PROMO-6] three sparkling waters for a price, most valuable first, a group saving nothing ends it', () => {
    const rule = {
      kind: 'mix_match',
      items: category('c-water'),
      quantity: 3,
      price: 300,
      repeat: true,
    } as const;
    const water = (id: string, price: number, pieces: number): PromoLine => ({
      ...line(id, `p-${id}`, price, pieces),
      categoryId: 'c-water',
    });
    const outcome = run([water('a', 150, 3), water('b', 100, 3)], [promo('p', rule)]);
    // Groups: 150×3 = 450 → 150 off; 100×3 = 300 → nothing.
    expect(discounts(outcome)).toEqual({ a: 150, b: 0 });
  });

  test('[PROMO-6] a coffee-and-croissant bundle, repeated as the cart allows', () => {
    const rule = {
      kind: 'bundle_price',
      components: [
        { items: items('p-coffee'), quantity: 1 },
        { items: items('p-croissant'), quantity: 1 },
      ],
      price: 350,
      repeat: true,
    } as const;
    const outcome = run(
      [line('a', 'p-coffee', 250, 2), line('b', 'p-croissant', 180, 3)],
      [promo('p', rule)],
    );
    // Each bundle is 4.30 for 3.50: 0.80 off, spread 250:180 → 47 + 33.
    expect(discounts(outcome)).toEqual({ a: 94, b: 66 });
    expect(run([line('a', 'p-coffee', 250, 2)], [promo('p', rule)]).totalSaved).toBe(0);
  });

  test('[PROMO-6] weighed lines never count in a group', () => {
    const weighed: PromoLine = { ...line('w', 'p-coffee', 2000), weighed: true, quantity: 2000 };
    const rule = {
      kind: 'mix_match',
      items: items('p-coffee'),
      quantity: 2,
      price: 100,
      repeat: true,
    } as const;
    expect(run([weighed], [promo('p', rule)]).totalSaved).toBe(0);
  });
});

describe('[PROMO-4] [PROMO-5] [PROMO-7] units, rounding, spend', () => {
  test('[PROMO-4] a line with a manual discount, or a gift card, takes no promotion', () => {
    const manual = { ...coffee, manualDiscount: true };
    const gift = { ...line('g', 'p-gift', 2500), noPromotions: true };
    const outcome = run([manual, gift], [promo('p', { kind: 'percent_off', items: null, rate: 5000 })]);
    expect(outcome.totalSaved).toBe(0);
  });

  test('[PROMO-4] 100 % and then an amount never take a line below zero', () => {
    const outcome = run(
      [coffee],
      [
        promo('a', { kind: 'percent_off', items: items('p-coffee'), rate: 10_000 }, { combinable: true }),
        promo(
          'b',
          { kind: 'amount_off', items: items('p-coffee'), amount: 100 },
          { combinable: true, priority: 1 },
        ),
      ],
    );
    expect(discounts(outcome)).toEqual({ 'l-coffee': 250 });
  });

  test('[PROMO-5] a rate is rounded per unit, half away from zero', () => {
    // 15 % of 0.99 = 0.1485 → 0.15 per unit, 1.50 for ten.
    const outcome = run(
      [line('a', 'x', 99, 10)],
      [promo('p', { kind: 'percent_off', items: items('x'), rate: 1500 })],
    );
    expect(outcome.totalSaved).toBe(150);
  });

  test('[PROMO-7] the spend is the list value: a line deal never takes the basket deal away', () => {
    const outcome = run(
      [line('a', 'x', 5000)],
      [
        promo('line', { kind: 'percent_off', items: items('x'), rate: 100 }, { combinable: true }),
        promo(
          'basket',
          { kind: 'basket_threshold', minSpend: 5000, off: { kind: 'amount', amount: 500 } },
          { combinable: true },
        ),
      ],
    );
    expect(outcome.totalSaved).toBe(550);
  });
});
