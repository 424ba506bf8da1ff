// The `sale.record` command, written once (STYLE: "a business command is written once"): the till builds
// it from a cart and its tenders, checks it, records it in the ledger and queues it; the server re-checks
// the same arithmetic in SQL ([SALE-2]) and accepts the sale as the till recorded it.
import type { Cart, PricingRules } from './cart';
import { priceCart } from './cart';
import type { IdGenerator } from './ids';
import { sum } from './money';
import { extendPrice, fromNumeric } from './quantity';
import { err, ok, type Result } from './result';
import { saleRecordSchema, type SaleRecordArgs } from './sale-record-schema';
import { taxLine } from './tax';
import { settle, type Tender, type TenderErrorCode } from './tender';

export interface SaleContext {
  saleId: string;
  storeId: string;
  terminalId: string;
  shiftId: string | null;
  receiptNo: string;
  occurredAt: Date;
  rules: PricingRules;
}

/**
 * [SALE-1] Builds the sale as the till records it: every line with its product snapshot, its whole
 * discount and its tax; the totals of [CART-1]; the payments of [TENDER-1]. A sale whose tenders do not
 * cover it is not a sale yet.
 */
export function buildSaleRecord(
  cart: Cart,
  tenders: readonly Tender[],
  context: SaleContext,
  ids: IdGenerator,
): Result<SaleRecordArgs, TenderErrorCode | 'empty_cart' | 'not_covered'> {
  if (cart.lines.length === 0) return err('empty_cart', 'Add something to the cart first.');
  const priced = priceCart(cart, context.rules);
  const settled = settle(priced.totals.total, tenders, context.rules.cashRounding);
  if (!settled.ok) return settled;
  if (!settled.value.covered) return err('not_covered', 'The payments do not cover the total yet.');
  return ok({
    id: context.saleId,
    kind: 'sale',
    refund_of: null,
    store_id: context.storeId,
    terminal_id: context.terminalId,
    shift_id: context.shiftId,
    customer_id: cart.customerId ?? null,
    receipt_no: context.receiptNo,
    currency: context.rules.currency,
    prices_include_tax: context.rules.taxMode === 'inclusive',
    subtotal: priced.totals.subtotal,
    discount_total: priced.totals.discounts,
    tax_total: priced.totals.tax,
    rounding: settled.value.rounding,
    total: priced.totals.total,
    note: cart.note ?? null,
    reason: null,
    occurred_at: context.occurredAt.toISOString(),
    lines: priced.lines.map((line, index) => ({
      id: ids(),
      line_no: index + 1,
      product_id: line.line.productId,
      sku: line.line.sku,
      name: line.line.name,
      quantity: line.line.quantity / 1000,
      unit_price: line.line.unitPrice,
      discount: line.lineDiscount + line.cartDiscount,
      tax_rate_bp: line.line.taxRate,
      tax: line.tax,
      total: line.gross,
      refund_of_line_id: null,
    })),
    payments: settled.value.payments.map((payment) => ({
      id: ids(),
      method: payment.method,
      amount: payment.amount,
      tendered: payment.tendered ?? null,
      change: payment.change,
      reference: payment.reference ?? null,
    })),
  });
}

/**
 * [SALE-2] The arithmetic the server re-checks: each line's tax and total follow from its price,
 * quantity, discount and rate ([QTY-3], [TAX-1]); the header totals are the sums of the lines; the
 * payments add up to total + rounding, and cash rounding is only there when cash was paid and is at most
 * half the company's increment. Answers every problem found (none means the sale adds up).
 */
export function checkSaleArithmetic(sale: SaleRecordArgs, cashRounding: number): string[] {
  const problems: string[] = [];
  const mode = sale.prices_include_tax ? 'inclusive' : 'exclusive';
  for (const line of sale.lines) {
    const extended = extendPrice(line.unit_price, fromNumeric(line.quantity));
    if (line.discount > extended) problems.push(`line ${line.line_no}: discount is more than the line`);
    const expected = taxLine(extended - line.discount, line.tax_rate_bp, mode);
    if (line.tax !== expected.tax)
      problems.push(`line ${line.line_no}: tax ${line.tax} should be ${expected.tax}`);
    if (line.total !== expected.gross)
      problems.push(`line ${line.line_no}: total ${line.total} should be ${expected.gross}`);
  }
  const lines = sale.lines;
  const subtotal = sum(lines.map((line) => extendPrice(line.unit_price, fromNumeric(line.quantity))));
  const expectHeader = (name: string, actual: number, expected: number) => {
    if (actual !== expected) problems.push(`${name} ${actual} should be ${expected}`);
  };
  expectHeader('subtotal', sale.subtotal, subtotal);
  expectHeader('discount_total', sale.discount_total, sum(lines.map((line) => line.discount)));
  expectHeader('tax_total', sale.tax_total, sum(lines.map((line) => line.tax)));
  expectHeader('total', sale.total, sum(lines.map((line) => line.total)));
  expectHeader('payments', sum(sale.payments.map((payment) => payment.amount)), sale.total + sale.rounding);
  const paidCash = sale.payments.some((payment) => payment.method === 'cash');
  if (sale.rounding !== 0 && (!paidCash || Math.abs(sale.rounding) * 2 > cashRounding)) {
    problems.push(`rounding ${sale.rounding} is not a cash rounding to ${cashRounding}`);
  }
  for (const payment of sale.payments) {
    if (payment.change !== (payment.tendered ?? payment.amount) - payment.amount) {
      problems.push(`payment ${payment.id}: change should be tendered − amount`);
    }
  }
  return problems;
}

/** [SALE-3] Validates a `sale.record` argument from anywhere (an outbox row, a test): shape, then arithmetic. */
export function parseSaleRecord(
  input: unknown,
  cashRounding: number,
): Result<SaleRecordArgs, 'invalid_sale'> {
  const parsed = saleRecordSchema.safeParse(input);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first === undefined ? '' : ` at ${first.path.join('.') || 'the top'}`;
    return err('invalid_sale', `The sale is malformed${where}: ${first?.message ?? 'unknown problem'}.`);
  }
  const problems = checkSaleArithmetic(parsed.data, cashRounding);
  if (problems.length > 0) return err('invalid_sale', `The sale does not add up: ${problems.join('; ')}.`);
  return ok(parsed.data);
}
