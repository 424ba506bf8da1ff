// What the refund form shows as the cashier types: per line what is left to refund, the quantities typed so
// far read with src/domain's parser, and the money due back (refund.ts, sale-refund.ts) — or the plain reason
// why it cannot be refunded like that. Pure, so the form stays a thin view.
import type { Minor } from '../../../domain/money';
import { parseQuantity, type Milli } from '../../../domain/quantity';
import { buildRefund, refundableQuantities, type SoldLine } from '../../../domain/refund';
import { refundDue } from '../../../domain/sale-refund';
import type { TaxMode } from '../../../domain/tax';
import type { TenderMethod } from '../../../domain/tender';
import type { RefundableSale } from '../history/sale-history-deps';

export interface RefundPlanLine {
  line: SoldLine;
  /** Still refundable ([REFUND-2]). */
  left: Milli;
}

export type RefundPlan =
  | { kind: 'empty' }
  | { kind: 'invalid'; message: string }
  | {
      kind: 'ready';
      quantities: { originalLineId: string; quantity: Milli }[];
      total: Minor;
      due: Minor;
      rounding: Minor;
    };

export function planLines(refundable: RefundableSale): RefundPlanLine[] {
  const left = refundableQuantities(refundable.soldLines, refundable.alreadyRefunded);
  return refundable.soldLines.map((line) => ({ line, left: left.get(line.lineId) ?? 0 }));
}

/** Reads the typed quantities (blank = none of that line) and works out what goes back, by which tender. */
export function planRefund(
  refundable: RefundableSale,
  typed: ReadonlyMap<string, string>,
  setting: { taxMode: TaxMode; cashRounding: Minor; method: TenderMethod },
): RefundPlan {
  const quantities: { originalLineId: string; quantity: Milli }[] = [];
  for (const line of refundable.soldLines) {
    const text = typed.get(line.lineId) ?? '';
    if (text.trim() === '') continue;
    const parsed = parseQuantity(text, { weighed: line.weighed });
    if (!parsed.ok) return { kind: 'invalid', message: `${line.name}: ${parsed.error.message}` };
    quantities.push({ originalLineId: line.lineId, quantity: parsed.value });
  }
  if (quantities.length === 0) return { kind: 'empty' };
  const refund = buildRefund(
    { lines: refundable.soldLines, taxMode: setting.taxMode },
    refundable.alreadyRefunded,
    quantities,
  );
  if (!refund.ok) return { kind: 'invalid', message: refund.error.message };
  const total = refund.value.totals.total;
  return { kind: 'ready', quantities, total, ...refundDue(total, setting.method, setting.cashRounding) };
}
