// [VAL-T7]…[VAL-T9] Loyalty points on the till: the server's formulas ([VAL-4], [VAL-13], [VAL-14], [VAL-17]).
import { describe, expect, test } from 'vitest';
import {
  DEFAULT_LOYALTY,
  eligibleSpend,
  pointsEarned,
  pointsDiscountFor,
  pointsFor,
  pointsUnearned,
  pointsValue,
  type LoyaltyScheme,
} from './loyalty';

const demo: LoyaltyScheme = { ...DEFAULT_LOYALTY, enabled: true };
const alice = 'd4700000-0000-4000-8000-000000000001';

describe('loyalty points', () => {
  test('[VAL-T7] a sale earns floor(eligible × points per unit ÷ 10^minor units); no points on gift cards or on points', () => {
    const lines = [
      { total: 1250, giftCard: false },
      { total: 2500, giftCard: true },
      { total: 399, giftCard: false },
    ];
    expect(eligibleSpend(lines, 0)).toBe(1649);
    expect(pointsEarned({ customerId: alice, lines, loyaltyTendered: 0 }, demo, 'EUR')).toBe(16);
    expect(pointsEarned({ customerId: alice, lines, loyaltyTendered: 700 }, demo, 'EUR')).toBe(9);
    expect(pointsEarned({ customerId: alice, lines, loyaltyTendered: 5000 }, demo, 'EUR')).toBe(0);
    expect(
      pointsEarned({ customerId: alice, lines, loyaltyTendered: 0 }, { ...demo, pointsPerMajor: 3 }, 'EUR'),
    ).toBe(49);
    // Yen has no minor unit: ¥1649 at 1 point per yen.
    expect(pointsEarned({ customerId: alice, lines, loyaltyTendered: 0 }, demo, 'JPY')).toBe(1649);
    expect(pointsEarned({ customerId: alice, lines, loyaltyTendered: 0 }, demo, 'KWD')).toBe(1);
  });

  test('[VAL-T7] nothing is earned with loyalty off or without a customer', () => {
    const lines = [{ total: 10_000, giftCard: false }];
    expect(pointsEarned({ customerId: alice, lines, loyaltyTendered: 0 }, DEFAULT_LOYALTY, 'EUR')).toBe(0);
    expect(pointsEarned({ customerId: null, lines, loyaltyTendered: 0 }, demo, 'EUR')).toBe(0);
    expect(
      pointsEarned({ customerId: alice, lines, loyaltyTendered: 0 }, { ...demo, pointsPerMajor: 0 }, 'EUR'),
    ).toBe(0);
  });

  test('[VAL-T8] n points are worth floor(n × value ÷ points); a sum needs the fewest points worth at least it', () => {
    expect(pointsValue(350, demo)).toBe(350);
    const scheme = { ...demo, redeemPoints: 300, redeemValue: 100 };
    expect(pointsValue(350, scheme)).toBe(116);
    expect(pointsValue(0, scheme)).toBe(0);
    expect(pointsFor(116, scheme)).toBe(348);
    expect(pointsValue(348, scheme)).toBe(116);
    expect(pointsValue(347, scheme)).toBe(115);
    expect(pointsFor(0, scheme)).toBe(0);
    expect(pointsFor(100, { ...demo, redeemValue: 0 })).toBeNull();
    expect(pointsValue(10 ** 12, { ...demo, redeemPoints: 7, redeemValue: 9_999 })).toBe(
      Math.floor((10 ** 12 * 9_999) / 7),
    );
  });

  test('[VAL-T9] a refund takes back floor(earned × R ÷ T) − already unearned; everything back, everything taken back', () => {
    // A sale of €16.49 that earned 16 points, refunded €12.50 then €3.99.
    const first = pointsUnearned({ earned: 16, earningTotal: 1649, refundedSoFar: 1250, alreadyUnearned: 0 });
    expect(first).toBe(12);
    const second = pointsUnearned({
      earned: 16,
      earningTotal: 1649,
      refundedSoFar: 1649,
      alreadyUnearned: first,
    });
    expect(second).toBe(4);
    expect(pointsUnearned({ earned: 0, earningTotal: 1649, refundedSoFar: 1649, alreadyUnearned: 0 })).toBe(
      0,
    );
    expect(
      pointsUnearned({ earned: 16, earningTotal: 1649, refundedSoFar: 99_999, alreadyUnearned: 16 }),
    ).toBe(0);
  });
});

describe('[VAL-T73] points as a discount', () => {
  const scheme = {
    ...DEFAULT_LOYALTY,
    enabled: true,
    redeemAs: 'discount' as const,
    redeemPoints: 100,
    redeemValue: 100,
  };
  test('[VAL-T73] the most the points are worth, capped by what is due, for the fewest whole points', () => {
    expect(pointsDiscountFor(350, 1000, scheme)).toEqual({ points: 350, amount: 350 });
    expect(pointsDiscountFor(350, 250, scheme)).toEqual({ points: 250, amount: 250 });
    expect(pointsDiscountFor(350, 250, { ...scheme, redeemPoints: 3, redeemValue: 2 })).toEqual({
      points: 350,
      amount: 233,
    });
    expect(pointsDiscountFor(0, 250, scheme)).toBeNull();
    expect(pointsDiscountFor(350, 0, scheme)).toBeNull();
  });
});
