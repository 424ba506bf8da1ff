import { describe, expect, test } from 'vitest';
import { parsePrice, priceText } from './price-text';

describe('[CART-5] a typed price', () => {
  test.each([
    ['2.50', 'EUR', 250],
    ['2,5', 'EUR', 250],
    ['€ 12', 'EUR', 1200],
    ['1 234,50', 'EUR', 123450],
    ['250', 'JPY', 250],
  ])('%s in %s is %i minor units', (text, currency, minor) => {
    expect(parsePrice(text, currency)).toEqual({ ok: true, value: minor });
  });

  test.each([
    ['', 'EUR', 'Enter a price like 2.50.'],
    ['abc', 'EUR', 'Enter a price like 2.50.'],
    ['-1', 'EUR', 'Enter a price like 2.50.'],
    ['x', 'JPY', 'Enter a price like 250.'],
    ['2.505', 'EUR', 'EUR amounts have at most 2 decimals.'],
    ['0', 'EUR', 'A price is more than zero. To give it away, use a 100% discount.'],
    ['0.00', 'EUR', 'A price is more than zero. To give it away, use a 100% discount.'],
  ])('%j in %s is refused: %s', (text, currency, message) => {
    const parsed = parsePrice(text, currency);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.message).toBe(message);
  });

  test('the form starts from the price as a cashier would type it', () => {
    expect(priceText(250, 'EUR')).toBe('2.50');
    expect(priceText(250, 'JPY')).toBe('250');
  });
});
