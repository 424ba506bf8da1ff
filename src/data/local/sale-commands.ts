// The sale and refund runners: each writes the sale, its lines and tenders, its stock deltas, the next
// receipt number from this terminal's own counter and its outbox op in ONE strict ledger transaction
// (DESIGN §5) — so a till that loses power has either all of a sale or none of it.
import { fromNumeric } from '../../domain/quantity';
import { nextReceiptNumber } from '../../domain/receipt-number';
import { err, ok, type Result } from '../../domain/result';
import { saleRecordSchema, type SaleRecordArgs } from '../../domain/sale-record-schema';
import { saleRefundSchema, type SaleRefundArgs } from '../../domain/sale-refund-schema';
import { parseArgs } from '../../domain/op-args';
import { checkSaleArithmetic } from '../../domain/sale-record';
import { checkRefundArithmetic } from '../../domain/sale-refund';
import type { z } from 'zod';
import { CommandRefused, type CommandDeps } from './command-deps';
import type { LedgerSale, LedgerSaleLine, LedgerStockMovement, TerminalIdentity } from './ledger-types';
import { enqueueOp } from './outbox';

export interface RecordedSale {
  sale: LedgerSale;
  opId: string;
}

/** What a refund line copies from the line it refunds (the server copies the same, [REFUND-1]). */
export interface OriginalLine {
  product_id: string | null;
  sku: string | null;
  name: string;
  unit_price: number;
  tax_rate_bp: number;
}

function saleTables(deps: CommandDeps) {
  const { ledger } = deps;
  return [
    ledger.terminals,
    ledger.meta,
    ledger.outbox,
    ledger.sales,
    ledger.saleLines,
    ledger.payments,
    ledger.stockMovements,
  ];
}

async function takeReceipt(
  deps: CommandDeps,
  companyId: string,
): Promise<{ terminal: TerminalIdentity; receiptNo: string }> {
  const terminal = await deps.ledger.terminals.get(companyId);
  if (!terminal) throw new CommandRefused('no_terminal', 'Set this till up first (Settings → Terminal).');
  const receipt = nextReceiptNumber(terminal.code, terminal.receipt_counter);
  await deps.ledger.terminals.update(companyId, { receipt_counter: receipt.counter });
  return { terminal, receiptNo: receipt.text };
}

function refused(error: unknown): Result<never> {
  if (error instanceof CommandRefused) return err(error.code, error.message);
  throw error;
}

/** What differs between a sale and a refund; the transaction around them is the same. */
interface SaleLikeSpec<A extends SaleRecordArgs | SaleRefundArgs> {
  kind: 'sale' | 'refund';
  schema: z.ZodType<A>;
  companyId: string;
  build: (receiptNo: string, terminal: TerminalIdentity) => Result<A>;
  /** Checks the argument against the terminal and receipt it was built for; throws CommandRefused. */
  check?: (args: A, terminal: TerminalIdentity, receiptNo: string) => void;
  /** Lines, tenders and stock deltas, written inside the same transaction. */
  writeRows: (args: A, sale: LedgerSale) => Promise<void>;
}

/**
 * One strict ledger transaction: take the next receipt number, build and check the argument, queue the op,
 * add the sale row and let the caller add the rest. A refusal anywhere rolls all of it back.
 */
async function recordSaleLike<A extends SaleRecordArgs | SaleRefundArgs>(
  deps: CommandDeps,
  spec: SaleLikeSpec<A>,
): Promise<Result<RecordedSale>> {
  try {
    const recorded = await deps.ledger.transaction('rw', saleTables(deps), async () => {
      const { terminal, receiptNo } = await takeReceipt(deps, spec.companyId);
      const built = spec.build(receiptNo, terminal);
      if (!built.ok) throw new CommandRefused(built.error.code, built.error.message);
      const checked = parseArgs(spec.schema, built.value, spec.kind);
      if (!checked.ok) throw new CommandRefused(checked.error.code, checked.error.message);
      const args = checked.value;
      spec.check?.(args, terminal, receiptNo);
      const op = await enqueueOp(
        deps.ledger,
        {
          name: spec.kind === 'sale' ? 'sale.record' : 'sale.refund',
          args,
          company_id: spec.companyId,
          terminal_id: terminal.id,
          entity: { table: 'sales', id: args.id },
        },
        deps,
      );
      const sale = saleRow(args, spec.kind, terminal, op.op_id);
      await deps.ledger.sales.add(sale);
      await spec.writeRows(args, sale);
      return { sale, opId: op.op_id };
    });
    deps.onWrite?.();
    return ok(recorded);
  } catch (error) {
    return refused(error);
  }
}

/**
 * [CMD-4] A sale or refund the server would reject is not recorded: the cashier reads why, the cart (or the
 * refund screen) stays as it was, and nothing reaches the outbox to die there later as a dead letter.
 */
function refuseWhatDoesNotAddUp(
  kind: 'sale' | 'refund',
  problems: readonly { code: string; message: string }[],
) {
  const [problem] = problems;
  if (!problem) return;
  throw new CommandRefused(
    problem.code,
    `This ${kind} does not add up, so it was not recorded: ${problem.message}. Nothing was lost; ask a manager to check the product's price and tax.`,
  );
}

/**
 * [CMD-SALE] Records a sale: `build` gets the receipt number and returns the `sale.record` argument
 * (src/domain/sale-record.ts buildSaleRecord); lines of products that track stock get a −quantity delta.
 */
export function recordSale(
  deps: CommandDeps,
  input: {
    companyId: string;
    build: (receiptNo: string, terminal: TerminalIdentity) => Result<SaleRecordArgs>;
    tracksStock: (productId: string) => boolean;
    /**
     * [CMD-4] The shop’s price terms: the sale is checked with the server's arithmetic ([SALE-1], [SALE-5] to
     * [SALE-7]) before it is queued, so a pricing bug shows at the counter — nothing recorded, the cart kept
     * — and not hours later as a dead letter. The register always passes them.
     */
    rules?: { taxMode: 'inclusive' | 'exclusive'; cashRounding: number };
  },
): Promise<Result<RecordedSale>> {
  return recordSaleLike(deps, {
    kind: 'sale',
    schema: saleRecordSchema,
    companyId: input.companyId,
    build: input.build,
    check: (args, terminal, receiptNo) => {
      if (args.terminal_id !== terminal.id || args.receipt_no !== receiptNo) {
        throw new CommandRefused('invalid_args', 'The sale names another terminal or receipt number.');
      }
      refuseWhatDoesNotAddUp(
        'sale',
        input.rules ? checkSaleArithmetic(args, input.rules.taxMode, input.rules.cashRounding) : [],
      );
    },
    writeRows: async (args, sale) => {
      await deps.ledger.saleLines.bulkAdd(
        args.lines.map((line, index): LedgerSaleLine => ({
          id: line.id,
          sale_id: args.id,
          line_no: index + 1,
          product_id: line.product_id ?? null,
          refund_of_line_id: null,
          sku: line.sku ?? null,
          name: line.name,
          quantity: fromNumeric(line.quantity),
          unit_price: line.unit_price,
          discount: line.discount ?? 0,
          tax_rate_bp: line.tax_rate_bp,
          tax: line.tax,
          total: line.total,
        })),
      );
      await deps.ledger.payments.bulkAdd(
        (args.payments ?? []).map((payment) => ({
          id: payment.id,
          sale_id: args.id,
          method: payment.method,
          amount: payment.amount,
          tendered: payment.tendered ?? null,
          change: payment.change ?? null,
          reference: payment.reference ?? null,
        })),
      );
      // [STOCK-2] One movement per line of a tracked product, id = the line's id, at the terminal's store.
      const moves = args.lines.flatMap((line) =>
        line.product_id && input.tracksStock(line.product_id)
          ? [movement(line.id, line.product_id, -fromNumeric(line.quantity), 'sale', sale)]
          : [],
      );
      await deps.ledger.stockMovements.bulkAdd(moves);
    },
  });
}

/** [CMD-REFUND] Records a refund of an earlier sale; with `restock`, tracked products go back on the shelf. */
export function recordRefund(
  deps: CommandDeps,
  input: {
    companyId: string;
    build: (receiptNo: string, terminal: TerminalIdentity) => Result<SaleRefundArgs>;
    originalLines: ReadonlyMap<string, OriginalLine>;
    tracksStock: (productId: string) => boolean;
    /** [CMD-4] The shop's cash rounding: the refund's sums are checked as the server does before it is queued. */
    cashRounding?: number;
  },
): Promise<Result<RecordedSale>> {
  const { cashRounding } = input;
  return recordSaleLike(deps, {
    kind: 'refund',
    schema: saleRefundSchema,
    companyId: input.companyId,
    build: input.build,
    check: (args) => {
      refuseWhatDoesNotAddUp(
        'refund',
        cashRounding === undefined ? [] : checkRefundArithmetic(args, cashRounding),
      );
    },
    writeRows: async (args, sale) => {
      const lines = args.lines.map((line, index): LedgerSaleLine => {
        const original = input.originalLines.get(line.refund_of_line_id);
        return {
          id: line.id,
          sale_id: args.id,
          line_no: index + 1,
          product_id: original?.product_id ?? null,
          refund_of_line_id: line.refund_of_line_id,
          sku: original?.sku ?? null,
          name: original?.name ?? null,
          quantity: fromNumeric(line.quantity),
          unit_price: original?.unit_price ?? null,
          discount: 0,
          tax_rate_bp: original?.tax_rate_bp ?? null,
          tax: line.tax,
          total: line.total,
        };
      });
      await deps.ledger.saleLines.bulkAdd(lines);
      await deps.ledger.payments.bulkAdd(
        (args.payments ?? []).map((payment) => ({
          id: payment.id,
          sale_id: args.id,
          method: payment.method,
          amount: payment.amount,
          tendered: null,
          change: null,
          reference: payment.reference ?? null,
        })),
      );
      if (args.restock ?? true) {
        const moves = lines.flatMap((line) =>
          line.product_id && input.tracksStock(line.product_id)
            ? [movement(line.id, line.product_id, line.quantity, 'refund', sale)]
            : [],
        );
        await deps.ledger.stockMovements.bulkAdd(moves);
      }
    },
  });
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
    op_id: opId,
    sync: 'pending',
    error: null,
  };
}

function movement(
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
