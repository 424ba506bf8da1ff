import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { extendPrice } from '../quantity';
import { promoLinesArb, promotionArb, promotionsArb } from './promotion-arbitraries';
import type { PromotionOutcome } from './promotion-types';
import { run } from './test-promotions';

const runs = { numRuns: Number(process.env.PROMO_RUNS ?? 300) };

function sumOf(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

describe('[PROMO-4] [PROMO-5] [PROMO-13] properties of any cart', () => {
  test('[PROMO-4] never a negative line, never more off than a line is worth, none on a manual line', () => {
    fc.assert(
      fc.property(promoLinesArb(), promotionsArb(), (lines, promotions) => {
        const outcome = run(lines, promotions);
        outcome.lines.forEach((saving, index) => {
          const line = lines[index];
          expect(line?.lineId).toBe(saving.lineId);
          if (line === undefined) return;
          expect(saving.discount).toBeGreaterThanOrEqual(0);
          expect(saving.discount).toBeLessThanOrEqual(extendPrice(line.unitPrice, line.quantity));
          if (line.manualDiscount) expect(saving.discount).toBe(0);
          for (const part of saving.promotions) expect(part.amount).toBeGreaterThan(0);
        });
      }),
      runs,
    );
  });

  test('[PROMO-5] total saved = Σ line discounts = Σ applied amounts; a line = Σ its parts', () => {
    fc.assert(
      fc.property(promoLinesArb(), promotionsArb(), (lines, promotions) => {
        const outcome = run(lines, promotions);
        expect(sumOf(outcome.lines.map((l) => l.discount))).toBe(outcome.totalSaved);
        expect(sumOf(outcome.applied.map((a) => a.amount))).toBe(outcome.totalSaved);
        for (const line of outcome.lines) {
          expect(sumOf(line.promotions.map((p) => p.amount))).toBe(line.discount);
        }
      }),
      runs,
    );
  });

  test('[PROMO-11] [PROMO-13] deterministic: same input, same answer, whatever order promotions come in', () => {
    fc.assert(
      fc.property(
        promoLinesArb(),
        promotionsArb().chain((promotions) =>
          fc.tuple(
            fc.constant(promotions),
            fc.shuffledSubarray(promotions, { minLength: promotions.length }),
          ),
        ),
        (lines, [promotions, shuffled]) => {
          const first: PromotionOutcome = run(lines, promotions);
          expect(run(lines, promotions)).toEqual(first);
          expect(run(lines, shuffled)).toEqual(first);
        },
      ),
      runs,
    );
  });
});

describe('[PROMO-9] [PROMO-10] combining', () => {
  test('[PROMO-9] when promotions combine freely, adding one never makes the customer pay more', () => {
    fc.assert(
      fc.property(
        promoLinesArb(),
        promotionsArb(true),
        promotionArb('promo-extra', true),
        (lines, some, extra) => {
          const before = run(lines, some).totalSaved;
          expect(run(lines, [...some, extra]).totalSaved).toBeGreaterThanOrEqual(before);
        },
      ),
      runs,
    );
  });

  test('[PROMO-10] exclusive promotions never stack: a unit with one has nothing else', () => {
    fc.assert(
      fc.property(promoLinesArb(true), promotionsArb(), (lines, promotions) => {
        const exclusive = new Set(promotions.filter((p) => !p.combinable).map((p) => p.id));
        for (const line of run(lines, promotions).lines) {
          if (line.promotions.some((p) => exclusive.has(p.promotionId))) {
            expect(line.promotions).toHaveLength(1);
          }
        }
      }),
      runs,
    );
  });
});

describe('[PROMO-12] coupons', () => {
  test('[PROMO-12] a coupon that is refused leaves every line as it was without it', () => {
    fc.assert(
      fc.property(
        promoLinesArb(),
        promotionsArb(),
        fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 4 }),
        fc.boolean(),
        (lines, promotions, picks, customerAttached) => {
          // Some promotions need a coupon, some a customer; codes name real and missing promotions.
          const marked = promotions.map((p, i) => ({
            ...p,
            couponOnly: i % 2 === 0,
            customersOnly: i % 3 === 0,
          }));
          const coupons = picks.map((pick) => ({ code: `CODE-${pick}`, promotionId: `promo-${pick}` }));
          const withCoupons = run(lines, marked, { coupons, customerAttached });
          const kept = withCoupons.coupons.filter((c) => c.status === 'applied');
          const withoutRefused = run(lines, marked, { coupons: kept, customerAttached });
          expect(withoutRefused.lines).toEqual(withCoupons.lines);
          expect(withoutRefused.applied).toEqual(withCoupons.applied);
        },
      ),
      runs,
    );
  });
});
