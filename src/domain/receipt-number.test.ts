import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  formatReceiptNumber,
  isReceiptNumber,
  nextReceiptNumber,
  parseReceiptNumber,
} from './receipt-number';

describe('receipt numbers', () => {
  test('[RCPT-1] a receipt number is the terminal code and a six-digit counter', () => {
    expect(formatReceiptNumber('T1', 42)).toBe('T1-000042');
    expect(formatReceiptNumber('T12', 1_234_567)).toBe('T12-1234567');
    expect(() => formatReceiptNumber('X1', 1)).toThrow(/terminal code/);
    expect(() => formatReceiptNumber('T0', 1)).toThrow(/terminal code/);
    expect(() => formatReceiptNumber('T1', 0)).toThrow(/counter/);
    expect(() => formatReceiptNumber('T1', 1_000_000_000)).toThrow(/counter/);
  });

  test('[RCPT-2] a typed receipt number is read forgivingly and written canonically', () => {
    expect(parseReceiptNumber(' t1-42 ')).toEqual({
      ok: true,
      value: { terminalCode: 'T1', counter: 42, text: 'T1-000042' },
    });
    expect(parseReceiptNumber('T1-000000').ok).toBe(false);
    expect(parseReceiptNumber('T1 000042').ok).toBe(false);
    expect(parseReceiptNumber('42').ok).toBe(false);
  });

  test('[RCPT-2] format and parse round-trip and match the server’s pattern', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999_999 }),
        fc.integer({ min: 1, max: 999_999_999 }),
        (terminal, counter) => {
          const text = formatReceiptNumber(`T${terminal}`, counter);
          expect(isReceiptNumber(text)).toBe(true);
          expect(parseReceiptNumber(text)).toEqual({
            ok: true,
            value: { terminalCode: `T${terminal}`, counter, text },
          });
        },
      ),
    );
  });

  test('[RCPT-3] each terminal counts on from its own last number', () => {
    expect(nextReceiptNumber('T2', 0).text).toBe('T2-000001');
    expect(nextReceiptNumber('T2', 41)).toEqual({ terminalCode: 'T2', counter: 42, text: 'T2-000042' });
  });
});
