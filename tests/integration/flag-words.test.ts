// The words of flags (issue 33) against the kinds the server writes: every kind named, every detail said.
import { describe, expect, test } from 'vitest';
import { FLAG_KINDS } from '../../src/data/remote/flags';
import { describeFlag, flagKindName, otherSaleOf } from '../../src/ui/flag-words';

const money = (minor: number) => `€${(minor / 100).toFixed(2)}`;
const say = (kind: string, detail: Record<string, unknown> = {}) => describeFlag({ kind, detail }, money);

describe('flags in words', () => {
  test('[FLAGUI-4] every kind the server writes has its own name and a sentence, even with an empty detail', () => {
    const names = FLAG_KINDS.map(flagKindName);
    expect(new Set(names).size).toBe(FLAG_KINDS.length);
    for (const kind of FLAG_KINDS) {
      expect(flagKindName(kind)).not.toMatch(/_/);
      const words = say(kind);
      expect(words).toMatch(/^[A-Z‘].+\.$/);
      expect(words).not.toMatch(/undefined|null|NaN|\[object/);
    }
  });

  test('[FLAGUI-4] the known fields read as a sentence: money for prices, a percentage for tax rates', () => {
    expect(say('price', { line_id: 'l1', name: 'Latte', claimed: 1, expected: 320 })).toBe(
      '‘Latte’ was sold at €0.01; the catalogue says €3.20.',
    );
    expect(say('tax_rate', { name: 'Book', claimed: 0, expected: 550 })).toBe(
      '‘Book’ was taxed at 0 %; the catalogue says 5.5 %.',
    );
    expect(say('card_amount', { claimed: 1200, expected: 1000, other_sale_id: 's2' })).toBe(
      'The card tender was €12.00; its card payment was €10.00.',
    );
    expect(say('missing_approval', { action: 'discount', reason: 'over_limit' })).toBe(
      'A discount over the limit was done without the manager’s approval they require. Reason: over limit.',
    );
    expect(say('unverified_approval', { action: 'no_sale' })).toBe(
      '‘No sale’ was approved, but the server could not check who approved it.',
    );
  });

  test('[FLAGUI-4] the server’s own detail (supabase/SPEC.md §17) reads as the same sentences, ids left out', () => {
    const price = { line_id: 'l1', line_no: 1, name: 'Latte', reason: 'not_catalogue_price', unit_price: 1 };
    expect(say('price', { ...price, catalogue_prices: [320, 350] })).toBe(
      '‘Latte’ was sold at €0.01; the catalogue says €3.20 or €3.50. Reason: not catalogue price. Line: 1.',
    );
    expect(say('tax_rate', { name: 'Book', tax_rate_bp: 0, catalogue_rates: [2000] })).toBe(
      '‘Book’ was taxed at 0 %; the catalogue says 20 %.',
    );
    const reuse = {
      payment_intent_id: 'pi_1',
      sale_ids: ['s1', 's2'],
      payment_id: 'p2',
      first_payment_id: 'p1',
    };
    expect(say('card_reuse', reuse)).toBe(
      'A card payment that another sale had already used was used again. Card payment: pi_1.',
    );
    expect(otherSaleOf(reuse, 's2')).toBe('s1');
    expect(otherSaleOf(reuse, 's1')).toBe('s2');
    expect(say('card_amount', { payment_intent_id: 'pi_1', amount: 1200, card_amount: 1000 })).toBe(
      'The card tender was €12.00; its card payment was €10.00. Card payment: pi_1.',
    );
    // The Sale page said "quantity: 1.181; unit price: 199" (issue 34's walk): money and weight as read.
    const weighed = { line_id: 'l2', line_no: 2, name: 'Bananas', quantity: 1.181, unit_price: 199 };
    expect(say('weight_without_label', weighed)).toBe(
      '‘Bananas’ was sold by weight without a scale label. Line: 2; quantity: 1.181 kg; unit price: €1.99.',
    );
  });

  test('[FLAGUI-4] what is missing or unknown falls back gracefully and nothing the server said is lost', () => {
    expect(say('price', { name: 'Latte', claimed: 1 })).toBe(
      '‘Latte’ was sold at a price the catalogue does not give; the till said €0.01.',
    );
    expect(say('price', { claimed: 'one cent' })).toBe(
      'A line was sold at a price the catalogue does not give; the till said one cent.',
    );
    expect(say('overdraw', { card: 'GIFT-1', extra: { a: 1 }, ignored: null })).toBe(
      'More was spent than the balance held. Card: GIFT-1; extra: {"a":1}.',
    );
    expect(flagKindName('loyalty_points')).toBe('Loyalty points');
    expect(flagKindName('')).toBe('Flag');
    expect(say('loyalty_points', { claimed: 10, expected: 5 })).toBe('The till said 10; the server found 5.');
    expect(say('loyalty_points')).toBe('The server found a difference.');
  });

  test('[PROMO-19] [PROMO-22] the promotion flags read as sentences, their ids and answers by id left out', () => {
    const recheck = {
      reason: 'differs',
      till: [{ promotion_id: 'p1', amount: 398 }],
      server: [{ promotion_id: 'p1', amount: 199 }],
      till_saved: 398,
      server_saved: 199,
    };
    expect(say('promotion', recheck)).toBe(
      'The till’s promotions took off €3.98; the shop’s promotions give €1.99.',
    );
    expect(say('promotion', { reason: 'coupon_expired', code: 'WELCOME10', coupon_id: 'c1' })).toBe(
      'A promotion was applied that the shop’s promotions do not give. Reason: the coupon had expired. Code: WELCOME10.',
    );
    expect(say('promotion', { reason: 'unknown_promotion', promotion_id: 'p9' })).toBe(
      'A promotion was applied that the shop’s promotions do not give. Reason: the promotion is not one of the shop’s.',
    );
    expect(
      say('coupon_reuse', { code: 'ONCE-1', coupon_id: 'c1', max_uses: 1, uses: 2, sale_ids: ['s1', 's2'] }),
    ).toBe('A coupon was used more often than it allows. Code: ONCE-1; max uses: 1; uses: 2.');
  });
});

describe('[VAL-22] [VAL-24] [VAL-25] [VAL-29] customer-value flags in words', () => {
  test('an overdraw names the card and its figures, and says it was spent offline', () => {
    expect(
      say('overdraw', {
        account_id: 'a1',
        account_kind: 'gift_card',
        code_last4: '0001',
        balance_before: 700,
        delta: -2000,
        balance_after: -1300,
        floor: 0,
        balance_seen: 2500,
        offline: true,
        within_allowance: false,
        sale_ids: ['s1', 's2'],
      }),
    ).toBe(
      'Gift card ••••0001 held €7.00; €20.00 was taken from it, leaving €-13.00, offline. Balance the till saw: €25.00.',
    );
  });

  test('a card problem, a points difference and guessed codes read with their reasons', () => {
    expect(say('value_account', { reason: 'code_mismatch', payment_id: 'p1' })).toBe(
      'A gift card or customer account did not match what the till recorded; the sale was kept. Reason: the code given does not match the card.',
    );
    expect(say('loyalty', { reason: 'disabled' })).toBe(
      'The points the till counted are not the server’s. Reason: the shop’s loyalty scheme is switched off.',
    );
    expect(say('code_guessing', { user_id: 'u1', terminal_id: null, misses: 21 })).toBe(
      '21 gift-card codes that match no card were tried within an hour.',
    );
  });
});
