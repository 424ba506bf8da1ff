// A weighed product at the counter (issue 34): the weight a cashier types for it, in kg, with errors in a
// cashier's words, and how a line shows its weight and price per kg ("1.181 kg × €1.99/kg") in the cart and
// on the receipt, so nobody reads a weight as a number of pieces.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Minor } from './money';
import { parseQuantity, type Milli, type QuantityErrorCode } from './quantity';
import { quantityText, unitPriceText } from './receipt-line-words';
import { err, type Result } from './result';

/** The unit every weighed product is priced and sold in ([QTY-1]: thousandths are grams). */
export const WEIGHT_UNIT = 'kg';

/**
 * [COUNTER-12] A typed weight in kg: more than zero, at most three decimals (to the gram). Not a number,
 * zero and negative each say so.
 */
export function parseWeight(text: string): Result<Milli, QuantityErrorCode> {
  const parsed = parseQuantity(text, { weighed: true });
  if (parsed.ok) return parsed;
  const typed = text.trim();
  const unit = WEIGHT_UNIT;
  switch (parsed.error.code) {
    case 'empty':
      return err('empty', i18n._(msg`Enter the weight in ${unit}.`));
    case 'not_a_number':
      return err('not_a_number', i18n._(msg`"${typed}" is not a weight: type it in ${unit}, like 1.25.`));
    case 'not_positive':
      return err('not_positive', i18n._(msg`The weight must be more than zero.`));
    case 'too_many_decimals':
      return err('too_many_decimals', i18n._(msg`Weigh to the gram: at most 3 decimals of a ${unit}.`));
    default:
      return parsed;
  }
}

/**
 * [COUNTER-12] A line's quantity and unit price as the cart shows them: "1.181 kg × €1.99/kg" for a weighed
 * line, "2 × €2.50" otherwise; just the quantity when the unit price is not known. The words are the
 * receipt's ([WORDS-6]), so the cart and the paper read alike.
 */
export function lineQuantityText(
  line: { quantity: Milli; unitPrice: Minor | null; weighed: boolean },
  money: (amount: Minor) => string,
  options: { locale?: string | undefined } = {},
): string {
  const unit = line.weighed ? WEIGHT_UNIT : null;
  const quantity = quantityText(line.quantity, unit, options.locale);
  return line.unitPrice === null ? quantity : `${quantity} × ${unitPriceText(money(line.unitPrice), unit)}`;
}
