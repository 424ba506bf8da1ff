// Coupon codes ([PROMO-12]; the stored form is `^[A-Z0-9][A-Z0-9-]{2,31}$`, unique per shop among live rows).
// A typed code is upper-cased and trimmed before it is checked. A batch of single-use codes is drawn from an
// alphabet without look-alikes (no 0 or O, no 1 or I), so a code read off a flyer is typed right the first time: 32
// symbols, 5 bits each, 12 of them = 60 bits, so guessing a live code out of a batch of 10,000 takes about
// 10^14 tries. The random source is passed in (crypto.getRandomValues in the app), so tests can pin it.

/** 32 symbols: a byte's low 5 bits pick one uniformly, with no bias to reject. */
export const COUPON_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Symbols per drawn code: 12 × log2(32) = 60 bits ≥ 50. */
export const COUPON_SYMBOLS = 12;

export const COUPON_CODE = /^[A-Z0-9][A-Z0-9-]{2,31}$/;

/** A prefix leaves room for the hyphen and the 12 symbols in groups of four (14 characters) within 32. */
export const MAX_PREFIX = 17;

const PREFIX = /^[A-Z0-9][A-Z0-9-]*$/;

/** Fills a byte array with random values (crypto.getRandomValues). */
export type RandomBytes = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;

/** A typed code as stored: trimmed, upper case. */
export function normaliseCode(text: string): string {
  return text.trim().toUpperCase();
}

export function isCouponCode(code: string): boolean {
  return COUPON_CODE.test(code);
}

/** A batch prefix as stored (upper case, no trailing hyphen), or null when it cannot lead a code. */
export function normalisePrefix(text: string): string | null {
  const prefix = normaliseCode(text).replace(/-+$/, '');
  if (prefix === '') return '';
  return PREFIX.test(prefix) && prefix.length <= MAX_PREFIX ? prefix : null;
}

/** Bits of entropy of one drawn code. */
export function couponEntropyBits(): number {
  return COUPON_SYMBOLS * Math.log2(COUPON_ALPHABET.length);
}

/** `count` random symbols of the alphabet (gift-card codes draw theirs here too, [VAL-26]). */
export function drawSymbols(random: RandomBytes, count: number): string {
  const bytes = random(new Uint8Array(count));
  let symbols = '';
  // 256 is a multiple of 32: the low five bits of a uniform byte are uniform.
  for (const byte of bytes) symbols += COUPON_ALPHABET.charAt(byte & 31);
  return symbols;
}

/** Symbols in groups of four, `XXXX-XXXX-XX`: how a code is printed, so it is read back in pieces. */
export function inGroupsOfFour(symbols: string): string[] {
  return symbols.match(/.{1,4}/g) ?? [];
}

/** One random code, `PREFIX-XXXX-XXXX-XXXX` (no prefix: `XXXX-XXXX-XXXX`). */
export function drawCode(random: RandomBytes, prefix = ''): string {
  const groups = inGroupsOfFour(drawSymbols(random, COUPON_SYMBOLS));
  return [...(prefix ? [prefix] : []), ...groups].join('-');
}

/** `count` distinct codes, none of them in `taken` (codes already drawn, or refused by the server). */
export function drawCodes(
  random: RandomBytes,
  count: number,
  prefix = '',
  taken: ReadonlySet<string> = new Set(),
): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    const code = drawCode(random, prefix);
    if (!taken.has(code)) codes.add(code);
  }
  return [...codes];
}
