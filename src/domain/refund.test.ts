import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { priceCart, type Cart } from './cart';
import { percentOff } from './discount';
import { sum } from './money';
import { buildRefund, refundableQuantities, type RefundLine } from './refund';
import { soldLinesOf } from './sold-lines';
import { cartArb, croissant, espresso, eurInclusive, rulesArb } from './test-arbitraries';

const cart: Cart = {
  lines: [
    { ...espresso, lineId: 'a', quantity: 3000 },
    { ...croissant, lineId: 'b', quantity: 1000 },
  ],
  discount: percentOff(1000),
};
const priced = priceCart(cart, eurInclusive);
const sale = { lines: soldLinesOf(priced), taxMode: eurInclusive.taxMode };

function refunded(requested: { originalLineId: string; quantity: number }[], already: typeof requested = []) {
  const result = buildRefund(sale, already, requested);
  return result.ok ? result.value : result.error.code;
}

describe('refunds', () => {
  test('[REFUND-2] what is refundable is what was sold less what was refunded', () => {
    const left = refundableQuantities(sale.lines, [
      { originalLineId: 'a', quantity: 1000 },
      { originalLineId: 'a', quantity: 1000 },
      { originalLineId: 'b', quantity: 5000 },
    ]);
    expect(Object.fromEntries(left)).toEqual({ a: 1000, b: 0 });
  });

  test('[REFUND-3] a partial refund gives back the line’s paid share, discounts included; [REFUND-4] and its tax share', () => {
    // 3 espressos at 2.50 less 10 % = 6.75 paid for the line.
    const refund = refunded([{ originalLineId: 'a', quantity: 1000 }]);
    expect(refund).toMatchObject({ totals: { total: 225, discounts: 25, subtotal: 250, tax: 38, net: 187 } });
  });

  test('[REFUND-1] only this sale’s lines; [REFUND-2] positive, whole for piece goods, capped at what is left', () => {
    expect(refunded([])).toBe('nothing_to_refund');
    expect(refunded([{ originalLineId: 'zz', quantity: 1000 }])).toBe('unknown_line');
    expect(refunded([{ originalLineId: 'a', quantity: 500 }])).toBe('invalid_quantity');
    expect(refunded([{ originalLineId: 'a', quantity: 0 }])).toBe('invalid_quantity');
    expect(refunded([{ originalLineId: 'a', quantity: 4000 }])).toBe('more_than_refundable');
    expect(
      refunded([{ originalLineId: 'a', quantity: 2000 }], [{ originalLineId: 'a', quantity: 2000 }]),
    ).toBe('more_than_refundable');
    expect(
      refunded([
        { originalLineId: 'b', quantity: 1000 },
        { originalLineId: 'b', quantity: 1000 },
      ]),
    ).toBe('more_than_refundable');
  });

  test('[REFUND-3] [REFUND-4] refunding everything, in any number of pieces, returns exactly what was paid and its tax', () => {
    fc.assert(
      fc.property(
        cartArb,
        rulesArb,
        fc.integer({ min: 1, max: 4 }),
        fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })),
        (cart, rules, rounds, fractions) => {
          const pricedCart = priceCart(cart, rules);
          const sold = { lines: soldLinesOf(pricedCart), taxMode: rules.taxMode };
          const done: { originalLineId: string; quantity: number }[] = [];
          const refunds: RefundLine[] = [];
          for (let round = 1; round <= rounds; round += 1) {
            const left = refundableQuantities(sold.lines, done);
            const requested = sold.lines.flatMap((line) => {
              const remaining = left.get(line.lineId) ?? 0;
              const step = line.weighed ? 1 : 1000;
              const share =
                round === rounds ? remaining : Math.floor((remaining / step) * fractions.next().value) * step;
              return share > 0 ? [{ originalLineId: line.lineId, quantity: share }] : [];
            });
            if (requested.length === 0) continue;
            const result = buildRefund(sold, done, requested);
            if (!result.ok) throw new Error(result.error.message);
            refunds.push(...result.value.lines);
            done.push(...requested);
            result.value.lines.forEach((line) => {
              expect(line.total).toBeGreaterThanOrEqual(0);
              expect(line.net + line.tax).toBe(line.total);
              expect(line.net).toBeGreaterThanOrEqual(0);
              expect(line.discount).toBeGreaterThanOrEqual(0);
            });
          }
          expect(sum(refunds.map((line) => line.total))).toBe(pricedCart.totals.total);
          expect(sum(refunds.map((line) => line.tax))).toBe(pricedCart.totals.tax);
        },
      ),
    );
  });
});
