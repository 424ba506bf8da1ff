// [PROMO-OFF-3] Coupon codes: typed codes are stored upper case; a batch is drawn from an alphabet without
// look-alikes, ≥ 50 bits a code, unique within the batch and apart from codes already taken.
import { randomFillSync } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import {
  COUPON_ALPHABET,
  couponEntropyBits,
  drawCode,
  drawCodes,
  isCouponCode,
  normaliseCode,
  normalisePrefix,
  type RandomBytes,
} from './coupon-codes';

const random: RandomBytes = (bytes) => randomFillSync(bytes);

describe('coupon codes', () => {
  test('[PROMO-OFF-3] the alphabet has 32 distinct symbols and none that look alike (0/O, 1/I)', () => {
    expect(new Set(COUPON_ALPHABET).size).toBe(32);
    for (const lookalike of ['0', 'O', '1', 'I']) expect(COUPON_ALPHABET).not.toContain(lookalike);
    expect(couponEntropyBits()).toBeGreaterThanOrEqual(50);
  });

  test('[PROMO-OFF-3] a drawn code is the stored form, 12 symbols of the alphabet after the prefix', () => {
    for (let n = 0; n < 200; n++) {
      const code = drawCode(random, 'SUMMER');
      expect(isCouponCode(code)).toBe(true);
      expect(code).toMatch(new RegExp(`^SUMMER(-[${COUPON_ALPHABET}]{4}){3}$`));
    }
    expect(drawCode((bytes) => bytes.fill(255))).toBe('ZZZZ-ZZZZ-ZZZZ');
    expect(drawCode((bytes) => bytes.fill(0))).toBe('2222-2222-2222');
  });

  test('[PROMO-OFF-3] every symbol is drawn about equally often (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (const code of drawCodes(random, 4000)) {
      for (const symbol of code.replace(/-/g, '')) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    }
    expect(counts.size).toBe(32);
    // 48,000 symbols: 1,500 each expected; 5 standard deviations is about ±190.
    for (const count of counts.values()) expect(Math.abs(count - 1500)).toBeLessThan(200);
  });

  test('[PROMO-OFF-3] a batch is unique and leaves out taken codes, even from a source that repeats itself', () => {
    const batch = drawCodes(random, 2000, 'X');
    expect(new Set(batch).size).toBe(2000);
    let call = 0;
    // Every other draw repeats the first: the batch still ends with distinct codes.
    const repeating: RandomBytes = (bytes) => (call++ % 2 === 0 ? bytes.fill(7) : random(bytes));
    const taken = new Set([drawCode((bytes) => bytes.fill(7))]);
    const codes = drawCodes(repeating, 50, '', taken);
    expect(new Set(codes).size).toBe(50);
    expect(codes.some((code) => taken.has(code))).toBe(false);
  });

  test('[PROMO-OFF-3] a typed code and a prefix are stored upper case; a prefix that cannot lead a code is refused', () => {
    expect(normaliseCode('  welcome10 ')).toBe('WELCOME10');
    expect(normalisePrefix('xmas-')).toBe('XMAS');
    expect(normalisePrefix('')).toBe('');
    expect(normalisePrefix('-x')).toBeNull();
    expect(normalisePrefix('a b')).toBeNull();
    expect(normalisePrefix('A'.repeat(18))).toBeNull();
    expect(isCouponCode(drawCode(random, 'A'.repeat(17)))).toBe(true);
  });
});
