// Barcodes a scale or a label printer made: EAN-13 codes in GS1's restricted range 20–29 that carry an item
// code and a price or a weight instead of a product's own number. Each shop configures its scale, so the
// layout (item code length, price or weight, decimals, an optional price check digit) comes from settings,
// one layout per prefix. The server re-reads the same code with the same layout (supabase/SPEC.md, SCALE-*),
// so the till and the server always agree on what a label said.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { currencyExponent } from './currency';
import type { Minor } from './money';
import type { ProductSnapshot } from './cart';
import { extendPrice, MILLI_PER_UNIT, type Milli } from './quantity';
import { err, ok, type Result } from './result';

export type EmbeddedKind = 'price' | 'weight';

export interface EmbeddedLayout {
  /** The label's first two digits, '20' to '29'. */
  prefix: string;
  kind: EmbeddedKind;
  /** How many digits of item code follow the prefix (the scale's PLU or article number). */
  itemDigits: number;
  /** Implied decimals of the value: a price in the currency's major unit, a weight in kilograms. */
  decimals: number;
  /** Whether a GS1 price/weight verifier digit sits between the item code and a 4- or 5-digit value. */
  valueCheckDigit: boolean;
}

export interface EmbeddedRead {
  code: string;
  layout: EmbeddedLayout;
  itemCode: string;
  /** The label's price in minor units (price labels only). */
  price: Minor | null;
  /** The label's weight in thousandths of a kilogram (weight labels only). */
  weight: Milli | null;
}

export type EmbeddedErrorCode =
  'not_embedded' | 'check_digit' | 'value_check_digit' | 'no_layout' | 'zero_value';

export type LayoutErrorCode =
  'prefix' | 'item_digits' | 'decimals' | 'value_check_digit' | 'duplicate_prefix';

const EAN13 = /^\d{13}$/;
const PREFIX = /^2\d$/;
/** A weight is held in thousandths of a kilogram (`Milli`), so a label has at most 3 decimals of a kg. */
const WEIGHT_DECIMALS = 3;

/** [SCALE-1] The standard GS1 modulo-10 check digit of a numeric string (weights 3, 1, 3… from the right). */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

// GS1 General Specifications §7.9.3: each digit of a price is weighted by one of these, and a product is
// reduced to one digit ("2-": double it, then take the units of units minus tens…). The tables are the
// products, indexed by the digit.
const TWO_MINUS = [0, 2, 4, 6, 8, 9, 1, 3, 5, 7];
const THREE = [0, 3, 6, 9, 2, 5, 8, 1, 4, 7];
const FIVE_PLUS = [0, 5, 1, 6, 2, 7, 3, 8, 4, 9];
const FIVE_MINUS = [0, 5, 9, 4, 8, 3, 7, 2, 6, 1];

function weightedSum(value: string, tables: readonly (readonly number[])[]): number {
  return tables.reduce((sum, table, i) => sum + (table[Number(value[i])] ?? 0), 0);
}

/** [SCALE-2] The price/weight verifier digit of a 4- or 5-digit value (GS1 §7.9.3). */
export function valueCheckDigit(value: string): number {
  if (!/^\d{4,5}$/.test(value)) throw new RangeError('A verifier digit covers a 4- or 5-digit value');
  if (value.length === 4) return (weightedSum(value, [TWO_MINUS, TWO_MINUS, THREE, FIVE_MINUS]) * 3) % 10;
  const sum = weightedSum(value, [FIVE_PLUS, TWO_MINUS, FIVE_MINUS, FIVE_PLUS, TWO_MINUS]);
  // The check digit is the one whose "5-" product brings the sum up to a multiple of ten.
  return FIVE_MINUS.indexOf((10 - (sum % 10)) % 10);
}

/** Digits left for the value once the prefix, the item code and the check digits are placed. */
export function valueDigits(layout: EmbeddedLayout): number {
  return 13 - 2 - layout.itemDigits - (layout.valueCheckDigit ? 1 : 0) - 1;
}

/** [SCALE-3] A layout a scale can actually print, for a shop in this currency. */
export function validateLayout(
  layout: EmbeddedLayout,
  currency: string,
): Result<EmbeddedLayout, LayoutErrorCode> {
  if (!PREFIX.test(layout.prefix)) return err('prefix', i18n._(msg`A scale label starts with 20 to 29.`));
  if (!Number.isInteger(layout.itemDigits) || layout.itemDigits < 4 || layout.itemDigits > 6) {
    return err('item_digits', i18n._(msg`The item code has 4, 5 or 6 digits.`));
  }
  const digits = valueDigits(layout);
  if (layout.valueCheckDigit && digits !== 4 && digits !== 5) {
    return err(
      'value_check_digit',
      i18n._(msg`A price check digit needs a 4- or 5-digit price: use a shorter item code.`),
    );
  }
  const most = layout.kind === 'price' ? currencyExponent(currency) : WEIGHT_DECIMALS;
  if (
    !Number.isInteger(layout.decimals) ||
    layout.decimals < 0 ||
    layout.decimals > most ||
    layout.decimals >= digits
  ) {
    const top = Math.min(most, digits - 1);
    return err(
      'decimals',
      layout.kind === 'price'
        ? i18n._(msg`A ${currency} price on a label has 0 to ${top} decimals.`)
        : i18n._(msg`A weight on a label has 0 to ${top} decimals (3 means grams).`),
    );
  }
  return ok(layout);
}

/** [SCALE-3] A shop's layouts: each valid, and at most one per prefix. */
export function validateLayouts(
  layouts: readonly EmbeddedLayout[],
  currency: string,
): Result<readonly EmbeddedLayout[], LayoutErrorCode> {
  const seen = new Set<string>();
  for (const layout of layouts) {
    const checked = validateLayout(layout, currency);
    if (!checked.ok) return checked;
    const prefix = layout.prefix;
    if (seen.has(prefix))
      return err('duplicate_prefix', i18n._(msg`Labels starting ${prefix} are set up twice.`));
    seen.add(layout.prefix);
  }
  return ok(layouts);
}

/** [SCALE-4] A scale item code as it is compared: the same number whatever the label's width (00042 is 42). */
export function scaleCodeKey(code: string): string {
  return code.trim().replace(/^0+(?=\d)/, '');
}

/** Whether a scanned code is in GS1's restricted range at all (13 digits starting with 2). */
export function isEmbeddedRange(code: string): boolean {
  return EAN13.test(code) && code.startsWith('2');
}

/**
 * [SCALE-4] Reads a scale's label. Callers look the code up as a product's own barcode first (a shop may
 * have given products numbers in the 2x range), and read it as a label only when no product has it.
 */
export function readEmbeddedBarcode(
  code: string,
  layouts: readonly EmbeddedLayout[],
  currency: string,
): Result<EmbeddedRead, EmbeddedErrorCode> {
  const scanned = code.trim();
  if (!isEmbeddedRange(scanned)) return err('not_embedded', i18n._(msg`${scanned} is not a scale label.`));
  if (gs1CheckDigit(scanned.slice(0, 12)) !== Number(scanned[12])) {
    return err(
      'check_digit',
      i18n._(msg`The label ${scanned} did not scan correctly. Scan it again, or type the item.`),
    );
  }
  const layout = layouts.find((candidate) => candidate.prefix === scanned.slice(0, 2));
  if (!layout) {
    const prefix = scanned.slice(0, 2);
    return err(
      'no_layout',
      i18n._(
        msg`Labels starting ${prefix} are not set up for this shop (read ${scanned}). A manager sets the scale’s label layout in Settings.`,
      ),
    );
  }
  const itemEnd = 2 + layout.itemDigits;
  const valueStart = itemEnd + (layout.valueCheckDigit ? 1 : 0);
  const value = scanned.slice(valueStart, 12);
  if (layout.valueCheckDigit && valueCheckDigit(value) !== Number(scanned[itemEnd])) {
    return err(
      'value_check_digit',
      layout.kind === 'price'
        ? i18n._(msg`The price on label ${scanned} did not scan correctly. Scan it again.`)
        : i18n._(msg`The weight on label ${scanned} did not scan correctly. Scan it again.`),
    );
  }
  const itemCode = scanned.slice(2, itemEnd);
  const amount = Number(value);
  if (amount === 0) {
    return err(
      'zero_value',
      layout.kind === 'price'
        ? i18n._(msg`Label ${scanned} (item ${itemCode}) has no price on it. Print a new label.`)
        : i18n._(msg`Label ${scanned} (item ${itemCode}) has no weight on it. Weigh the item again.`),
    );
  }
  if (layout.kind === 'price') {
    const price = amount * 10 ** (currencyExponent(currency) - layout.decimals);
    return ok({ code: scanned, layout, itemCode, price, weight: null });
  }
  const weight = amount * 10 ** (WEIGHT_DECIMALS - layout.decimals);
  return ok({ code: scanned, layout, itemCode, price: null, weight });
}

/**
 * [SCALE-5] The code a scale prints for an item and a value, the value written as the label holds it (2.35
 * with 2 decimals is 235) — for demo data, tests and the label preview in settings.
 */
export function makeEmbeddedBarcode(layout: EmbeddedLayout, itemCode: string, value: number): string {
  const digits = valueDigits(layout);
  const item = itemCode.padStart(layout.itemDigits, '0');
  const valueText = String(value).padStart(digits, '0');
  if (item.length !== layout.itemDigits || !/^\d+$/.test(item))
    throw new RangeError(`Item code ${itemCode} does not fit`);
  if (!Number.isSafeInteger(value) || value < 0 || valueText.length !== digits) {
    throw new RangeError(`Value ${value} does not fit in ${digits} digits`);
  }
  const verifier = layout.valueCheckDigit ? String(valueCheckDigit(valueText)) : '';
  const body = `${layout.prefix}${item}${verifier}${valueText}`;
  return `${body}${gs1CheckDigit(body)}`;
}

/** What a label adds to the cart: the product as the line prices it, and the quantity. */
export interface LabelledItem {
  product: ProductSnapshot;
  quantity: Milli;
}

/**
 * [SCALE-6] The line a label rings up. A price label on a product sold by the piece is one pack at the label's
 * price. On a weighed product it is the weight that price buys at the product's price per kg, so stock moves
 * by what was sold, as long as some weight (to the gram) comes to exactly the label's price; when none does
 * (a price per kg above 10.00 can skip a cent), or the product has no price, it is one pack at the label's
 * price. Either way the customer pays what the label says. A weight label is the weighed product's weight at
 * its price per kg; a weight on a product sold by the piece is refused: the scale and the catalogue disagree.
 */
export function labelledItem(
  read: EmbeddedRead,
  product: ProductSnapshot,
): Result<LabelledItem, 'sold_by_piece'> {
  const labelled = { ...product, scaleLabel: read.code };
  if (read.price !== null) {
    const weight = product.weighed ? weightForPrice(read.price, product.unitPrice) : null;
    if (weight !== null) return ok({ product: labelled, quantity: weight });
    return ok({ product: { ...labelled, unitPrice: read.price, weighed: false }, quantity: MILLI_PER_UNIT });
  }
  if (!product.weighed) {
    const { name } = product;
    const { code: label, itemCode } = read;
    return err(
      'sold_by_piece',
      i18n._(
        msg`${name} is sold by the piece, but label ${label} has a weight. Check the scale's item ${itemCode}.`,
      ),
    );
  }
  return ok({ product: labelled, quantity: read.weight ?? 0 });
}

/**
 * The weight, in grams, nearest to `price / pricePerKg` whose line comes to exactly `price`
 * (`extendPrice` rounds half away from zero), or null when no gram does. Looks one gram either side of the
 * quotient, which is enough whenever a gram costs at most a cent.
 */
export function weightForPrice(price: Minor, pricePerKg: Minor): Milli | null {
  if (pricePerKg <= 0 || price <= 0) return null;
  const nearest = Math.round((price * MILLI_PER_UNIT) / pricePerKg);
  for (const weight of [nearest, nearest - 1, nearest + 1]) {
    if (weight > 0 && extendPrice(pricePerKg, weight) === price) return weight;
  }
  return null;
}

/**
 * A shop's layouts as the mirror holds them (`companies.scale_labels`, snake_case JSON). Anything malformed is
 * left out: the server refuses to store it ([SCALE-3]), so this only guards against an old or damaged row.
 */
export function scaleLayoutsOf(value: unknown): EmbeddedLayout[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const row = entry as Record<string, unknown>;
    const { prefix, kind, item_digits: itemDigits, decimals, value_check_digit: verifier } = row;
    if (typeof prefix !== 'string' || (kind !== 'price' && kind !== 'weight')) return [];
    if (typeof itemDigits !== 'number' || typeof decimals !== 'number' || typeof verifier !== 'boolean')
      return [];
    return [{ prefix, kind, itemDigits, decimals, valueCheckDigit: verifier }];
  });
}

/** Layouts as `companies.scale_labels` stores them. */
export function scaleLayoutsRow(layouts: readonly EmbeddedLayout[]) {
  return layouts.map((layout) => ({
    prefix: layout.prefix,
    kind: layout.kind,
    item_digits: layout.itemDigits,
    decimals: layout.decimals,
    value_check_digit: layout.valueCheckDigit,
  }));
}
