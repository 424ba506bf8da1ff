// Modifier fields as a manager types them, checked the way the server checks them ([MOD-1],
// 20261201000200_modifiers.sql): 0 ≤ least ≤ most, 1 ≤ most ≤ 20, and an option's price change may be
// negative. Pure; the words say what to change.
import { t } from '@lingui/core/macro';
import { currencyExponent } from '../../domain/currency';
import { err, ok, type Result } from '../../domain/result';
import { numberFormat, screenLocale } from '../../lib/i18n/intl';
import { checkName, checkPrice, priceText } from './product-fields';

export const MOST_CHOICES = 20;

function wholeNumber(text: string, which: 'least' | 'most'): Result<number> {
  const body = text.trim();
  if (!/^\d{1,3}$/.test(body)) {
    return err(
      'nan',
      which === 'least'
        ? t`Least choices "${body}" is not a whole number.`
        : t`Most choices "${body}" is not a whole number.`,
    );
  }
  return ok(Number(body));
}

/** 'Least choices' and 'Most choices' as typed → min_choices and max_choices. */
export function checkChoices(leastText: string, mostText: string): Result<{ min: number; max: number }> {
  const least = wholeNumber(leastText, 'least');
  if (!least.ok) return least;
  const most = wholeNumber(mostText, 'most');
  if (!most.ok) return most;
  if (most.value < 1) return err('range', t`Most choices must be at least 1.`);
  if (most.value > MOST_CHOICES) return err('range', t`Most choices can be at most ${MOST_CHOICES}.`);
  const leastCount = least.value;
  const mostCount = most.value;
  if (leastCount > mostCount) {
    return err(
      'range',
      t`Least choices (${leastCount}) cannot be more than most choices (${mostCount}): a customer could never choose enough.`,
    );
  }
  return ok({ min: least.value, max: most.value });
}

/** An option's price change: empty is 0, a leading "-" takes money off ("-0.30"). */
export function checkPriceDelta(text: string, currency: string): Result<number> {
  const body = text.trim().replace(/^\+/, '');
  if (body === '') return ok(0);
  const negative = body.startsWith('-');
  const amount = checkPrice(negative ? body.slice(1) : body, currency, 'price change');
  if (!amount.ok) return amount;
  return ok(negative ? -amount.value : amount.value);
}

/** A new group as typed, or the first thing wrong with it. */
export function checkGroup(
  name: string,
  least: string,
  most: string,
): Result<{ name: string; min_choices: number; max_choices: number }> {
  const checkedName = checkName(name, 100);
  if (!checkedName.ok) return checkedName;
  const choices = checkChoices(least, most);
  if (!choices.ok) return choices;
  return ok({ name: checkedName.value, min_choices: choices.value.min, max_choices: choices.value.max });
}

/** An option's name and price change as typed, or the first thing wrong with them. */
export function checkOption(
  name: string,
  delta: string,
  currency: string,
): Result<{ name: string; price_delta: number }> {
  const checkedName = checkName(name, 100);
  if (!checkedName.ok) return checkedName;
  const price = checkPriceDelta(delta, currency);
  if (!price.ok) return price;
  return ok({ name: checkedName.value, price_delta: price.value });
}

/** A price change as shown and typed: "+0.50", "-0.30", "0.00". */
export function priceDeltaText(minor: number, currency: string): string {
  const text = priceText(Math.abs(minor), currency);
  if (minor > 0) return `+${text}`;
  return minor < 0 ? `-${text}` : text;
}

/** A price change as a list shows it, in the person's language: "+0.50" in English, "+0,50" in German. */
export function priceDeltaShown(minor: number, currency: string): string {
  const digits = currencyExponent(currency);
  const format = numberFormat(screenLocale(), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: 'exceptZero',
  });
  return format.format(minor / 10 ** digits);
}

/** "exactly one", "up to two"… in figures: what a cashier will be asked. */
export function choicesText(min: number, max: number): string {
  if (min === max) return t`required, choose ${min}`;
  if (min === 0) return t`optional, up to ${max}`;
  return t`required, choose ${min} to ${max}`;
}
