import { describe, expect, test } from 'vitest';
import { formatMoney } from './format-money';

describe('formatMoney', () => {
  test('minor units become the currency amount', () => {
    expect(formatMoney(12345, 'EUR', 'en-IE')).toBe('€123.45');
    expect(formatMoney(-250, 'USD', 'en-US')).toBe('-$2.50');
  });

  test('currencies without minor units are not divided', () => {
    expect(formatMoney(500, 'JPY', 'en-US')).toBe('¥500');
  });
});
