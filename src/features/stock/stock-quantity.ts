// Quantities typed on the stock screen, as thousandths: received and wasted amounts are positive, an
// adjustment is signed and not zero, a count may be zero. Pieces must be whole; weighed goods take up to
// three decimals (the domain's parseQuantity, [QTY-1]).
import { t } from '@lingui/core/macro';
import { numberFormat, screenLocale } from '../../lib/i18n/intl';
import { parseQuantity } from '../../domain/quantity';
import type { Milli } from '../../domain/quantity';
import { err, ok, type Result } from '../../domain/result';

export function parsePositive(text: string, weighed: boolean): Result<Milli> {
  return parseQuantity(text, { weighed });
}

/** "-2", "+3", "1.5": a signed change that is not zero. */
export function parseSigned(text: string, weighed: boolean): Result<Milli> {
  const body = text.trim();
  const negative = body.startsWith('-') || body.startsWith('−');
  const rest = body.replace(/^[-+−]/u, '');
  if (rest.trim() === '') return err('empty', t`Enter the change, like -2 or 3.`);
  const parsed = parseQuantity(rest, { weighed });
  if (!parsed.ok) {
    if (parsed.error.code === 'not_positive') return err('zero', t`An adjustment is not zero.`);
    return parsed;
  }
  return ok(negative ? -parsed.value : parsed.value);
}

/** What was counted on the shelf: zero or more. */
export function parseCounted(text: string, weighed: boolean): Result<Milli> {
  if (/^\s*0+([.,]0*)?\s*$/.test(text)) return ok(0);
  return parseQuantity(text, { weighed });
}

/** Thousandths for people, in the screens' language: 24000 → "24", 1250 → "1.25" ("1,25"), −2000 → "−2". */
export function formatQuantity(milli: Milli): string {
  const sign = milli < 0 ? '−' : '';
  const digits = numberFormat(screenLocale(), { maximumFractionDigits: 3, useGrouping: false });
  return `${sign}${digits.format(Math.abs(milli) / 1000)}`;
}
