// Discounts a cashier gives: a percent (in basis points) or an amount, on one line or on the whole cart.
// A discount is in the same terms as the prices (tax-inclusive prices → tax-inclusive discount), and it
// can never take an amount below zero.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assertMinor, mulDivRound, type Minor } from './money';
import { splitDecimal } from './money-text';
import { err, ok, type Result } from './result';
import { BASIS_POINTS, type BasisPoints } from './tax';

export type Discount = { kind: 'percent'; rate: BasisPoints } | { kind: 'amount'; amount: Minor };

export function percentOff(rate: BasisPoints): Discount {
  return { kind: 'percent', rate };
}

export function amountOff(amount: Minor): Discount {
  return { kind: 'amount', amount };
}

export function assertDiscount(discount: Discount): Discount {
  if (discount.kind === 'percent') {
    if (!Number.isSafeInteger(discount.rate) || discount.rate < 0 || discount.rate > BASIS_POINTS) {
      throw new RangeError(`A percent discount must be 0 to 10000 basis points, got ${discount.rate}.`);
    }
  } else if (assertMinor(discount.amount, 'discount') < 0) {
    throw new RangeError('A discount amount cannot be negative.');
  }
  return discount;
}

/**
 * [DISC-1] How much a discount takes off `amount`: a percent is rounded half-up to the minor unit; an
 * amount is capped at `amount`, so a discounted line or cart never goes below zero.
 */
export function discountOn(amount: Minor, discount: Discount | undefined): Minor {
  if (discount === undefined) return 0;
  assertDiscount(discount);
  if (amount <= 0) return 0;
  const off =
    discount.kind === 'percent' ? mulDivRound(amount, discount.rate, BASIS_POINTS) : discount.amount;
  return Math.min(off, amount);
}

export type PercentErrorCode = 'empty' | 'not_a_number' | 'too_many_decimals' | 'out_of_range';

/**
 * [DISC-4] A typed percent ("10", "12,5", "12.5 %") in basis points: 0 to 100 with at most two decimals
 * (12.5 % → 1250), so the cashier's keypad and the discount rule speak the same unit.
 */
export function parsePercent(text: string): Result<BasisPoints, PercentErrorCode> {
  const body = text.replace(/[\s\u00a0\u202f%]/gu, '');
  if (body === '') return err('empty', i18n._(msg`Enter a percentage.`));
  const parts = splitDecimal(body, 2);
  const typed = text.trim();
  if (parts === null) return err('not_a_number', i18n._(msg`"${typed}" is not a percentage.`));
  if (parts.fraction.length > 2)
    return err('too_many_decimals', i18n._(msg`Use at most 2 decimals for a percentage.`));
  const rate = Number(parts.integer + parts.fraction.padEnd(2, '0'));
  if (rate > BASIS_POINTS) return err('out_of_range', i18n._(msg`A percentage runs from 0 to 100.`));
  return ok(rate);
}
