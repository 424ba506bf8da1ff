// Tax per line and the per-rate summary a receipt prints. A company's prices either include tax (the
// shelf price is what the customer pays) or exclude it (tax is added on top). Tax is rounded once per
// line, in money.ts; the summary is then a plain sum of lines, so it always adds up to the receipt total.
import { i18n as screenI18n, type I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assertMinor, mulDivRound, type Minor } from './money';

export type TaxMode = 'inclusive' | 'exclusive';

/**
 * How totals name their tax. Tax included in the prices is part of the total, not added to it: a bare "Tax"
 * between "Subtotal" and an equal "Total" reads as a sum error. In the screen's language, or the shop's
 * (`shopI18n`) on paper (issue 35).
 */
export function taxLabel(mode: TaxMode, i18n: I18n = screenI18n): string {
  return mode === 'inclusive' ? i18n._(msg`Tax (incl.)`) : i18n._(msg`Tax`);
}

/** A tax rate in basis points: 2000 is 20 %, 550 is 5.5 %. */
export type BasisPoints = number;
export const BASIS_POINTS = 10_000;

export function assertRate(rate: BasisPoints): BasisPoints {
  if (!Number.isSafeInteger(rate) || rate < 0 || rate > BASIS_POINTS) {
    throw new RangeError(`A tax rate must be whole basis points from 0 to 10000, got ${rate}.`);
  }
  return rate;
}

export interface TaxedAmount {
  net: Minor;
  tax: Minor;
  gross: Minor;
}

/**
 * [TAX-1] Splits a line amount (already discounted, in the company's price terms) into net, tax and
 * gross. Inclusive: tax = amount × r / (1 + r), rounded half-up; net = amount − tax. Exclusive:
 * tax = amount × r, rounded half-up; gross = amount + tax. Either way net + tax = gross exactly.
 */
export function taxLine(amount: Minor, rate: BasisPoints, mode: TaxMode): TaxedAmount {
  assertMinor(amount);
  assertRate(rate);
  if (mode === 'inclusive') {
    const tax = mulDivRound(amount, rate, BASIS_POINTS + rate);
    return { net: amount - tax, tax, gross: amount };
  }
  const tax = mulDivRound(amount, rate, BASIS_POINTS);
  return { net: amount, tax, gross: amount + tax };
}

export interface TaxSummaryRow extends TaxedAmount {
  rate: BasisPoints;
}

/**
 * [TAX-2] The receipt's summary: one row per rate (ascending), each the sum of its lines. Because the rows
 * are sums of already-rounded lines, Σ gross = the total, Σ tax = the tax total, and net + tax = gross per
 * row, to the minor unit.
 */
export function summarizeTax(lines: readonly (TaxedAmount & { rate: BasisPoints })[]): TaxSummaryRow[] {
  const byRate = new Map<BasisPoints, TaxSummaryRow>();
  for (const line of lines) {
    const row = byRate.get(line.rate) ?? { rate: line.rate, net: 0, tax: 0, gross: 0 };
    row.net += line.net;
    row.tax += line.tax;
    row.gross += line.gross;
    byRate.set(line.rate, row);
  }
  return [...byRate.values()].sort((a, b) => a.rate - b.rate);
}

/** Adds summaries (sales) and subtracts others (refunds) — what the X/Z report prints per rate. */
export function combineTaxSummaries(
  summaries: readonly { rows: readonly TaxSummaryRow[]; sign: 1 | -1 }[],
): TaxSummaryRow[] {
  return summarizeTax(
    summaries.flatMap(({ rows, sign }) =>
      rows.map((row) => ({
        rate: row.rate,
        net: sign * row.net,
        tax: sign * row.tax,
        gross: sign * row.gross,
      })),
    ),
  );
}
