import { describe, expect, test } from 'vitest';
import { discountText, parseDiscount } from './discount-text';

describe('discount text', () => {
  test('a percent sign makes a percent, a plain number an amount, empty none', () => {
    expect(parseDiscount('10%', 'EUR')).toEqual({ ok: true, value: { kind: 'percent', rate: 1000 } });
    expect(parseDiscount('12,5 %', 'EUR')).toEqual({ ok: true, value: { kind: 'percent', rate: 1250 } });
    expect(parseDiscount('1.50', 'EUR')).toEqual({ ok: true, value: { kind: 'amount', amount: 150 } });
    expect(parseDiscount('  ', 'EUR')).toEqual({ ok: true, value: undefined });
  });

  test('nonsense and out-of-range percents are plain errors', () => {
    expect(parseDiscount('abc', 'EUR')).toMatchObject({ ok: false, error: { code: 'not_a_number' } });
    expect(parseDiscount('150%', 'EUR')).toMatchObject({ ok: false, error: { code: 'out_of_range' } });
  });

  test('shows a discount back the way it is typed', () => {
    expect(discountText({ kind: 'percent', rate: 1000 }, 'EUR')).toBe('10%');
    expect(discountText({ kind: 'percent', rate: 1250 }, 'EUR')).toBe('12.5%');
    expect(discountText({ kind: 'amount', amount: 150 }, 'EUR')).toBe('1.50');
    expect(discountText(undefined, 'EUR')).toBe('');
  });
});
