import { describe, expect, test } from 'vitest';
import { amountOff, discountOn, parsePercent, percentOff } from './discount';

function parsed(text: string): number | string {
  const result = parsePercent(text);
  return result.ok ? result.value : result.error.code;
}

describe('discounts', () => {
  test('[DISC-1] a percent is rounded half-up; an amount is capped at what it discounts', () => {
    expect(discountOn(250, percentOff(1000))).toBe(25);
    expect(discountOn(255, percentOff(1000))).toBe(26); // 25.5 → 26
    expect(discountOn(250, amountOff(300))).toBe(250);
    expect(discountOn(0, percentOff(5000))).toBe(0);
    expect(discountOn(250, undefined)).toBe(0);
    expect(() => discountOn(0, percentOff(20_000))).toThrow(/basis points/);
  });

  test('[DISC-4] a typed percent becomes basis points', () => {
    expect(parsed('10')).toBe(1000);
    expect(parsed('12,5')).toBe(1250);
    expect(parsed('12.5 %')).toBe(1250);
    expect(parsed('100')).toBe(10_000);
    expect(parsed('0,01')).toBe(1);
    expect(parsed('')).toBe('empty');
    expect(parsed('ten')).toBe('not_a_number');
    expect(parsed('-5')).toBe('not_a_number');
    expect(parsed('12.345')).toBe('too_many_decimals');
    expect(parsed('101')).toBe('out_of_range');
  });
});
