// Quantities are numeric(12,3) on the server; on the till they are integer thousandths ("milli-units")
// so 1.25 kg of bananas is 1250 and adding, comparing and refunding quantities stays exact.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { activeIntlLocale } from './active-locale';
import { mulDivRound, type Minor } from './money';
import { splitDecimal } from './money-text';
import { err as fail, ok, type Result } from './result';

/** An integer count of thousandths of a unit: 1000 is one piece, 1250 is 1.25 kg. */
export type Milli = number;

export const MILLI_PER_UNIT = 1000;
/** numeric(12,3) holds at most 999 999 999.999. */
export const MAX_QUANTITY_MILLI = 999_999_999_999;

export type QuantityErrorCode =
  'empty' | 'not_a_number' | 'too_many_decimals' | 'not_whole' | 'not_positive' | 'too_large';

export function isQuantity(value: number): boolean {
  return Number.isSafeInteger(value) && Math.abs(value) <= MAX_QUANTITY_MILLI;
}

export function units(count: number): Milli {
  return count * MILLI_PER_UNIT;
}

/**
 * [QTY-1] Parses a typed quantity. Weighed goods take up to three decimals ("1,25" → 1250); everything
 * else must be a whole number of pieces. Quantities at the till are always positive; refunds carry their
 * own sign.
 */
export function parseQuantity(text: string, options: { weighed: boolean }): Result<Milli, QuantityErrorCode> {
  const body = text.replace(/[\s\u00a0\u202f]/gu, '');
  // The sentences are for the person typing: in the screens' language (issue 35).
  if (body === '') return fail('empty', i18n._(msg`Enter a quantity.`));
  const notPositive = () => fail('not_positive', i18n._(msg`The quantity must be more than zero.`));
  if (body.startsWith('-')) return notPositive();
  const parts = splitDecimal(body, 3);
  const typed = text.trim();
  if (parts === null) return fail('not_a_number', i18n._(msg`"${typed}" is not a quantity.`));
  if (parts.fraction.length > 3) return fail('too_many_decimals', i18n._(msg`Use at most 3 decimals.`));
  const value = Number(parts.integer + parts.fraction.padEnd(3, '0'));
  if (!isQuantity(value)) return fail('too_large', i18n._(msg`"${typed}" is too large.`));
  if (!options.weighed && value % MILLI_PER_UNIT !== 0) {
    return fail('not_whole', i18n._(msg`This product is sold by the piece: use a whole number.`));
  }
  if (value <= 0) return notPositive();
  return ok(value);
}

/** [QTY-2] The exact numeric(12,3) text the server stores: 1250 → "1.250". */
export function toNumericString(quantity: Milli): string {
  const sign = quantity < 0 ? '-' : '';
  const digits = String(Math.abs(quantity)).padStart(4, '0');
  return `${sign}${digits.slice(0, -3)}.${digits.slice(-3)}`;
}

/** "2.000" → "2", "1.250" → "1.25": a quantity as a cashier would type it. */
export function quantityText(quantity: Milli): string {
  return toNumericString(quantity).replace(/\.?0+$/, '');
}

/** [QTY-2] Reads the server's numeric(12,3) text (or number) back into thousandths. */
export function fromNumeric(value: string | number): Milli {
  const text = typeof value === 'number' ? value.toFixed(3) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,3}))?$/.exec(text);
  if (match === null) throw new RangeError(`"${text}" is not a numeric(12,3) quantity.`);
  const [, sign = '', integer = '0', fraction = ''] = match;
  const milli = Number(integer + fraction.padEnd(3, '0'));
  return sign === '-' ? -milli : milli;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** For people: "1.25", "3"; in `locale` (else the screens' language), never more than three decimals. */
export function formatQuantity(quantity: Milli, locale?: string): string {
  const tag = locale ?? activeIntlLocale();
  let formatter = formatters.get(tag ?? '');
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat(tag, { maximumFractionDigits: 3 });
    formatters.set(tag ?? '', formatter);
  }
  return formatter.format(toNumericString(quantity) as Intl.StringNumericLiteral);
}

/** [QTY-3] Unit price × quantity, rounded once, half-up, to the minor unit (1.99/kg × 1.255 kg → 2.50). */
export function extendPrice(unitPrice: Minor, quantity: Milli): Minor {
  return mulDivRound(unitPrice, quantity, MILLI_PER_UNIT);
}
