import { describe, expect, test } from 'vitest';
import { formatMoney } from './money-text';
import { lineQuantityText, parseWeight } from './weighed-line';

const euros = (amount: number) => formatMoney(amount, 'EUR');

describe('weighed products at the counter', () => {
  test('[COUNTER-12] a typed weight is kg to the gram; not a number, zero and negative are refused in words', () => {
    expect(parseWeight('1.181')).toEqual({ ok: true, value: 1181 });
    expect(parseWeight('0,5')).toEqual({ ok: true, value: 500 });
    expect(parseWeight('2')).toEqual({ ok: true, value: 2000 });
    const refused = (text: string) => {
      const parsed = parseWeight(text);
      return parsed.ok ? null : parsed.error;
    };
    expect(refused('')).toEqual({ code: 'empty', message: 'Enter the weight in kg.' });
    expect(refused('abc')).toEqual({
      code: 'not_a_number',
      message: '"abc" is not a weight: type it in kg, like 1.25.',
    });
    expect(refused('0')).toEqual({ code: 'not_positive', message: 'The weight must be more than zero.' });
    expect(refused('-1')).toEqual({ code: 'not_positive', message: 'The weight must be more than zero.' });
    expect(refused('1.2345')?.code).toBe('too_many_decimals');
  });

  test('[COUNTER-12] a weighed line shows its weight and price per kg; a piece line its count and price', () => {
    expect(lineQuantityText({ quantity: 1181, unitPrice: 199, weighed: true }, euros, { locale: 'en' })).toBe(
      '1.181 kg × €1.99/kg',
    );
    expect(
      lineQuantityText({ quantity: 2000, unitPrice: 250, weighed: false }, euros, { locale: 'en' }),
    ).toBe('2 × €2.50');
    expect(
      lineQuantityText({ quantity: 1000, unitPrice: null, weighed: true }, euros, { locale: 'en' }),
    ).toBe('1 kg');
  });
});
