// [VAL-T1]…[VAL-T3] Gift-card codes on the till ([VAL-26]): drawn with a check symbol, normalised as the
// server normalises them, hashed as the server hashes them, and a miss put in the right words.
import { createHash, randomFillSync } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { COUPON_ALPHABET, type RandomBytes } from '../promotions/coupon-codes';
import {
  checkSymbol,
  checkSymbolHolds,
  codeLast4,
  codeMiss,
  drawGiftCardCode,
  formatValueCode,
  normaliseValueCode,
  valueCodeHash,
} from './code';

const random: RandomBytes = (bytes) => randomFillSync(bytes);
const symbolArb = fc.constantFrom(...COUPON_ALPHABET.split(''));
const bareArb = fc.string({ unit: symbolArb, minLength: 15, maxLength: 15 });

function bare(code: string): string {
  return code.replace(/-/g, '');
}

describe('gift-card codes', () => {
  test('[VAL-T1] a drawn code is 15 random symbols of the coupon alphabet and a check symbol, XXXX-XXXX-XXXX-XXXX', () => {
    for (let n = 0; n < 500; n++) {
      const code = drawGiftCardCode(random);
      expect(code).toMatch(new RegExp(`^[${COUPON_ALPHABET}]{4}(-[${COUPON_ALPHABET}]{4}){3}$`));
      expect(checkSymbolHolds(bare(code))).toBe(true);
    }
    // The low five bits of each byte pick the symbol; the 16th is the check symbol of the 15.
    expect(drawGiftCardCode((bytes) => bytes.fill(0))).toBe(
      `2222-2222-2222-222${checkSymbol('2'.repeat(15))}`,
    );
    expect(drawGiftCardCode()).toMatch(/^[2-9A-Z]{4}(-[2-9A-Z]{4}){3}$/);
  });

  test('[VAL-T1] every random symbol is drawn about equally often', () => {
    const counts = new Map<string, number>();
    for (let n = 0; n < 2000; n++) {
      for (const symbol of bare(drawGiftCardCode(random)).slice(0, 15)) {
        counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
      }
    }
    expect(counts.size).toBe(32);
    // 30,000 symbols: 937.5 each expected; 5 standard deviations is about ±150.
    for (const count of counts.values()) expect(Math.abs(count - 937.5)).toBeLessThan(160);
  });

  test('[VAL-T2] a typed or scanned code is normalised as the server does: spaces and dashes out, upper case, 8–32 of A–Z 0–9', () => {
    expect(normaliseValueCode(' abcd-efgh 2345-6789 ')).toEqual({ ok: true, value: 'ABCDEFGH23456789' });
    expect(normaliseValueCode('gift-demo-0001')).toEqual({ ok: true, value: 'GIFTDEMO0001' });
    // A printed card may use any letter or digit, 0, O, 1 and I included.
    expect(normaliseValueCode('01OI01OI')).toEqual({ ok: true, value: '01OI01OI' });
    expect(normaliseValueCode('12345678\t\r\n')).toEqual({ ok: true, value: '12345678' });
    expect(normaliseValueCode('A'.repeat(32))).toMatchObject({ ok: true });
    const problem = (text: string) => {
      const answer = normaliseValueCode(text);
      return answer.ok ? null : answer.error.code;
    };
    expect(problem('')).toBe('empty');
    expect(problem(' - - ')).toBe('empty');
    expect(problem('ABCD_EFGH')).toBe('symbol');
    expect(problem('ABCD.EFGH')).toBe('symbol');
    expect(problem('straße12')).toBe('symbol');
    expect(problem('ÀBCDEFGH')).toBe('symbol');
    expect(problem('ABC1234')).toBe('length');
    expect(problem('A'.repeat(33))).toBe('length');
    const refused = normaliseValueCode('AB#CDEFGH');
    expect(refused.ok ? '' : refused.error.message).toBe('A gift card code has only letters and digits.');
  });

  test.each([
    ['GIFT-DEMO-0001', 'GIFTDEMO0001'],
    ['gift demo 0001', 'GIFTDEMO0001'],
    [' 7KQ2-M9XD\t-4HPA-R3TW\r\n', '7KQ2M9XD4HPAR3TW'],
    ['ABCDEFGH', 'ABCDEFGH'],
    ['A'.repeat(32), 'A'.repeat(32)],
    ['A'.repeat(33), null],
    ['ABC-DEFG', null],
    ['STRAßE12', null],
    ['ÉCOLE-0001', null],
    ['GIFT_DEMO_0001', null],
    ['GIFT\u00a0DEMO0001', null],
    ['', null],
  ])('[VAL-T2] %j normalises to %j, as private.normalise_value_code does', (text, expected) => {
    const answer = normaliseValueCode(text);
    expect(answer.ok ? answer.value : null).toBe(expected);
  });

  test('[VAL-T2] normalising is idempotent and a drawn code reads back as its 16 symbols', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const once = normaliseValueCode(text);
        if (once.ok) expect(normaliseValueCode(once.value)).toEqual(once);
      }),
    );
    const code = drawGiftCardCode(random);
    expect(normaliseValueCode(code.toLowerCase())).toEqual({ ok: true, value: bare(code) });
    expect(formatValueCode(bare(code))).toBe(code);
    expect(formatValueCode('GIFTDEMO0001')).toBe('GIFT-DEMO-0001');
  });

  test('[VAL-T3] the check symbol catches every single wrong symbol and every swap of two different neighbours', () => {
    fc.assert(
      fc.property(bareArb, fc.nat(15), fc.nat(30), (symbols, at, shift) => {
        const code = symbols + checkSymbol(symbols);
        expect(checkSymbolHolds(code)).toBe(true);
        const wrong = COUPON_ALPHABET.charAt((COUPON_ALPHABET.indexOf(code.charAt(at)) + shift + 1) % 32);
        const typo = code.slice(0, at) + wrong + code.slice(at + 1);
        expect(checkSymbolHolds(typo)).toBe(false);
        expect(codeMiss(typo)).toBe('mistyped');
        expect(codeMiss(code)).toBe('not_found');
      }),
    );
    fc.assert(
      fc.property(bareArb, fc.nat(14), (symbols, at) => {
        const code = symbols + checkSymbol(symbols);
        const [a, b] = [code.charAt(at), code.charAt(at + 1)];
        fc.pre(a !== b);
        const swapped = code.slice(0, at) + b + a + code.slice(at + 2);
        // Luhn mod N misses only the swap of the two symbols whose doubled values wrap the same way.
        const [x, y] = [COUPON_ALPHABET.indexOf(a), COUPON_ALPHABET.indexOf(b)];
        fc.pre(!(x + y === 31));
        expect(checkSymbolHolds(swapped)).toBe(false);
      }),
    );
  });

  test("[VAL-T3] the check symbol only chooses a miss's words: a printed code of another shape is simply not found", () => {
    expect(codeMiss('GIFTDEMO0001')).toBe('not_found');
    // 16 symbols with a 0 or an O cannot be a drawn code: a printed card's, looked up as it is.
    expect(codeMiss('0000111122223333')).toBe('not_found');
    expect(codeMiss('AAAABBBBCCCCDDDD'.slice(0, 15))).toBe('not_found');
    const drawn = bare(drawGiftCardCode(random));
    expect(codeMiss(drawn)).toBe('not_found');
  });

  test('[VAL-T3] code_last4 is the last four symbols; code_hash is the server hash of the shop and the normalised code', async () => {
    expect(codeLast4('GIFTDEMO0001')).toBe('0001');
    const company = 'c0000000-0000-4000-8000-000000000001';
    const expected = createHash('sha256')
      .update(`tillpoint:value-code:v1:${company}:GIFTDEMO0001`)
      .digest('hex');
    expect(await valueCodeHash(company, 'GIFTDEMO0001')).toBe(expected);
    expect(await valueCodeHash(company, 'GIFTDEMO0001')).toMatch(/^[0-9a-f]{64}$/);
  });
});
