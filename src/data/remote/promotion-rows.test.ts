// The stored shapes of promo-contract.md: a rule's keys in snake_case, mechanically, and back; a server's
// [PROMO-14] refusal read as the problem of a field, whichever way the field is spelled.
import { describe, expect, test } from 'vitest';
import { ruleOfStored, storedRule } from './promotion-rows';
import { promotionProblemOf } from './promotion-writes';
import type { PromotionRule } from '../../domain/promotions/promotion-types';

const SET = { productIds: ['p1'], categoryIds: ['c1'] };
const THRESHOLD: PromotionRule = {
  kind: 'basket_threshold',
  minSpend: 5000,
  off: { kind: 'amount', amount: 500 },
};
const BUY_GET: PromotionRule = {
  kind: 'buy_x_get_y',
  buy: SET,
  buyQuantity: 2,
  get: null,
  getQuantity: 1,
  getRate: 10_000,
  repeat: true,
};
const RULES: PromotionRule[] = [
  { kind: 'percent_off', items: null, rate: 1000 },
  { kind: 'amount_off', items: SET, amount: 50 },
  THRESHOLD,
  BUY_GET,
  { kind: 'mix_match', items: SET, quantity: 3, price: 500, repeat: true },
  { kind: 'bundle_price', components: [{ items: SET, quantity: 1 }], price: 450, repeat: false },
  { kind: 'fixed_price', items: SET, unitPrice: 200 },
];

describe('stored promotions', () => {
  test('a rule is stored with snake_case keys and nothing else renamed, and reads back the same', () => {
    expect(storedRule(BUY_GET)).toEqual({
      kind: 'buy_x_get_y',
      buy: { product_ids: ['p1'], category_ids: ['c1'] },
      buy_quantity: 2,
      get: null,
      get_quantity: 1,
      get_rate: 10_000,
      repeat: true,
    });
    expect(storedRule(THRESHOLD)).toEqual({
      kind: 'basket_threshold',
      min_spend: 5000,
      off: { kind: 'amount', amount: 500 },
    });
    for (const rule of RULES) expect(ruleOfStored(storedRule(rule))).toEqual(rule);
  });

  test('[PROMO-14] a refusal names its field: stored spelling, the till’s, or JSON', () => {
    expect(promotionProblemOf({ message: 'x', hint: 'rate_out_of_range', details: 'rule.get_rate' })).toEqual(
      {
        field: 'rule.getRate',
        code: 'rate_out_of_range',
      },
    );
    expect(
      promotionProblemOf({ message: 'x', hint: 'no_items', details: 'rule.components.1.items' }),
    ).toEqual({
      field: 'rule.components.1.items',
      code: 'no_items',
    });
    expect(
      promotionProblemOf({ message: 'x', hint: 'ends_before_start', details: '{"field":"ends_at"}' }),
    ).toEqual({ field: 'endsAt', code: 'ends_before_start' });
    expect(promotionProblemOf({ message: 'x', hint: 'invalid_name', details: 'name' })).toBeNull();
  });
});
