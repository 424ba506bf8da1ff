import { describe, expect, test } from 'vitest';
import { extendPrice, formatQuantity, fromNumeric, parseQuantity, toNumericString, units } from './quantity';

function parsed(text: string, weighed: boolean): number | string {
  const result = parseQuantity(text, { weighed });
  return result.ok ? result.value : result.error.code;
}

describe('quantities', () => {
  test('[QTY-1] weighed goods take up to three decimals; piece goods must be whole', () => {
    expect(parsed('1,25', true)).toBe(1250);
    expect(parsed('0.005', true)).toBe(5);
    expect(parsed('3', false)).toBe(3000);
    expect(parsed('1.5', false)).toBe('not_whole');
    expect(parsed('1.2345', true)).toBe('too_many_decimals');
    expect(parsed('0', true)).toBe('not_positive');
    expect(parsed('-1', false)).toBe('not_positive');
    expect(parsed('', false)).toBe('empty');
    expect(parsed('kg', true)).toBe('not_a_number');
    expect(parsed('1000000000', false)).toBe('too_large');
  });

  test('[QTY-2] quantities travel as exact numeric(12,3) text', () => {
    expect(toNumericString(1250)).toBe('1.250');
    expect(toNumericString(5)).toBe('0.005');
    expect(toNumericString(-3000)).toBe('-3.000');
    expect(fromNumeric('1.250')).toBe(1250);
    expect(fromNumeric('2')).toBe(2000);
    expect(fromNumeric('-0.5')).toBe(-500);
    expect(fromNumeric(1.25)).toBe(1250);
    expect(() => fromNumeric('1.2345')).toThrow(/numeric/);
    expect(formatQuantity(1250, 'en-US')).toBe('1.25');
    expect(formatQuantity(units(3), 'de-DE')).toBe('3');
  });

  test('[QTY-3] price × quantity is rounded once, half-up, to the minor unit', () => {
    expect(extendPrice(199, 1255)).toBe(250); // 1.99/kg × 1.255 kg = 2.49745 → 2.50
    expect(extendPrice(199, 1250)).toBe(249); // 2.4875 → 2.49
    expect(extendPrice(250, units(3))).toBe(750);
  });
});
