import { describe, expect, test } from 'vitest';
import { formatMoney, moneyCsvCell, parseAmount, toDecimalString } from './money-text';

function parsed(text: string, currency = 'EUR'): number | string {
  const result = parseAmount(text, currency);
  return result.ok ? result.value : result.error.code;
}

describe('typed amounts', () => {
  test('[MONEY-6] a cashier may type either decimal separator, a symbol or a code', () => {
    expect(parsed('2,50')).toBe(250);
    expect(parsed('2.5')).toBe(250);
    expect(parsed('€2.50')).toBe(250);
    expect(parsed('2,50 €')).toBe(250);
    expect(parsed('EUR 2.50')).toBe(250);
    expect(parsed('2')).toBe(200);
    expect(parsed('.5')).toBe(50);
    expect(parsed(' 0 ')).toBe(0);
    expect(parsed('10,')).toBe(1000);
  });

  test('[MONEY-6] thousands grouping is understood when it cannot be a decimal', () => {
    expect(parsed('1.234,56')).toBe(123456);
    expect(parsed('1,234.56')).toBe(123456);
    expect(parsed('1 234,56')).toBe(123456);
    expect(parsed("1'234.56")).toBe(123456);
    expect(parsed('1,234,567')).toBe(123456700);
    expect(parsed('1,000', 'JPY')).toBe(1000);
    expect(parsed('1,234', 'KWD')).toBe(1234);
  });

  test('[MONEY-6] bad input gets a clear error, never a guess', () => {
    expect(parsed('')).toBe('empty');
    expect(parsed('abc')).toBe('not_a_number');
    expect(parsed('2..5')).toBe('not_a_number');
    expect(parsed('1,23,4')).toBe('not_a_number');
    expect(parsed('1e5')).toBe('not_a_number');
    expect(parsed('2.505')).toBe('too_many_decimals');
    expect(parsed('1.5', 'JPY')).toBe('too_many_decimals');
    expect(parsed('-2')).toBe('negative');
    expect(parsed('99999999999999999999')).toBe('too_large');
    const result = parseAmount('2.505', 'EUR');
    expect(result.ok ? '' : result.error.message).toBe('EUR amounts have at most 2 decimals.');
    expect(parseAmount('-€2,50', 'EUR', { allowNegative: true })).toEqual({ ok: true, value: -250 });
  });

  test('[MONEY-7] amounts format through Intl with the currency’s own decimals', () => {
    expect(toDecimalString(-5, 2)).toBe('-0.05');
    expect(toDecimalString(123456, 3)).toBe('123.456');
    expect(toDecimalString(42, 0)).toBe('42');
    expect(formatMoney(250, 'EUR', 'en-IE')).toBe('€2.50');
    expect(formatMoney(250, 'EUR', 'de-DE')).toBe('2,50\u00a0€');
    expect(formatMoney(1000, 'JPY', 'en-US')).toBe('¥1,000');
    expect(formatMoney(1234, 'KWD', 'en-US')).toBe('KWD\u00a01.234');
    expect(formatMoney(900_719_925_474_099, 'EUR', 'en-IE')).toBe('€9,007,199,254,740.99');
  });
});

describe('moneyCsvCell', () => {
  test('a plain decimal in the currency’s digits, none for no figure', () => {
    expect(moneyCsvCell(-240, 'EUR')).toBe('-2.40');
    expect(moneyCsvCell(1500, 'JPY')).toBe('1500');
    expect(moneyCsvCell(1234, 'KWD')).toBe('1.234');
    expect(moneyCsvCell(null, 'EUR')).toBe('');
  });
});
