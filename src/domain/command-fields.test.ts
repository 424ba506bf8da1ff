import { describe, expect, test } from 'vitest';
import { money, quantity, receiptNo, signedMoney, time } from './command-fields';

const accepts = (schema: { safeParse: (value: unknown) => { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe('command fields', () => {
  test('[OPS-7] money is a whole number of minor units up to 10^12, negative only where allowed', () => {
    expect(accepts(money, 250)).toBe(true);
    expect(accepts(money, 1_000_000_000_000)).toBe(true);
    expect(accepts(money, 1_000_000_000_001)).toBe(false);
    expect(accepts(money, 2.5)).toBe(false);
    expect(accepts(money, '250')).toBe(false);
    expect(accepts(money, -1)).toBe(false);
    expect(accepts(signedMoney, -2)).toBe(true);
  });

  test('[OPS-8] a quantity is a number or decimal string, more than zero, at most three decimals, below 10^9', () => {
    for (const good of [2, 1.25, 0.001, '1.250', '3', 999_999_999.999])
      expect(accepts(quantity, good)).toBe(true);
    for (const bad of [0, -1, 1.2345, '1.2345', '-1', '0.000', '1e3', 1_000_000_000]) {
      expect(accepts(quantity, bad)).toBe(false);
    }
  });

  test('[OPS-9] a time is ISO 8601 with a zone, between 2000 and 2100', () => {
    expect(accepts(time, '2026-11-21T09:15:00.000Z')).toBe(true);
    expect(accepts(time, '2026-11-21T10:15:00+01:00')).toBe(true);
    expect(accepts(time, '2026-11-21T09:15:00')).toBe(false);
    expect(accepts(time, '1999-12-31T23:59:59Z')).toBe(false);
    expect(accepts(time, '2100-01-01T00:00:00Z')).toBe(false);
  });

  test('[SALE-4] a receipt number has the shape the server takes', () => {
    expect(accepts(receiptNo, 'T1-000042')).toBe(true);
    expect(accepts(receiptNo, 'T12-123456789')).toBe(true);
    expect(accepts(receiptNo, 'T1-42')).toBe(false);
    expect(accepts(receiptNo, 'T0-000001')).toBe(false);
  });
});
