import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { priceCart, type Cart } from './cart';
import { amountOff, percentOff } from './discount';
import { sum } from './money';
import { bananas, cartArb, croissant, espresso, eurInclusive, rulesArb } from './test-arbitraries';

function line(
  product: typeof espresso,
  quantity: number,
  lineId: string,
  extra: Partial<Cart['lines'][number]> = {},
) {
  return { ...product, lineId, quantity, ...extra };
}

describe('pricing a cart', () => {
  test('[CART-1] two espressos and a croissant, prices including tax', () => {
    const cart: Cart = { lines: [line(espresso, 2000, 'a'), line(croissant, 1000, 'b')] };
    const priced = priceCart(cart, eurInclusive);
    expect(priced.totals).toEqual({
      subtotal: 680,
      lineDiscounts: 0,
      cartDiscount: 0,
      discounts: 0,
      net: 581,
      tax: 99,
      total: 680,
    });
    expect(priced.taxSummary).toEqual([
      { rate: 1000, net: 164, tax: 16, gross: 180 },
      { rate: 2000, net: 417, tax: 83, gross: 500 },
    ]);
  });

  test('[CART-1] weighed bananas are priced by the gram and rounded once', () => {
    const priced = priceCart({ lines: [line(bananas, 1255, 'a')] }, eurInclusive);
    expect(priced.totals.total).toBe(250);
    expect(priced.lines[0]).toMatchObject({ extended: 250, amount: 250, tax: 13, net: 237 });
  });

  test('[CART-1] prices excluding tax add tax on top', () => {
    const priced = priceCart(
      { lines: [line(espresso, 1000, 'a')] },
      { ...eurInclusive, taxMode: 'exclusive' },
    );
    expect(priced.totals).toMatchObject({ subtotal: 250, net: 250, tax: 50, total: 300 });
  });

  test('[DISC-1] a line discount is a rounded percent or an amount capped at the line', () => {
    const cart: Cart = {
      lines: [
        line(espresso, 1000, 'a', { discount: percentOff(3333) }),
        line(croissant, 1000, 'b', { discount: amountOff(500) }),
      ],
    };
    const priced = priceCart(cart, eurInclusive);
    expect(priced.lines.map((priced) => priced.lineDiscount)).toEqual([83, 180]); // 83.325 → 83; 5.00 capped at 1.80
    expect(priced.totals.total).toBe(167);
  });

  test('[DISC-2] a cart discount is spread by largest remainder so the lines add up to the total', () => {
    const cart: Cart = {
      lines: [
        line(espresso, 1000, 'a'),
        line(espresso, 1000, 'b', { productId: 'x' }),
        line(espresso, 1000, 'c', { productId: 'y' }),
      ],
      discount: amountOff(100),
    };
    const priced = priceCart(cart, eurInclusive);
    expect(priced.lines.map((priced) => priced.cartDiscount)).toEqual([34, 33, 33]);
    expect(priced.lines.map((priced) => priced.amount)).toEqual([216, 217, 217]);
    expect(priced.totals).toMatchObject({ cartDiscount: 100, discounts: 100, total: 650 });
  });

  test('[DISC-2] a percent cart discount is taken after line discounts', () => {
    const cart: Cart = {
      lines: [line(espresso, 2000, 'a', { discount: amountOff(100) }), line(croissant, 1000, 'b')],
      discount: percentOff(1000),
    };
    const { totals } = priceCart(cart, eurInclusive);
    expect(totals).toMatchObject({
      subtotal: 680,
      lineDiscounts: 100,
      cartDiscount: 58,
      discounts: 158,
      total: 522,
    });
  });

  test('[DISC-3] for any cart, lines add up: Σ amount = subtotal − discounts, Σ gross = total, no line below zero', () => {
    fc.assert(
      fc.property(cartArb, rulesArb, (cart, rules) => {
        const { lines, totals, taxSummary } = priceCart(cart, rules);
        expect(sum(lines.map((priced) => priced.amount))).toBe(totals.subtotal - totals.discounts);
        expect(sum(lines.map((priced) => priced.cartDiscount))).toBe(totals.cartDiscount);
        expect(sum(lines.map((priced) => priced.gross))).toBe(totals.total);
        expect(totals.net + totals.tax).toBe(totals.total);
        expect(sum(taxSummary.map((row) => row.gross))).toBe(totals.total);
        expect(sum(taxSummary.map((row) => row.tax))).toBe(totals.tax);
        for (const priced of lines) {
          expect(priced.amount).toBeGreaterThanOrEqual(0);
          expect(priced.extended - priced.lineDiscount - priced.cartDiscount).toBe(priced.amount);
        }
        const expectedTotal =
          rules.taxMode === 'inclusive'
            ? totals.subtotal - totals.discounts
            : totals.subtotal - totals.discounts + totals.tax;
        expect(totals.total).toBe(expectedTotal);
      }),
    );
  });
});

describe('[VAL-T73] points as a discount', () => {
  const points = { points: 150, amount: 150, balanceSeen: 350, offline: true };
  test('[VAL-T73] comes off after the cart discount, spread by largest remainder, part of the discounts', () => {
    const cart: Cart = {
      lines: [line(espresso, 2000, 'a'), line(croissant, 1000, 'b')],
      discount: amountOff(80),
      pointsDiscount: points,
    };
    const priced = priceCart(cart, eurInclusive);
    expect(priced.totals).toMatchObject({
      cartDiscount: 80,
      pointsDiscount: 150,
      discounts: 230,
      total: 450,
    });
    expect(sum(priced.lines.map((l) => l.pointsDiscount ?? 0))).toBe(150);
    expect(sum(priced.lines.map((l) => l.gross))).toBe(450);
  });

  test('[VAL-T73] never more than what is left: a cart that shrank takes off only what it has', () => {
    const more = { ...points, points: 250, amount: 250 };
    const priced = priceCart({ lines: [line(croissant, 1000, 'b')], pointsDiscount: more }, eurInclusive);
    expect(priced.totals).toMatchObject({ pointsDiscount: 180, discounts: 180, total: 0 });
  });
});
