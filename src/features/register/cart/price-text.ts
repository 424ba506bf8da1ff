// A line's new unit price as a cashier types it, read with src/domain's money parsing ([MONEY-6]), and the
// answers a cashier understands. Pure, so the price form and its tests share one reading.
import { currencyExponent } from '../../../domain/currency';
import type { Minor } from '../../../domain/money';
import { parseAmount, toDecimalString } from '../../../domain/money-text';
import { err, ok, type Result } from '../../../domain/result';
import { t } from '@lingui/core/macro';

export type PriceErrorCode = 'not_a_price' | 'too_many_decimals' | 'too_large' | 'zero';

/** "2.50" in a currency with cents, "250" in yen: the example an error shows. */
function examplePrice(currency: string): string {
  const exponent = currencyExponent(currency);
  return toDecimalString(250 * 10 ** Math.max(0, exponent - 2), exponent);
}

/**
 * [CART-5] A price above zero in `currency`'s minor units. Nothing typed, words or a negative amount ask
 * for a price like the example; zero points to a 100% discount, which reports count as a discount.
 */
export function parsePrice(text: string, currency: string): Result<Minor, PriceErrorCode> {
  const parsed = parseAmount(text, currency);
  if (!parsed.ok) {
    const { code, message } = parsed.error;
    if (code === 'too_many_decimals' || code === 'too_large') return err(code, message);
    const example = examplePrice(currency);
    return err('not_a_price', t`Enter a price like ${example}.`);
  }
  if (parsed.value === 0) {
    return err('zero', t`A price is more than zero. To give it away, use a 100% discount.`);
  }
  return ok(parsed.value);
}

/** The price as the form shows it to start with: "2.50". */
export function priceText(price: Minor, currency: string): string {
  return toDecimalString(price, currencyExponent(currency));
}
