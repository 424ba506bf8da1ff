// A discount as a cashier types it: "10%" is a percent, "1.50" an amount in the company's currency, and an
// empty field means no discount. Pure, so the cart fields and their tests share one reading.
import { amountOff, parsePercent, percentOff, type Discount } from '../../../domain/discount';
import { currencyExponent } from '../../../domain/currency';
import { parseAmount, toDecimalString } from '../../../domain/money-text';
import { err, ok, type Result } from '../../../domain/result';

export function parseDiscount(text: string, currency: string): Result<Discount | undefined> {
  const trimmed = text.trim();
  if (trimmed === '') return ok(undefined);
  if (trimmed.endsWith('%')) {
    const rate = parsePercent(trimmed);
    return rate.ok ? ok(percentOff(rate.value)) : err(rate.error.code, rate.error.message);
  }
  const amount = parseAmount(trimmed, currency);
  return amount.ok ? ok(amountOff(amount.value)) : err(amount.error.code, amount.error.message);
}

export function discountText(discount: Discount | undefined, currency: string): string {
  if (discount === undefined) return '';
  if (discount.kind === 'percent') return `${toDecimalString(discount.rate, 2).replace(/\.?0+$/, '')}%`;
  return toDecimalString(discount.amount, currencyExponent(currency));
}
