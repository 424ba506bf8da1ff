// [VAL-T8] [VAL-T9] Properties of points ([VAL-4], [VAL-17]): a refund in any number of parts takes back
// exactly what the sale earned, never more at any step; points bought for a sum are worth it, one fewer is not.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DEFAULT_LOYALTY, pointsFor, pointsUnearned, pointsValue } from './loyalty';

/** A total split into parts at random cuts: each ≥ 0, summing to the total. */
const partsArb = fc.integer({ min: 1, max: 10_000_000 }).chain((total) =>
  fc.array(fc.integer({ min: 0, max: total }), { maxLength: 12 }).map((cuts) => {
    const sorted = [...cuts, 0, total].sort((a, b) => a - b);
    return { total, parts: sorted.slice(1).map((cut, index) => cut - (sorted[index] ?? 0)) };
  }),
);

describe('points, for any sale and rate', () => {
  test('[VAL-T9] refunding a sale in any number of parts unearns exactly what it earned, never more', () => {
    fc.assert(
      fc.property(partsArb, fc.integer({ min: 0, max: 10_000_000 }), ({ total, parts }, earned) => {
        let refunded = 0;
        let unearned = 0;
        for (const part of parts) {
          refunded += part;
          const step = pointsUnearned({
            earned,
            earningTotal: total,
            refundedSoFar: refunded,
            alreadyUnearned: unearned,
          });
          expect(step).toBeGreaterThanOrEqual(0);
          unearned += step;
          expect(unearned).toBeLessThanOrEqual(earned);
        }
        expect(refunded).toBe(total);
        expect(unearned).toBe(earned);
      }),
      { numRuns: 1000 },
    );
  });

  test('[VAL-T8] the points asked for a sum are worth at least it, and one point fewer is worth less', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (amount, redeemPoints, redeemValue) => {
          const scheme = { ...DEFAULT_LOYALTY, enabled: true, redeemPoints, redeemValue };
          const points = pointsFor(amount, scheme) ?? 0;
          expect(pointsValue(points, scheme)).toBeGreaterThanOrEqual(amount);
          expect(pointsValue(points - 1, scheme)).toBeLessThan(amount);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
