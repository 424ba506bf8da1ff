// The `sale.refund` command: the refund worked out by refund.ts, paid back by the cashier's chosen
// tenders, in the shape the server takes (supabase/SPEC.md §3.2). Refunds pay back exactly: no change.
import type { IdGenerator } from './ids';
import { sum, type Minor } from './money';
import { buildRefund, type RefundErrorCode, type SoldLine } from './refund';
import { ok, type Result } from './result';
import type { RefundPaymentArgs, SaleRefundArgs } from './sale-refund-schema';
import type { TaxMode } from './tax';
import { cashToPay, type TenderMethod } from './tender';

export interface RefundContext {
  refundId: string;
  /** The original sale, as this device knows it. */
  saleId: string;
  terminalId: string;
  shiftId: string | null;
  cashierId: string | null;
  receiptNo: string;
  occurredAt: Date;
  reason: string | null;
  restock: boolean;
  cashRounding: Minor;
  /** [VAL-15] The customer the refund names (one attached at the counter); absent: the original sale's. */
  customerId?: string | null;
  /** [VAL-17] The points this refund takes back, as the till worked them out; 0 or absent: none. */
  loyaltyUnearned?: number;
}

export interface RefundTender {
  method: TenderMethod;
  reference?: string;
  /** [VAL-15] A refund onto a gift card names the card. */
  accountId?: string;
}

/**
 * [CMD-3] What a refund pays back with one tender: the refund total, rounded to the cash step when paid
 * in cash ([MONEY-4], within what [SALE-6] allows). A cash refund that would round to nothing is paid
 * exactly instead: rounding needs a cash payment to sit on.
 */
export function refundDue(
  total: Minor,
  method: TenderMethod,
  cashRounding: Minor,
): { due: Minor; rounding: Minor } {
  const due = method === 'cash' ? cashToPay(total, cashRounding) : total;
  return { due, rounding: due - total };
}

/**
 * [CMD-3] Builds a `sale.refund` from the original sale's lines, what earlier refunds took back, the
 * quantities asked for now ([REFUND-1]…[REFUND-4]) and the tender the money goes back by ([REFUND-5]).
 */
export function buildRefundRecord(
  sale: { lines: readonly SoldLine[]; taxMode: TaxMode },
  alreadyRefunded: readonly { originalLineId: string; quantity: number }[],
  requested: readonly { originalLineId: string; quantity: number }[],
  tender: RefundTender,
  context: RefundContext,
  ids: IdGenerator,
): Result<SaleRefundArgs, RefundErrorCode> {
  const refund = buildRefund(sale, alreadyRefunded, requested);
  if (!refund.ok) return refund;
  const { due, rounding } = refundDue(refund.value.totals.total, tender.method, context.cashRounding);
  const payments: RefundPaymentArgs[] = [];
  if (due > 0) {
    const payment: RefundPaymentArgs = { id: ids(), method: tender.method, amount: due };
    if (tender.reference !== undefined) payment.reference = tender.reference;
    if (tender.method === 'gift_card' && tender.accountId !== undefined)
      payment.account_id = tender.accountId;
    payments.push(payment);
  }
  return ok({
    id: context.refundId,
    terminal_id: context.terminalId,
    refund_of: context.saleId,
    shift_id: context.shiftId,
    cashier_id: context.cashierId,
    receipt_no: context.receiptNo,
    occurred_at: context.occurredAt.toISOString(),
    reason: context.reason,
    restock: context.restock,
    tax_total: refund.value.totals.tax,
    rounding,
    total: due,
    lines: refund.value.lines.map((line) => ({
      id: ids(),
      refund_of_line_id: line.originalLineId,
      quantity: line.quantity / 1000,
      tax: line.tax,
      total: line.total,
    })),
    payments,
    ...(context.customerId ? { customer_id: context.customerId } : {}),
    ...(context.loyaltyUnearned ? { loyalty: { unearned: context.loyaltyUnearned } } : {}),
  });
}

/**
 * [REFUND-5] The sums the server re-checks without the original sale: Σ line tax = tax_total, Σ line
 * totals + rounding = total = Σ payments, and rounding only with a cash payment, at most half the step.
 * (What is left of each original line — [REFUND-2]…[REFUND-4] — needs the original; buildRefund checks it.)
 */
export function checkRefundArithmetic(
  refund: SaleRefundArgs,
  cashRounding: Minor,
): { code: string; message: string }[] {
  const problems: { code: string; message: string }[] = [];
  const taxes = sum(refund.lines.map((line) => line.tax));
  const lineTotals = sum(refund.lines.map((line) => line.total));
  const rounding = refund.rounding ?? 0;
  const payments = refund.payments ?? [];
  const paid = sum(payments.map((payment) => payment.amount));
  if (taxes !== refund.tax_total) {
    problems.push({
      code: 'tax_mismatch',
      message: `tax_total is ${refund.tax_total} but the lines' tax adds up to ${taxes}`,
    });
  }
  if (lineTotals + rounding !== refund.total) {
    problems.push({
      code: 'total_mismatch',
      message: `total is ${refund.total} but the lines add up to ${lineTotals + rounding}`,
    });
  }
  const paidCash = payments.some((payment) => payment.method === 'cash');
  if (rounding !== 0 && (!paidCash || Math.abs(rounding) * 2 > cashRounding)) {
    problems.push({
      code: 'rounding_mismatch',
      message: `Rounding of ${rounding} is not allowed (cash rounding step ${cashRounding})`,
    });
  }
  if (paid !== refund.total) {
    problems.push({
      code: 'payments_mismatch',
      message: `Tenders add up to ${paid} but the total is ${refund.total}`,
    });
  }
  return problems;
}
