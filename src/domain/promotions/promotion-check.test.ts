import { describe, expect, test } from 'vitest';
import { checkPromotion } from './promotion-check';
import { category, items, line, promo, run } from './test-promotions';
import type { Promotion } from './promotion-types';

const fine = promo('ok', { kind: 'percent_off', items: items('p-coffee'), rate: 1000 });

describe('[PROMO-14] contradictory rules are refused with the field named', () => {
  test('[PROMO-14] a well-formed promotion of each kind has no problem', () => {
    const rules: Promotion['rule'][] = [
      { kind: 'percent_off', items: null, rate: 10_000 },
      { kind: 'amount_off', items: category('c'), amount: 0 },
      { kind: 'basket_threshold', minSpend: 5000, off: { kind: 'amount', amount: 500 } },
      {
        kind: 'buy_x_get_y',
        buy: items('a'),
        buyQuantity: 1,
        get: null,
        getQuantity: 1,
        getRate: 10_000,
        repeat: true,
      },
      { kind: 'mix_match', items: items('a'), quantity: 3, price: 500, repeat: true },
      { kind: 'bundle_price', components: [{ items: items('a'), quantity: 1 }], price: 350, repeat: false },
      { kind: 'fixed_price', items: items('a'), unitPrice: 300 },
    ];
    for (const rule of rules) expect(checkPromotion(promo('p', rule))).toEqual([]);
    expect(
      checkPromotion({
        ...fine,
        startsAt: '2026-12-01T00:00:00Z',
        endsAt: '2026-12-02T00:00:00Z',
        slots: [{ days: [5], from: 1020, to: 1140 }],
      }),
    ).toEqual([]);
  });

  test('[PROMO-14] end before start, 120 % off, a bundle of nothing, a group of none, a bad slot', () => {
    expect(
      checkPromotion({ ...fine, startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }),
    ).toEqual([{ field: 'endsAt', code: 'ends_before_start' }]);
    expect(checkPromotion({ ...fine, startsAt: 'soon' })).toEqual([
      { field: 'startsAt', code: 'not_a_time' },
    ]);
    expect(checkPromotion(promo('p', { kind: 'percent_off', items: null, rate: 12_000 }))).toEqual([
      { field: 'rule.rate', code: 'rate_out_of_range' },
    ]);
    expect(
      checkPromotion(promo('p', { kind: 'bundle_price', components: [], price: 100, repeat: true })),
    ).toEqual([{ field: 'rule.components', code: 'no_components' }]);
    expect(
      checkPromotion(
        promo('p', {
          kind: 'bundle_price',
          components: [{ items: items(), quantity: 0 }],
          price: -1,
          repeat: true,
        }),
      ),
    ).toEqual([
      { field: 'rule.components.0.items', code: 'no_items' },
      { field: 'rule.components.0.quantity', code: 'quantity_too_small' },
      { field: 'rule.price', code: 'amount_out_of_range' },
    ]);
    expect(
      checkPromotion(
        promo('p', { kind: 'mix_match', items: items('a'), quantity: 0, price: 1, repeat: true }),
      ),
    ).toEqual([{ field: 'rule.quantity', code: 'quantity_too_small' }]);
    expect(checkPromotion({ ...fine, slots: [{ days: [8], from: 60, to: 30 }] })).toEqual([
      { field: 'slots.0', code: 'bad_slot' },
    ]);
    expect(checkPromotion({ ...fine, priority: 1.5 })).toEqual([{ field: 'priority', code: 'bad_priority' }]);
  });

  test('[PROMO-14] one that reaches the till anyway is left out, and the cart still prices', () => {
    const endless = promo('endless', {
      kind: 'mix_match',
      items: items('a'),
      quantity: 0,
      price: 0,
      repeat: true,
    });
    const tenOff = promo('fine', { kind: 'percent_off', items: items('a'), rate: 1000 });
    const outcome = run([line('l', 'a', 100, 3)], [endless, tenOff]);
    expect(outcome.applied.map((a) => a.promotionId)).toEqual(['fine']);
  });

  test('[PROMO-14] a rule of a kind this till does not know is left out; the cart still prices', () => {
    // A kind added by a newer server, as a pulled row would bring it: the engine has nothing to run it with.
    const unknown = promo('newer', { kind: 'spend_and_get' } as unknown as Promotion['rule']);
    expect(checkPromotion(unknown)).toEqual([{ field: 'rule.kind', code: 'bad_rule' }]);
    const tenOff = promo('fine', { kind: 'percent_off', items: items('a'), rate: 1000 });
    const outcome = run([line('l', 'a', 100, 3)], [unknown, tenOff]);
    expect(outcome.applied.map((a) => a.promotionId)).toEqual(['fine']);
  });
});
