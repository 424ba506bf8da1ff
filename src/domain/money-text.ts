// Amounts as people type and read them. Parsing accepts what a cashier types on any keyboard ("2,50",
// "2.5", "€2.50", "1 234,50") and answers a clear error instead of guessing; formatting goes through
// Intl.NumberFormat with an exact decimal string, so no float ever sits between the cents and the screen.
import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { activeIntlLocale } from './active-locale';
import { currencyExponent } from './currency';
import type { Minor } from './money';
import { err as fail, ok, type Result } from './result';

export type AmountErrorCode = 'empty' | 'not_a_number' | 'too_many_decimals' | 'negative' | 'too_large';

export interface ParseAmountOptions {
  /** Pay-outs and corrections may be typed negative; a tendered amount never is. */
  allowNegative?: boolean;
}

const spaces = /[\s\u00a0\u202f]/gu;
// A currency symbol or a three-letter code, before or after the number.
const currencyAffix = /^(?:\p{Sc}|[A-Za-z]{3})|(?:\p{Sc}|[A-Za-z]{3})$/gu;

interface SplitNumber {
  integer: string;
  fraction: string;
}

/**
 * [MONEY-6] Finds the decimal separator. With both "." and "," present the last one is the decimal
 * separator; a single separator is a decimal separator, unless the currency has no decimals and exactly
 * three digits follow it ("1,000" yen); a repeated separator only groups thousands.
 */
export function splitDecimal(text: string, exponent: number): SplitNumber | null {
  const body = text.replace(/'/g, ' ');
  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  const decimalAt = Math.max(lastDot, lastComma);
  let integer = body;
  let fraction = '';
  if (decimalAt >= 0) {
    const mark = body.charAt(decimalAt);
    const other = mark === '.' ? ',' : '.';
    const repeated = body.indexOf(mark) !== decimalAt;
    const after = body.slice(decimalAt + 1);
    const groupsOnly = repeated || (!body.includes(other) && exponent === 0 && /^\d{3}$/.test(after));
    if (!groupsOnly) {
      integer = body.slice(0, decimalAt);
      fraction = after;
    }
  }
  const grouped = integer.replace(/[.,\s]/g, ' ');
  if (grouped.includes(' ') && !/^\d{1,3}( \d{3})+$/.test(grouped)) return null;
  integer = grouped.replace(/ /g, '');
  if (!/^\d*$/.test(integer) || !/^\d*$/.test(fraction) || integer + fraction === '') return null;
  return { integer, fraction };
}

/** [MONEY-6] Parses a typed amount into minor units of `currency`. */
export function parseAmount(
  text: string,
  currency: string,
  options: ParseAmountOptions = {},
): Result<Minor, AmountErrorCode> {
  const exponent = currencyExponent(currency);
  let body = text.replace(spaces, ' ').trim();
  // The sentences are for the person typing: in the screens' language (issue 35).
  if (body === '') return fail('empty', i18n._(msg`Enter an amount.`));
  let negative = false;
  for (let pass = 0; pass < 2; pass += 1) {
    body = body.replace(currencyAffix, '').trim();
    if (body.startsWith('-') || body.startsWith('−')) {
      negative = true;
      body = body.slice(1).trim();
    }
  }
  const parts = splitDecimal(body, exponent);
  const typed = text.trim();
  if (parts === null) return fail('not_a_number', i18n._(msg`"${typed}" is not an amount.`));
  if (parts.fraction.length > exponent) {
    return fail(
      'too_many_decimals',
      exponent === 0
        ? i18n._(msg`${currency} amounts have no decimals.`)
        : i18n._(
            msg`${currency} amounts have ${plural(exponent, { one: 'at most # decimal', other: 'at most # decimals' })}.`,
          ),
    );
  }
  const digits = (parts.integer + parts.fraction.padEnd(exponent, '0')).replace(/^0+(?=\d)/, '');
  const value = Number(digits);
  if (!Number.isSafeInteger(value)) return fail('too_large', i18n._(msg`"${typed}" is too large.`));
  if (negative && value !== 0 && options.allowNegative !== true) {
    return fail('negative', i18n._(msg`The amount cannot be negative.`));
  }
  return ok(negative ? -value || 0 : value);
}

/** The exact decimal text of an amount: toDecimalString(-5, 2) → "-0.05". */
export function toDecimalString(amount: Minor, exponent: number): string {
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(amount)).padStart(exponent + 1, '0');
  if (exponent === 0) return sign + digits;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/**
 * Minor units as a CSV cell: a plain decimal in the currency's own digits ("-2.40", JPY "1500"), no symbol
 * or grouping, so a spreadsheet adds the column up. null (no figure) is an empty cell.
 */
export function moneyCsvCell(amount: Minor | null, currency: string): string {
  return amount === null ? '' : toDecimalString(amount, currencyExponent(currency));
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * [MONEY-7] Formats minor units for display in a locale: formatMoney(250, 'EUR', 'de-DE') → "2,50 €". No
 * locale: the language the screens are in.
 */
export function formatMoney(amount: Minor, currency: string, locale?: string): string {
  const exponent = currencyExponent(currency);
  const tag = locale ?? activeIntlLocale();
  const key = `${tag ?? ''}|${currency}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat(tag, {
      style: 'currency',
      currency,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(toDecimalString(amount, exponent) as Intl.StringNumericLiteral);
}
