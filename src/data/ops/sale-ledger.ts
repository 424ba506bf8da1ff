// What `sale.record` and `sale.refund` share: the next receipt number from this terminal's own counter
// ([RCPT-3]), the sale row, its stock movements, and the refusal of arithmetic the server would reject.
import { nextReceiptNumber } from '../../domain/receipt-number';
import type { SalePaymentArgs, SaleRecordArgs } from '../../domain/sale-record-schema';
import type { RefundPaymentArgs, SaleRefundArgs } from '../../domain/sale-refund-schema';
import type { LedgerPayment, LedgerSale, LedgerStockMovement, TerminalIdentity } from '../local/ledger-types';
import { CommandRefused } from '../local/command-deps';
import type { CommandContext } from './define-op';
import { t } from '@lingui/core/macro';

/** What a sale or refund command answers: the ledger row and the op that carries it. */
export interface RecordedSale {
  sale: LedgerSale;
  opId: string;
}

/** The tables a sale or refund writes besides its outbox op. */
export const SALE_WRITES = ['terminals', 'saleLines', 'payments', 'stockMovements'] as const;

/** Takes this till's next receipt number for the company; refuses when the till was never set up. */
export async function takeReceipt<Args>(
  ctx: CommandContext<Args>,
  companyId: string,
): Promise<{ terminal: TerminalIdentity; receiptNo: string }> {
  const terminal = await ctx.ledger.terminals.get(companyId);
  if (!terminal) throw new CommandRefused('no_terminal', t`Set this till up first (Settings → Terminal).`);
  const receipt = nextReceiptNumber(terminal.code, terminal.receipt_counter);
  await ctx.ledger.terminals.update(companyId, { receipt_counter: receipt.counter });
  return { terminal, receiptNo: receipt.text };
}

/**
 * [CMD-4] A sale or refund the server would reject is not recorded: the cashier reads why, the cart (or the
 * refund screen) stays as it was, and nothing reaches the outbox to die there later as a dead letter.
 */
export function refuseWhatDoesNotAddUp(
  kind: 'sale' | 'refund',
  problems: readonly { code: string; message: string }[],
): void {
  const [problem] = problems;
  if (!problem) return;
  const detail = problem.message;
  throw new CommandRefused(
    problem.code,
    kind === 'sale'
      ? t`This sale does not add up, so it was not recorded: ${detail}. Nothing was lost; ask a manager to check the product's price and tax.`
      : t`This refund does not add up, so it was not recorded: ${detail}. Nothing was lost; ask a manager to check the product's price and tax.`,
  );
}

/**
 * Queues the op and writes the sale row and its tenders; the caller adds the lines and stock deltas, which
 * differ between a sale and a refund.
 */
export async function queueSaleLike<Args extends SaleRecordArgs | SaleRefundArgs>(
  ctx: CommandContext<Args>,
  args: Args,
  kind: 'sale' | 'refund',
  terminal: TerminalIdentity,
  receipt: ReceiptFacts = NO_RECEIPT_FACTS,
): Promise<RecordedSale> {
  const op = await ctx.enqueue(args, {
    companyId: terminal.company_id,
    terminalId: terminal.id,
    entityId: args.id,
  });
  const sale = { ...saleRow(args, kind, terminal, op.op_id), ...receipt.sale };
  await ctx.ledger.sales.add(sale);
  await ctx.ledger.payments.bulkAdd(
    paymentRows(args.id, args.payments ?? []).map((row) => ({ ...row, ...receipt.payments[row.id] })),
  );
  return { sale, opId: op.op_id };
}

/**
 * [VAL-35] What the receipt reads that the op does not carry: each value tender's account, card and balance
 * after it, and the sale's points, as the till knew them when it recorded the sale.
 */
export interface ReceiptFacts {
  payments: Readonly<Record<string, Partial<LedgerPayment>>>;
  sale?: Partial<Pick<LedgerSale, 'loyalty' | 'loyalty_discount'>>;
}

export const NO_RECEIPT_FACTS: ReceiptFacts = { payments: {} };

function paymentRows(
  saleId: string,
  payments: readonly (SalePaymentArgs | RefundPaymentArgs)[],
): LedgerPayment[] {
  return payments.map((payment) => ({
    id: payment.id,
    sale_id: saleId,
    method: payment.method,
    amount: payment.amount,
    // Only a sale's cash tender says what was handed over and what went back.
    tendered: 'tendered' in payment ? (payment.tendered ?? null) : null,
    change: 'change' in payment ? (payment.change ?? null) : null,
    reference: payment.reference ?? null,
    ...valueFields(payment),
  }));
}

/**
 * [VAL-35] A value tender's account and points as the op carries them. What it left is the sale's receipt facts'
 * (`sale-receipt-facts.ts`), which know the balance read at 'Complete sale'; a refund's come from its own entries.
 */
function valueFields(
  payment: SalePaymentArgs | RefundPaymentArgs,
): Pick<LedgerPayment, 'account_id' | 'points'> {
  const points = payment.points ?? null;
  return {
    ...(payment.account_id ? { account_id: payment.account_id } : {}),
    ...(points === null ? {} : { points }),
  };
}

function saleRow(
  args: SaleRecordArgs | SaleRefundArgs,
  kind: 'sale' | 'refund',
  terminal: TerminalIdentity,
  opId: string,
): LedgerSale {
  return {
    id: args.id,
    company_id: terminal.company_id,
    terminal_id: terminal.id,
    store_id: terminal.store_id,
    kind,
    refund_of: 'refund_of' in args ? args.refund_of : null,
    receipt_no: args.receipt_no,
    shift_id: args.shift_id ?? null,
    cashier_id: args.cashier_id ?? null,
    customer_id: 'customer_id' in args ? (args.customer_id ?? null) : null,
    occurred_at: args.occurred_at,
    subtotal: 'subtotal' in args ? (args.subtotal ?? null) : null,
    discount_total: 'discount_total' in args ? (args.discount_total ?? null) : null,
    tax_total: args.tax_total,
    rounding: args.rounding ?? 0,
    total: args.total,
    note: args.note ?? null,
    ...('receipt_token' in args && args.receipt_token ? { receipt_token: args.receipt_token } : {}),
    // [VAL-35] The points the receipt prints: earned by a sale, taken back by a refund.
    ...(args.loyalty ? { loyalty: { ...args.loyalty, balance_after: null } } : {}),
    op_id: opId,
    sync: 'pending',
    error: null,
  };
}

/** [STOCK-2] A line's stock delta at the sale's store; its id is the line's, its op the sale's. */
export function saleMovement(
  id: string,
  productId: string,
  delta: number,
  reason: 'sale' | 'refund',
  sale: LedgerSale,
): LedgerStockMovement {
  return {
    id,
    company_id: sale.company_id,
    store_id: sale.store_id,
    product_id: productId,
    delta,
    reason,
    occurred_at: sale.occurred_at,
    op_id: sale.op_id,
    sync: 'pending',
    error: null,
    txid: null,
    settled: 0,
  };
}
