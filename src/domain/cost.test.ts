import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { costAfterReceive, costOf, grossMargin, stockValue, type Receipt } from './cost';

const receipt = (over: Partial<Receipt>): Receipt => ({
  method: 'average',
  onHand: 10_000,
  oldCost: 100,
  quantity: 10_000,
  unitCost: 200,
  ...over,
});

describe('[COST-2] costAfterReceive', () => {
  test('last cost takes the unit cost whatever was on hand', () => {
    expect(costAfterReceive(receipt({ method: 'last' }))).toBe(200);
  });

  test('moving average weighs old and new by quantity', () => {
    expect(costAfterReceive(receipt({}))).toBe(150);
    // 3 at 1.00 and 1 at 2.00: 5.00 / 4 = 1.25
    expect(costAfterReceive(receipt({ onHand: 3000, quantity: 1000 }))).toBe(125);
  });

  test('moving average rounds half-up to a minor unit', () => {
    // (1 × 100 + 1 × 101) / 2 = 100.5 → 101; (2 × 100 + 1 × 101) / 3 = 100.33 → 100
    expect(costAfterReceive(receipt({ onHand: 1000, quantity: 1000, unitCost: 101 }))).toBe(101);
    expect(costAfterReceive(receipt({ onHand: 2000, quantity: 1000, unitCost: 101 }))).toBe(100);
  });

  test('nothing on hand, stock owed or no old cost: the received cost', () => {
    expect(costAfterReceive(receipt({ onHand: 0 }))).toBe(200);
    expect(costAfterReceive(receipt({ onHand: -5000 }))).toBe(200);
    expect(costAfterReceive(receipt({ oldCost: null }))).toBe(200);
  });

  test('a receive without a unit cost leaves the cost as it was', () => {
    expect(costAfterReceive(receipt({ unitCost: null }))).toBe(100);
    expect(costAfterReceive(receipt({ unitCost: null, oldCost: null }))).toBeNull();
  });

  const arb = fc.record({
    method: fc.constantFrom('last' as const, 'average' as const),
    onHand: fc.integer({ min: -1_000_000, max: 999_999_999_999 }),
    oldCost: fc.option(fc.integer({ min: 0, max: 1_000_000_000_000 })),
    quantity: fc.integer({ min: 1, max: 999_999_999_999 }),
    unitCost: fc.option(fc.integer({ min: 0, max: 1_000_000_000_000 })),
  });

  test('property: a moving average lies between the old and the received cost', () => {
    fc.assert(
      fc.property(arb, (input) => {
        const cost = costAfterReceive(input);
        if (input.unitCost === null) return cost === input.oldCost;
        const low = Math.min(input.unitCost, input.oldCost ?? input.unitCost);
        const high = Math.max(input.unitCost, input.oldCost ?? input.unitCost);
        return cost !== null && Number.isSafeInteger(cost) && cost >= low && cost <= high;
      }),
    );
  });

  test('property: the average is within half a unit of the exact quotient', () => {
    fc.assert(
      fc.property(arb, (input) => {
        const average = { ...input, method: 'average' as const };
        const cost = costAfterReceive(average);
        if (input.unitCost === null || input.oldCost === null || input.onHand <= 0) return true;
        const numerator =
          BigInt(input.onHand) * BigInt(input.oldCost) + BigInt(input.quantity) * BigInt(input.unitCost);
        const denominator = BigInt(input.onHand) + BigInt(input.quantity);
        // |cost × d − n| ≤ d / 2, and exactly half rounds up.
        const gap = BigInt(cost ?? 0) * denominator - numerator;
        return 2n * gap <= denominator && 2n * gap > -denominator;
      }),
    );
  });

  test('property: receiving at the cost already held keeps it', () => {
    fc.assert(
      fc.property(arb, (input) => {
        const same = { ...input, method: 'average' as const, unitCost: input.oldCost ?? 1 };
        return costAfterReceive({ ...same, oldCost: same.unitCost }) === same.unitCost;
      }),
    );
  });
});

describe('[VALUE-1] cost and stock value', () => {
  test('a line costs unit cost × quantity, rounded once', () => {
    expect(costOf(90, 1255)).toBe(113); // 0.90/kg × 1.255 kg = 1.1295 → 1.13
    expect(costOf(null, 1000)).toBeNull();
  });

  test('stock value counts positive stock, at cost and at price, and names products without a cost', () => {
    expect(
      stockValue([
        { onHand: 3000, cost: 70, price: 180 },
        { onHand: 2500, cost: null, price: 199 },
        { onHand: -1000, cost: 40, price: 120 },
      ]),
    ).toEqual({ atCost: 210, atPrice: 540 + 498, withoutCost: 1 });
  });
});

describe('[REP-11] grossMargin', () => {
  test('the margin and its percentage are of the lines with a known cost only', () => {
    expect(grossMargin({ netSales: 1500, costedNet: 1000, costTotal: 400, uncostedNet: 500 })).toEqual({
      margin: 600,
      marginBp: 6000,
    });
  });

  test('no costed sales: no percentage, never 100 %', () => {
    expect(grossMargin({ netSales: 800, costedNet: 0, costTotal: 0, uncostedNet: 800 })).toEqual({
      margin: 0,
      marginBp: null,
    });
  });
});
