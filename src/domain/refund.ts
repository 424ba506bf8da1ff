// Refunds of a recorded sale. What can still be refunded is what was sold minus what earlier refunds
// took back; the money is worked out from the ORIGINAL sale's line amounts (after its discounts), never
// from today's prices. Each refund takes the difference of a running proportion —
// share(already + now) − share(already) — so however a line is refunded in pieces, refunding all of it
// returns exactly what was paid for it, tax included. The server checks the same rules (supabase/SPEC.md
// REFUND-2…4), which is why the ids here are the server's.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { mulDivRound, sum, type Minor } from './money';
import { extendPrice, type Milli } from './quantity';
import { err, ok, type Result } from './result';
import { summarizeTax, type BasisPoints, type TaxMode, type TaxSummaryRow } from './tax';

/** A line of the original sale as it was recorded. */
export interface SoldLine {
  lineId: string;
  productId?: string;
  name: string;
  sku?: string;
  unitPrice: Minor;
  taxRate: BasisPoints;
  weighed: boolean;
  quantity: Milli;
  /** All discount on the line (its own and its share of the cart's). */
  discount: Minor;
  tax: Minor;
  /** What the customer paid for the line (gross). */
  total: Minor;
}

export interface RefundLine {
  originalLineId: string;
  productId?: string;
  name: string;
  sku?: string;
  unitPrice: Minor;
  taxRate: BasisPoints;
  quantity: Milli;
  /** unit price × refunded quantity, rounded once ([QTY-3]), as the server stores it. */
  extended: Minor;
  /** extended − what the refund gives back in price terms (never below zero), as the server stores it. */
  discount: Minor;
  net: Minor;
  tax: Minor;
  total: Minor;
}

export interface RefundTotals {
  subtotal: Minor;
  discounts: Minor;
  net: Minor;
  tax: Minor;
  total: Minor;
}

export type RefundErrorCode =
  'nothing_to_refund' | 'unknown_line' | 'invalid_quantity' | 'more_than_refundable';

/** [REFUND-2] What is left to refund per line: sold − already refunded (never below zero). */
export function refundableQuantities(
  lines: readonly SoldLine[],
  alreadyRefunded: readonly { originalLineId: string; quantity: Milli }[],
): Map<string, Milli> {
  const left = new Map(lines.map((line) => [line.lineId, line.quantity]));
  for (const refunded of alreadyRefunded) {
    const before = left.get(refunded.originalLineId);
    if (before !== undefined) left.set(refunded.originalLineId, Math.max(0, before - refunded.quantity));
  }
  return left;
}

/** The part of `amount` that belongs to `quantity` out of `sold`, rounded by [MONEY-3]. */
function portion(amount: Minor, quantity: Milli, sold: Milli): Minor {
  return mulDivRound(amount, quantity, sold);
}

function refundLine(line: SoldLine, before: Milli, quantity: Milli, taxMode: TaxMode): RefundLine {
  const slice = (amount: Minor) =>
    portion(amount, before + quantity, line.quantity) - portion(amount, before, line.quantity);
  const total = slice(line.total);
  const tax = slice(line.tax);
  const net = total - tax;
  const amount = taxMode === 'inclusive' ? total : net;
  const extended = extendPrice(line.unitPrice, quantity);
  const refund: RefundLine = {
    originalLineId: line.lineId,
    name: line.name,
    unitPrice: line.unitPrice,
    taxRate: line.taxRate,
    quantity,
    extended,
    discount: Math.max(0, extended - amount),
    net,
    tax,
    total,
  };
  if (line.productId !== undefined) refund.productId = line.productId;
  if (line.sku !== undefined) refund.sku = line.sku;
  return refund;
}

/**
 * Builds a refund of the requested quantities of a sale's lines: [REFUND-1] only lines of this sale;
 * [REFUND-2] each quantity more than zero, whole for piece goods, and at most what is left (counting earlier
 * lines of this same refund); [REFUND-3] each line gives back its slice of the line's total and
 * [REFUND-4] of its tax, exactly the rest with the last of the quantity. Otherwise nothing is refunded and
 * the error says why.
 */
export function buildRefund(
  sale: { lines: readonly SoldLine[]; taxMode: TaxMode },
  alreadyRefunded: readonly { originalLineId: string; quantity: Milli }[],
  requested: readonly { originalLineId: string; quantity: Milli }[],
): Result<{ lines: RefundLine[]; totals: RefundTotals; taxSummary: TaxSummaryRow[] }, RefundErrorCode> {
  if (requested.length === 0)
    return err('nothing_to_refund', i18n._(msg`Choose at least one line to refund.`));
  const left = refundableQuantities(sale.lines, alreadyRefunded);
  const lines: RefundLine[] = [];
  for (const { originalLineId, quantity } of requested) {
    const line = sale.lines.find((sold) => sold.lineId === originalLineId);
    const refundable = left.get(originalLineId);
    if (line === undefined || refundable === undefined) {
      return err('unknown_line', i18n._(msg`That line is not part of this sale.`));
    }
    if (!Number.isSafeInteger(quantity) || quantity <= 0 || (!line.weighed && quantity % 1000 !== 0)) {
      const name = line.name;
      return err(
        'invalid_quantity',
        line.weighed
          ? i18n._(msg`Refund a positive quantity of ${name}.`)
          : i18n._(msg`Refund a positive, whole quantity of ${name}.`),
      );
    }
    if (quantity > refundable) {
      const name = line.name;
      const left = refundable / 1000;
      const message =
        refundable === 0
          ? i18n._(msg`${name} has already been refunded in full.`)
          : i18n._(msg`Only ${left} of ${name} can still be refunded.`);
      return err('more_than_refundable', message);
    }
    lines.push(refundLine(line, line.quantity - refundable, quantity, sale.taxMode));
    left.set(originalLineId, refundable - quantity);
  }
  return ok({
    lines,
    taxSummary: summarizeTax(
      lines.map(({ taxRate, net, tax, total }) => ({ rate: taxRate, net, tax, gross: total })),
    ),
    totals: {
      subtotal: sum(lines.map((line) => line.extended)),
      discounts: sum(lines.map((line) => line.discount)),
      net: sum(lines.map((line) => line.net)),
      tax: sum(lines.map((line) => line.tax)),
      total: sum(lines.map((line) => line.total)),
    },
  });
}
