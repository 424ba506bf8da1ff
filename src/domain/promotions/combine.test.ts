import { describe, expect, test } from 'vitest';
import { discounts, items, line, promo, run } from './test-promotions';
import type { Promotion } from './promotion-types';

const tenOffCoffee = (id: string, extra: Partial<Promotion> = {}) =>
  promo(id, { kind: 'percent_off', items: items('p-coffee'), rate: 1000 }, extra);
const coffee = line('l-coffee', 'p-coffee', 250);
const croissant = line('l-croissant', 'p-croissant', 180);

describe('[PROMO-2] when', () => {
  const happyHour = promo(
    'happy',
    { kind: 'fixed_price', items: items('p-beer'), unitPrice: 300 },
    { slots: [{ days: [1, 2, 3, 4, 5], from: 17 * 60, to: 19 * 60 }] },
  );
  const beer = line('b', 'p-beer', 500);

  test('[PROMO-2] a slot is read in the shop time zone, half-open', () => {
    // 16:00Z is 17:00 in Paris (winter): in; 18:00Z is 19:00: out.
    expect(run([beer], [happyHour], { at: '2026-11-30T16:00:00.000Z' }).totalSaved).toBe(200);
    expect(run([beer], [happyHour], { at: '2026-11-30T15:59:59.000Z' }).totalSaved).toBe(0);
    expect(run([beer], [happyHour], { at: '2026-11-30T18:00:00.000Z' }).totalSaved).toBe(0);
    // The same instant is 12:00 in New York: out.
    expect(
      run([beer], [happyHour], { at: '2026-11-30T17:00:00.000Z', timeZone: 'America/New_York' }).totalSaved,
    ).toBe(0);
  });

  test('[PROMO-2] summer time moves the slot with the clock, and days are the shop’s', () => {
    // 1 July 2026 is a Wednesday; 15:30Z is 17:30 in Paris (UTC+2).
    expect(run([beer], [happyHour], { at: '2026-07-01T15:30:00.000Z' }).totalSaved).toBe(200);
    // Saturday 5 December: not a weekday.
    expect(run([beer], [happyHour], { at: '2026-12-05T16:30:00.000Z' }).totalSaved).toBe(0);
    // Sunday 23:30Z is Monday 00:30 in Paris: a Monday-only slot from midnight applies.
    const monday = promo(
      'm',
      { kind: 'percent_off', items: null, rate: 1000 },
      { slots: [{ days: [1], from: 0, to: 60 }] },
    );
    expect(run([beer], [monday], { at: '2026-11-29T23:30:00.000Z' }).totalSaved).toBe(50);
  });

  test('[PROMO-2] dates are half-open; an unknown zone reads as UTC', () => {
    const dated = tenOffCoffee('d', {
      startsAt: '2026-11-30T10:00:00.000Z',
      endsAt: '2026-12-01T00:00:00.000Z',
    });
    expect(run([coffee], [dated], { at: '2026-11-30T09:59:59.999Z' }).totalSaved).toBe(0);
    expect(run([coffee], [dated], { at: '2026-11-30T10:00:00.000Z' }).totalSaved).toBe(25);
    expect(run([coffee], [dated], { at: '2026-12-01T00:00:00.000Z' }).totalSaved).toBe(0);
    const noon = tenOffCoffee('n', { slots: [{ days: [1], from: 12 * 60, to: 13 * 60 }] });
    expect(
      run([coffee], [noon], { at: '2026-11-30T12:30:00.000Z', timeZone: 'Mars/Olympus' }).totalSaved,
    ).toBe(25);
  });
});

describe('[PROMO-3] where and for whom', () => {
  test('[PROMO-3] stores, customers only, and a promotion the cashier took off', () => {
    expect(run([coffee], [tenOffCoffee('s', { storeIds: ['store-2'] })]).totalSaved).toBe(0);
    expect(run([coffee], [tenOffCoffee('s', { storeIds: ['store-1', 'store-2'] })]).totalSaved).toBe(25);
    const members = tenOffCoffee('c', { customersOnly: true });
    expect(run([coffee], [members]).totalSaved).toBe(0);
    expect(run([coffee], [members], { customerAttached: true }).totalSaved).toBe(25);
    expect(run([coffee], [tenOffCoffee('r')], { removedPromotionIds: ['r'] }).totalSaved).toBe(0);
  });
});

describe('[PROMO-8] [PROMO-9] stages and stacking', () => {
  test('[PROMO-8] [PROMO-9] combinable deals are each worked out on list prices, counted line kinds first', () => {
    const outcome = run(
      [coffee],
      [
        promo('basket', { kind: 'percent_off', items: null, rate: 1000 }, { combinable: true, priority: -5 }),
        promo(
          'amount',
          { kind: 'amount_off', items: items('p-coffee'), amount: 50 },
          { combinable: true, priority: 2 },
        ),
        tenOffCoffee('rate', { combinable: true, priority: 1 }),
      ],
    );
    // Each on 2.50: 10 % = 0.25, 0.50, and the basket's 10 % = 0.25.
    expect(outcome.lines[0]?.promotions).toEqual([
      { promotionId: 'rate', amount: 25 },
      { promotionId: 'amount', amount: 50 },
      { promotionId: 'basket', amount: 25 },
    ]);
    expect(outcome.totalSaved).toBe(100);
    expect(outcome.applied.map((a) => a.promotionId)).toEqual(['basket', 'rate', 'amount']);
  });

  test('[PROMO-9] what a unit has no more of is cut from the last deals counted', () => {
    const outcome = run(
      [coffee],
      [
        promo('ninety', { kind: 'percent_off', items: items('p-coffee'), rate: 9000 }, { combinable: true }),
        promo('half', { kind: 'amount_off', items: null, amount: 125 }, { combinable: true, priority: -1 }),
        promo(
          'fifty',
          { kind: 'amount_off', items: items('p-coffee'), amount: 50 },
          { combinable: true, priority: 1 },
        ),
      ],
    );
    // Line kinds first by priority: 2.25 and then 0.25 of the 0.50; the basket's 1.25 finds nothing left.
    expect(outcome.lines[0]?.promotions).toEqual([
      { promotionId: 'ninety', amount: 225 },
      { promotionId: 'fifty', amount: 25 },
    ]);
    expect(outcome.applied.map((a) => a.promotionId)).toEqual(['ninety', 'fifty']);
  });

  test('[PROMO-8] a manual cart discount replaces the basket stage, not line deals', () => {
    const outcome = run(
      [coffee],
      [promo('basket', { kind: 'percent_off', items: null, rate: 5000 }), tenOffCoffee('line')],
      { manualCartDiscount: true },
    );
    expect(outcome.applied.map((a) => a.promotionId)).toEqual(['line']);
  });
});

describe('[PROMO-10] [PROMO-11] exclusive and the best for the customer', () => {
  test('[PROMO-10] an exclusive promotion shares no unit, and the better answer wins', () => {
    const outcome = run(
      [coffee, croissant],
      [
        promo('half', { kind: 'percent_off', items: items('p-coffee'), rate: 5000 }),
        tenOffCoffee('ten', { combinable: true }),
        promo('all', { kind: 'percent_off', items: null, rate: 1000 }, { combinable: true }),
      ],
    );
    // Coffee: half price (125) beats the stack's 25 + 22.50; the croissant gets the stack's basket 10 %.
    expect(outcome.lines.map((l) => l.promotions)).toEqual([
      [{ promotionId: 'half', amount: 125 }],
      [{ promotionId: 'all', amount: 18 }],
    ]);
  });

  test('[PROMO-11] the stack wins when together it saves more than the exclusive one', () => {
    const outcome = run(
      [coffee],
      [
        tenOffCoffee('excl'),
        promo('a', { kind: 'percent_off', items: items('p-coffee'), rate: 800 }, { combinable: true }),
        promo('b', { kind: 'amount_off', items: items('p-coffee'), amount: 20 }, { combinable: true }),
      ],
    );
    expect(outcome.applied.map((a) => a.promotionId)).toEqual(['a', 'b']);
    expect(outcome.totalSaved).toBe(40);
  });

  test('[PROMO-11] two exclusive deals on different units both apply; on the same unit, the larger', () => {
    const both = run(
      [coffee, croissant],
      [tenOffCoffee('c'), promo('k', { kind: 'amount_off', items: items('p-croissant'), amount: 30 })],
    );
    expect(discounts(both)).toEqual({ 'l-coffee': 25, 'l-croissant': 30 });
    const one = run(
      [coffee],
      [tenOffCoffee('small'), promo('big', { kind: 'amount_off', items: items('p-coffee'), amount: 30 })],
    );
    expect(one.applied.map((a) => a.promotionId)).toEqual(['big']);
  });

  test('[PROMO-11] ties go to the lower priority, then the smaller id, whatever the order', () => {
    const a = tenOffCoffee('b-id', { priority: 1 });
    const b = tenOffCoffee('a-id', { priority: 2 });
    const c = tenOffCoffee('c-id', { priority: 1 });
    for (const order of [
      [a, b, c],
      [c, b, a],
      [b, c, a],
    ]) {
      expect(run([coffee], order).applied.map((x) => x.promotionId)).toEqual(['b-id']);
    }
  });

  test('[PROMO-11] an exclusive bundle holds the units it used, bought or discounted', () => {
    const outcome = run(
      [coffee, croissant],
      [
        promo('bundle', {
          kind: 'bundle_price',
          components: [
            { items: items('p-coffee'), quantity: 1 },
            { items: items('p-croissant'), quantity: 1 },
          ],
          price: 350,
          repeat: false,
        }),
        promo('k', { kind: 'amount_off', items: items('p-croissant'), amount: 10 }),
      ],
    );
    expect(outcome.applied.map((x) => x.promotionId)).toEqual(['bundle']);
    expect(outcome.totalSaved).toBe(80);
  });
});

describe('[PROMO-12] coupons', () => {
  const welcome = promo('welcome', { kind: 'percent_off', items: null, rate: 1000 }, { couponOnly: true });

  test('[PROMO-12] a coupon unlocks its promotion; without it nothing', () => {
    expect(run([coffee], [welcome]).totalSaved).toBe(0);
    const outcome = run([coffee], [welcome], { coupons: [{ code: 'WELCOME10', promotionId: 'welcome' }] });
    expect(outcome.totalSaved).toBe(25);
    expect(outcome.applied).toEqual([
      { promotionId: 'welcome', amount: 25, lineIds: ['l-coffee'], couponCode: 'WELCOME10' },
    ]);
    expect(outcome.coupons).toEqual([{ code: 'WELCOME10', promotionId: 'welcome', status: 'applied' }]);
  });

  test('[PROMO-12] each refusal has its code, and the cart is as without the coupon', () => {
    const members = promo(
      'members',
      { kind: 'percent_off', items: null, rate: 1000 },
      { couponOnly: true, customersOnly: true },
    );
    const later = promo(
      'later',
      { kind: 'percent_off', items: null, rate: 1000 },
      { couponOnly: true, startsAt: '2027-01-01T00:00:00Z' },
    );
    const bread = promo(
      'bread',
      { kind: 'percent_off', items: items('p-bread'), rate: 1000 },
      { couponOnly: true },
    );
    const outcome = run([coffee], [welcome, members, later, bread], {
      coupons: [
        { code: 'A', promotionId: 'members' },
        { code: 'B', promotionId: 'later' },
        { code: 'C', promotionId: 'bread' },
        { code: 'D', promotionId: 'gone' },
        { code: 'E', promotionId: 'welcome' },
        { code: 'F', promotionId: 'welcome' },
      ],
    });
    expect(outcome.coupons.map((c) => c.status)).toEqual([
      'customer_required',
      'not_active',
      'no_saving',
      'unknown_promotion',
      'applied',
      'duplicate',
    ]);
    expect(outcome.totalSaved).toBe(25);
  });
});

describe('[PROMO-13] the answer', () => {
  test('[PROMO-13] every line in input order, codes and ids only, total = Σ lines', () => {
    const outcome = run([croissant, coffee], [tenOffCoffee('t')]);
    expect(outcome).toEqual({
      lines: [
        { lineId: 'l-croissant', discount: 0, promotions: [] },
        { lineId: 'l-coffee', discount: 25, promotions: [{ promotionId: 't', amount: 25 }] },
      ],
      applied: [{ promotionId: 't', amount: 25, lineIds: ['l-coffee'], couponCode: null }],
      coupons: [],
      totalSaved: 25,
    });
  });
});
