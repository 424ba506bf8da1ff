import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { currencyExponent, minorPerMajor } from './currency';
import { allocate, assertMinor, mulDivRound, roundToIncrement, sum } from './money';

describe('money arithmetic', () => {
  test('[MONEY-1] an amount must be a safe whole number of minor units', () => {
    expect(assertMinor(250)).toBe(250);
    expect(() => assertMinor(2.5)).toThrow(/whole number of minor units/);
    expect(() => assertMinor(Number.MAX_SAFE_INTEGER + 1)).toThrow();
    expect(() => sum([Number.MAX_SAFE_INTEGER, 1])).toThrow();
  });

  test('[MONEY-2] currencies have their ISO 4217 minor-unit exponent', () => {
    expect(currencyExponent('EUR')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('KWD')).toBe(3);
    expect(currencyExponent('ISK')).toBe(0);
    expect(minorPerMajor('BHD')).toBe(1000);
    expect(() => currencyExponent('eur')).toThrow(/ISO 4217/);
  });

  test('[MONEY-3] a × b ÷ d rounds half away from zero', () => {
    expect(mulDivRound(5, 1, 10)).toBe(1); // 0.5 → 1
    expect(mulDivRound(4, 1, 10)).toBe(0); // 0.4 → 0
    expect(mulDivRound(-5, 1, 10)).toBe(-1); // −0.5 → −1, the mirror image
    expect(mulDivRound(15, 1, -10)).toBe(-2);
    expect(mulDivRound(250, 2000, 12000)).toBe(42); // 41.666… → 42
    expect(() => mulDivRound(1, 1, 0)).toThrow(/zero/);
  });

  test('[MONEY-3] rounding is exact far beyond float precision and symmetric in sign', () => {
    expect(mulDivRound(999_999_999_999, 999_999, 1_000_000)).toBe(999_998_999_999);
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 1, max: 1e6 }),
        (a, b, d) => {
          const rounded = mulDivRound(a, b, d);
          expect(mulDivRound(-a, b, d)).toBe(-rounded || 0);
          // The result is within half a unit of the exact quotient.
          const error = Math.abs(Number(BigInt(a) * BigInt(b)) / d - rounded);
          expect(error).toBeLessThanOrEqual(0.5 + 1e-6);
        },
      ),
    );
  });

  test('[MONEY-4] cash rounding goes to the nearest increment, halves up', () => {
    expect(roundToIncrement(1234, 5)).toBe(1235);
    expect(roundToIncrement(1232, 5)).toBe(1230);
    expect(roundToIncrement(1233, 5)).toBe(1235);
    expect(roundToIncrement(1237, 10)).toBe(1240);
    expect(roundToIncrement(1234, 1)).toBe(1234);
    expect(() => roundToIncrement(1, 0)).toThrow(/positive/);
  });

  test('[MONEY-5] allocate spreads by largest remainder, earlier index wins a tie', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10, [500, 300, 200])).toEqual([5, 3, 2]);
    expect(allocate(5, [333, 333, 334])).toEqual([2, 1, 2]);
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocate(0, [0, 0])).toEqual([0, 0]);
    expect(() => allocate(1, [0, 0])).toThrow(/over nothing/);
  });

  test('[MONEY-5] allocated shares always add up and each is within one unit of its exact part', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.array(fc.integer({ min: 0, max: 1e7 }), { minLength: 1, maxLength: 30 }),
        (total, weights) => {
          fc.pre(weights.some((weight) => weight > 0));
          const shares = allocate(total, weights);
          expect(sum(shares)).toBe(total);
          const weightSum = sum(weights);
          shares.forEach((share, index) => {
            const exact = (total * (weights[index] ?? 0)) / weightSum;
            expect(Math.abs(share - exact)).toBeLessThan(1 + 1e-6);
          });
        },
      ),
    );
  });
});

// The reference answers, in BigInt all the way: the fast paths in doubles must give exactly these.
function mulDivRoundInBigInt(a: number, b: number, d: number): number {
  const numerator = BigInt(a) * BigInt(b);
  const divisor = BigInt(d);
  const quotient = numerator / divisor;
  const remainder = numerator % divisor;
  const abs = (x: bigint) => (x < 0n ? -x : x);
  if (abs(remainder) * 2n < abs(divisor)) return Number(quotient);
  return Number(quotient + (numerator < 0n !== divisor < 0n ? -1n : 1n));
}

function allocateInBigInt(total: number, weights: readonly number[]): number[] {
  const weightSum = weights.reduce((a, b) => a + BigInt(b), 0n);
  const exact = weights.map((weight) => BigInt(total) * BigInt(weight));
  const shares = exact.map((part) => part / weightSum);
  let left = BigInt(total) - shares.reduce((a, b) => a + b, 0n);
  const order = exact
    .map((part, index) => ({ index, remainder: part % weightSum }))
    .sort((x, y) => (x.remainder === y.remainder ? x.index - y.index : x.remainder > y.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left === 0n) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

describe('the fast paths give the BigInt answers', () => {
  // Sizes either side of 2^53 for the products, so both paths are taken.
  const amount = fc.oneof(
    fc.integer({ min: -10_000, max: 10_000 }),
    fc.integer({ min: -1e12, max: 1e12 }),
    fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  );
  const divisor = fc.oneof(fc.constantFrom(1, 3, 10, 1000, 10_000, -7), fc.integer({ min: 1, max: 1e15 }));

  test('[MONEY-3] mulDivRound', () => {
    fc.assert(
      fc.property(amount, amount, divisor, (a, b, d) => {
        const expected = mulDivRoundInBigInt(a, b, d);
        if (!Number.isSafeInteger(expected)) return;
        expect(mulDivRound(a, b, d)).toBe(expected);
      }),
      { numRuns: 5000 },
    );
  });

  test('[MONEY-5] allocate', () => {
    const weight = fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 1e12 }));
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -10_000, max: 10_000 }), fc.integer({ min: -1e12, max: 1e12 })),
        fc.array(weight, { minLength: 1, maxLength: 12 }).filter((w) => w.some((x) => x > 0)),
        (total, weights) => {
          const expected = allocateInBigInt(Math.abs(total), weights).map((s) => (total < 0 ? -s || 0 : s));
          expect(allocate(total, weights)).toEqual(expected);
        },
      ),
      { numRuns: 5000 },
    );
  });
});
