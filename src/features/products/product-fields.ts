// Product fields as people type them (the form) and write them (a CSV file), checked the way the server
// checks them (products columns in 20261121000100_core_schema.sql): a name of at most 200 characters, SKU and
// barcode of 1–64 printable characters without spaces, a price that is not negative, a tax rate from 0 to
// 100 % stored as basis points, a reorder level of at least 0 with at most 3 decimals. Pure.
import { t } from '@lingui/core/macro';
import { currencyExponent } from '../../domain/currency';
import { parseAmount, toDecimalString } from '../../domain/money-text';
import { cleanName, nameProblem } from '../../domain/name-text';
import { err, ok, type Result } from '../../domain/result';

const CODE = /^[!-~]{1,64}$/;
const MAX_PRICE = 1_000_000_000_000;

/** Whose name: a product's (or an option's, a group's…), or a category's or a supplier's in a CSV cell. */
export type NameKind = 'name' | 'category' | 'supplier';

/** Words in the person's language: called when a name is checked, never at module level. */
function tooLongWords(kind: NameKind, max: number): string {
  if (kind === 'category') {
    return t`The category name is longer than ${max} characters.`;
  }
  if (kind === 'supplier') {
    return t`The supplier name is longer than ${max} characters.`;
  }
  return t`The name is longer than ${max} characters.`;
}

export function checkName(text: string, max = 200, kind: NameKind = 'name'): Result<string> {
  if (text.trim() === '') return err('empty', t`Enter a name.`);
  // [INPUT-2] Refused here in the server's words, and sent as the server stores it.
  const problem = nameProblem(text, 'name');
  if (problem !== null) return err('invalid_name', problem);
  const name = cleanName(text);
  if (name.length > max) return err('too_long', tooLongWords(kind, max));
  return ok(name);
}

/** SKU or barcode: empty is none (null); otherwise printable characters without spaces. */
export function checkCode(text: string, label: 'SKU' | 'barcode'): Result<string | null> {
  const code = text.trim();
  if (code === '') return ok(null);
  if (!CODE.test(code)) {
    return err(
      'bad_code',
      label === 'SKU'
        ? t`The SKU "${code}" must be 1 to 64 letters, digits or signs, without spaces.`
        : t`The barcode "${code}" must be 1 to 64 letters, digits or signs, without spaces.`,
    );
  }
  return ok(code);
}

/** Which amount is typed: each has its own sentences, as word order and gender differ between languages. */
export type AmountKind = 'price' | 'cost' | 'price change';

function amountWords(kind: AmountKind, shown: string) {
  if (kind === 'cost') {
    return {
      negative: t`The cost cannot be negative.`,
      nan: t`The cost "${shown}" is not a number.`,
      tooLarge: t`The cost "${shown}" is too large.`,
    };
  }
  if (kind === 'price change') {
    return {
      negative: t`The price change cannot be negative.`,
      nan: t`The price change "${shown}" is not a number.`,
      tooLarge: t`The price change "${shown}" is too large.`,
    };
  }
  return {
    negative: t`The price cannot be negative.`,
    nan: t`The price "${shown}" is not a number.`,
    tooLarge: t`The price "${shown}" is too large.`,
  };
}

export function checkPrice(text: string, currency: string, kind: AmountKind = 'price'): Result<number> {
  if (text.trim() === '') return err('empty', t`Enter a price.`);
  const amount = parseAmount(text, currency);
  if (!amount.ok) {
    if (amount.error.code === 'negative') return err('negative', amountWords(kind, '').negative);
    if (amount.error.code === 'not_a_number') return err('nan', amountWords(kind, text.trim()).nan);
    return err(amount.error.code, amount.error.message);
  }
  if (amount.value > MAX_PRICE) return err('too_large', amountWords(kind, text.trim()).tooLarge);
  return ok(amount.value);
}

/** A cost (what one unit cost the shop, [COST-1]): empty is none (null), otherwise an amount ≥ 0. */
export function checkCost(text: string, currency: string): Result<number | null> {
  if (text.trim() === '') return ok(null);
  return checkPrice(text, currency, 'cost');
}

/** A cost for a form field or a CSV cell: "" for none. */
export function costText(minor: number | null | undefined, currency: string): string {
  return minor === null || minor === undefined ? '' : priceText(minor, currency);
}

/** "20", "5.5", "5,5 %" → basis points (2000, 550). */
export function checkTaxPercent(text: string): Result<number> {
  const body = text.replace(/%/g, '').trim().replace(',', '.');
  if (body === '') return err('empty', t`Enter a tax rate (0 for none).`);
  const shown = text.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(body)) {
    return err('nan', t`The tax rate "${shown}" is not a percentage with at most 2 decimals.`);
  }
  const [whole = '0', fraction = ''] = body.split('.');
  const basisPoints = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (basisPoints > 10_000) return err('too_large', t`The tax rate "${shown}" is over 100 %.`);
  return ok(basisPoints);
}

/** Basis points as the percentage people type: 2000 → "20", 550 → "5.5". */
export function taxPercentText(basisPoints: number): string {
  return String(basisPoints / 100);
}

/** Reorder level: empty is none (null); otherwise exact decimal text for numeric(12,3). */
export function checkReorderLevel(text: string): Result<string | null> {
  const body = text.trim().replace(',', '.');
  if (body === '') return ok(null);
  if (body.startsWith('-')) return err('negative', t`The reorder level cannot be negative.`);
  if (!/^\d{1,9}(\.\d{1,3})?$/.test(body)) {
    const shown = text.trim();
    return err('nan', t`The reorder level "${shown}" is not a number with at most 3 decimals.`);
  }
  return ok(body);
}

export function checkBoolean(text: string, label: string): Result<boolean> {
  const value = text.trim().toLowerCase();
  if (['true', 'yes', 'y', '1'].includes(value)) return ok(true);
  if (['false', 'no', 'n', '0'].includes(value)) return ok(false);
  const shown = text.trim();
  // `label` is a CSV column's name (track_stock): a code of the file, the same in every language.
  return err('nan', t`${label} "${shown}" is not true or false.`);
}

/** A price for a form field or a CSV cell: exact decimal text in major units ("2.50"). */
export function priceText(minor: number, currency: string): string {
  return toDecimalString(minor, currencyExponent(currency));
}

/** A pulled numeric (JSON number or string) as text, "" for none. */
export function numericText(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return value;
  return '';
}

/** A scale item code (SCALE-4): empty is none (null); otherwise the 1–6 digits the scale prints. */
export function checkScaleCode(text: string): Result<string | null> {
  const code = text.trim();
  if (code === '') return ok(null);
  if (!/^\d{1,6}$/.test(code)) {
    return err('bad_code', t`The scale item code "${code}" must be 1 to 6 digits, as the scale prints it.`);
  }
  return ok(code);
}
