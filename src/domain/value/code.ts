// [VAL-26] Gift-card codes. A drawn code is 15 random symbols of the coupon alphabet (75 bits: no 0/O or 1/I,
// so a code read off a card is typed right) and a Luhn mod 32 check symbol, printed XXXX-XXXX-XXXX-XXXX. A
// physical card's printed code is kept as printed (8–32 letters and digits). The check symbol never decides
// whether a code is looked up — a printed card can have the drawn shape — it only chooses the words of a miss.
// Only the hash of the shop and the normalised code, and its last four, ever leave the till's sale.
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { COUPON_ALPHABET, drawSymbols, inGroupsOfFour, type RandomBytes } from '../promotions/coupon-codes';
import { err, ok, type Result } from '../result';

/** Random symbols of a drawn code, before its check symbol. */
export const GIFT_CARD_RANDOM_SYMBOLS = 15;

/** A normalised code: upper case A–Z and 0–9 only, 8–32 of them (`private.normalise_value_code`). */
const NORMAL_CODE = /^[A-Z0-9]{8,32}$/;

/** What is wrong with a typed code; the server answers all three `invalid_code`. */
export type ValueCodeProblem = 'empty' | 'symbol' | 'length';

const cryptoRandom: RandomBytes = (bytes) => crypto.getRandomValues(bytes);

/**
 * [VAL-26] Luhn mod 32 (Luhn mod N over the coupon alphabet) of `symbols`, read from the right with the
 * factor 2 on the rightmost: catches every single wrong symbol and most swaps of two neighbours.
 */
export function luhnSum(symbols: string, firstFactor: 1 | 2): number {
  const n = COUPON_ALPHABET.length;
  let factor = firstFactor;
  let total = 0;
  for (let index = symbols.length - 1; index >= 0; index--) {
    const addend = factor * COUPON_ALPHABET.indexOf(symbols.charAt(index));
    total += Math.floor(addend / n) + (addend % n);
    factor = factor === 2 ? 1 : 2;
  }
  return total % n;
}

/** [VAL-26] The symbol that makes `symbols` + it a valid Luhn mod 32 string. */
export function checkSymbol(symbols: string): string {
  const n = COUPON_ALPHABET.length;
  return COUPON_ALPHABET.charAt((n - luhnSum(symbols, 2)) % n);
}

const IN_ALPHABET = new RegExp(`^[${COUPON_ALPHABET}]*$`);

/** True when a normalised code is all of the coupon alphabet; the check symbol needs nothing else. */
function inAlphabet(code: string): boolean {
  return IN_ALPHABET.test(code);
}

/** [VAL-26] A normalised code of a drawn card's shape (16 symbols of the alphabet) whose check symbol holds. */
export function checkSymbolHolds(code: string): boolean {
  return code.length === GIFT_CARD_RANDOM_SYMBOLS + 1 && inAlphabet(code) && luhnSum(code, 1) === 0;
}

/** [VAL-26] A new card's code, `XXXX-XXXX-XXXX-XXXX`: 15 random symbols and the check symbol. */
export function drawGiftCardCode(random: RandomBytes = cryptoRandom): string {
  const symbols = drawSymbols(random, GIFT_CARD_RANDOM_SYMBOLS);
  return formatValueCode(symbols + checkSymbol(symbols));
}

/** A normalised code as printed and shown, in groups of four. */
export function formatValueCode(code: string): string {
  return inGroupsOfFour(code).join('-');
}

/**
 * [VAL-26] A typed or scanned code as the server normalises it: spaces, tabs, line ends (a scanner's)
 * and dashes removed, upper case; then 8–32 of A–Z and 0–9, or a problem. Non-ASCII letters are refused before
 * upper-casing, so 'ß' never becomes 'SS' here while the server keeps it (and refuses it).
 */
export function normaliseValueCode(text: string): Result<string, ValueCodeProblem> {
  // Exactly the characters the server drops (space, tab, CR, LF, dash): another space is a wrong symbol there.
  const bare = text.replace(/[ \t\r\n-]/g, '');
  if (bare === '') return err('empty', i18n._(msg`Type or scan the gift card's code.`));
  if (!/^[A-Za-z0-9]+$/.test(bare)) {
    return err('symbol', i18n._(msg`A gift card code has only letters and digits.`));
  }
  const code = bare.toUpperCase();
  if (!NORMAL_CODE.test(code)) {
    return err('length', i18n._(msg`A gift card code has 8 to 32 letters and digits.`));
  }
  return ok(code);
}

/** [VAL-1] The last four symbols of a normalised code: all that is shown of a card once it is sold. */
export function codeLast4(code: string): string {
  return code.slice(-4);
}

/** Why no card was found for a code ([VAL-26]): a drawn-shaped code whose check fails was mistyped. */
export type CodeMiss = 'mistyped' | 'not_found';

/**
 * [VAL-26] The words of a miss, after the look-up found no card: a code of a drawn card's shape whose check
 * symbol fails says a character is wrong; anything else, that no card has it.
 */
export function codeMiss(code: string): CodeMiss {
  const drawnShape = code.length === GIFT_CARD_RANDOM_SYMBOLS + 1 && inAlphabet(code);
  return drawnShape && !checkSymbolHolds(code) ? 'mistyped' : 'not_found';
}

/** A miss in words, translated where shown: `i18n._(CODE_MISS_WORDS[codeMiss(code)])`. */
export const CODE_MISS_WORDS: Readonly<Record<CodeMiss, MessageDescriptor>> = {
  mistyped: msg`A character of this code is wrong`,
  not_found: msg`No gift card has this code`,
};

/**
 * [VAL-26] `code_hash`: lowercase hex SHA-256 of `tillpoint:value-code:v1:<company>:<normalised code>`, as
 * `private.value_code_hash` computes it. The till finds a card offline by this, never by the code.
 */
export async function valueCodeHash(companyId: string, code: string): Promise<string> {
  const text = `tillpoint:value-code:v1:${companyId}:${code}`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
