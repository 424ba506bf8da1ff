import { describe, expect, test } from 'vitest';
import { formatQuantity, parseCounted, parsePositive, parseSigned } from './stock-quantity';

describe('stock quantities', () => {
  test('received amounts are positive; pieces are whole, weighed goods take three decimals', () => {
    expect(parsePositive('24', false)).toEqual({ ok: true, value: 24_000 });
    expect(parsePositive('1.5', false).ok).toBe(false);
    expect(parsePositive('1,25', true)).toEqual({ ok: true, value: 1250 });
    expect(parsePositive('0', false).ok).toBe(false);
  });

  test('an adjustment is signed and never zero', () => {
    expect(parseSigned('-2', false)).toEqual({ ok: true, value: -2000 });
    expect(parseSigned('+3', false)).toEqual({ ok: true, value: 3000 });
    expect(parseSigned('0', false)).toMatchObject({ ok: false, error: { code: 'zero' } });
    expect(parseSigned('-', false)).toMatchObject({ ok: false, error: { code: 'empty' } });
  });

  test('a count may be zero', () => {
    expect(parseCounted('0', false)).toEqual({ ok: true, value: 0 });
    expect(parseCounted('7', false)).toEqual({ ok: true, value: 7000 });
  });

  test('thousandths for people', () => {
    expect([24_000, 1250, -2000, 0, 5].map(formatQuantity)).toEqual(['24', '1.25', '−2', '0', '0.005']);
  });
});
