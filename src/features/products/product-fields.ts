// Product fields as people type them (the form) and write them (a CSV file), checked the way the server
// checks them (products columns in 20261121000100_core_schema.sql): a name of at most 200 characters, SKU and
// barcode of 1–64 printable characters without spaces, a price that is not negative, a tax rate from 0 to
// 100 % stored as basis points, a reorder level of at least 0 with at most 3 decimals. Pure.
import { currencyExponent } from '../../domain/currency';
import { parseAmount, toDecimalString } from '../../domain/money-text';
import { cleanName, nameProblem } from '../../domain/name-text';
import { err, ok, type Result } from '../../domain/result';

const CODE = /^[!-~]{1,64}$/;
const MAX_PRICE = 1_000_000_000_000;

export function checkName(text: string, max = 200): Result<string> {
  if (text.trim() === '') return err('empty', 'Enter a name.');
  // [INPUT-2] Refused here in the server's words, and sent as the server stores it.
  const problem = nameProblem(text, 'name');
  if (problem !== null) return err('invalid_name', problem);
  const name = cleanName(text);
  if (name.length > max) return err('too_long', `The name is longer than ${max} characters.`);
  return ok(name);
}

/** SKU or barcode: empty is none (null); otherwise printable characters without spaces. */
export function checkCode(text: string, label: 'SKU' | 'barcode'): Result<string | null> {
  const code = text.trim();
  if (code === '') return ok(null);
  if (!CODE.test(code)) {
    return err(
      'bad_code',
      `The ${label} "${code}" must be 1 to 64 letters, digits or signs, without spaces.`,
    );
  }
  return ok(code);
}

export function checkPrice(text: string, currency: string): Result<number> {
  if (text.trim() === '') return err('empty', 'Enter a price.');
  const amount = parseAmount(text, currency);
  if (!amount.ok) {
    if (amount.error.code === 'negative') return err('negative', 'The price cannot be negative.');
    if (amount.error.code === 'not_a_number')
      return err('nan', `The price "${text.trim()}" is not a number.`);
    return err(amount.error.code, amount.error.message);
  }
  if (amount.value > MAX_PRICE) return err('too_large', `The price "${text.trim()}" is too large.`);
  return ok(amount.value);
}

/** A cost (what one unit cost the shop, [COST-1]): empty is none (null), otherwise an amount ≥ 0. */
export function checkCost(text: string, currency: string): Result<number | null> {
  if (text.trim() === '') return ok(null);
  const amount = checkPrice(text, currency);
  if (amount.ok) return amount;
  return err(amount.error.code, amount.error.message.replace(/price/g, 'cost'));
}

/** A cost for a form field or a CSV cell: "" for none. */
export function costText(minor: number | null | undefined, currency: string): string {
  return minor === null || minor === undefined ? '' : priceText(minor, currency);
}

/** "20", "5.5", "5,5 %" → basis points (2000, 550). */
export function checkTaxPercent(text: string): Result<number> {
  const body = text.replace(/%/g, '').trim().replace(',', '.');
  if (body === '') return err('empty', 'Enter a tax rate (0 for none).');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(body)) {
    return err('nan', `The tax rate "${text.trim()}" is not a percentage with at most 2 decimals.`);
  }
  const [whole = '0', fraction = ''] = body.split('.');
  const basisPoints = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (basisPoints > 10_000) return err('too_large', `The tax rate "${text.trim()}" is over 100 %.`);
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
  if (body.startsWith('-')) return err('negative', 'The reorder level cannot be negative.');
  if (!/^\d{1,9}(\.\d{1,3})?$/.test(body)) {
    return err('nan', `The reorder level "${text.trim()}" is not a number with at most 3 decimals.`);
  }
  return ok(body);
}

export function checkBoolean(text: string, label: string): Result<boolean> {
  const value = text.trim().toLowerCase();
  if (['true', 'yes', 'y', '1'].includes(value)) return ok(true);
  if (['false', 'no', 'n', '0'].includes(value)) return ok(false);
  return err('nan', `${label} "${text.trim()}" is not true or false.`);
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
    return err('bad_code', `The scale item code "${code}" must be 1 to 6 digits, as the scale prints it.`);
  }
  return ok(code);
}
