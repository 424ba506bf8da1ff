// `sale.refund` (supabase/SPEC.md §3.2): a refund of an earlier sale, its lines copied from the lines they
// refund, its tenders, and — with `restock` — tracked products back on the shelf, in one ledger transaction.
import { fromNumeric } from '../../domain/quantity';
import type { Result } from '../../domain/result';
import { checkRefundArithmetic } from '../../domain/sale-refund';
import { saleRefundSchema, type SaleRefundArgs } from '../../domain/sale-refund-schema';
import type { CommandDeps } from '../local/command-deps';
import type { LedgerDb } from '../local/ledger-db';
import type { LedgerSale, LedgerSaleLine, TerminalIdentity } from '../local/ledger-types';
import { defineOp, runCommand } from './define-op';
import {
  refuseWhatDoesNotAddUp,
  SALE_WRITES,
  saleMovement,
  queueSaleLike,
  takeReceipt,
  type RecordedSale,
} from './sale-ledger';
import { refundValueEntries, type RefundValueAccounts } from '../../domain/value/refund-entries';
import { pendingValueEntry } from './value-entry-row';
import { msg, t } from '@lingui/core/macro';

/** What a refund line copies from the line it refunds (the server copies the same, [REFUND-1]). */
export interface OriginalLine {
  product_id: string | null;
  sku: string | null;
  name: string;
  unit_price: number;
  tax_rate_bp: number;
}

export interface RecordRefundInput {
  companyId: string;
  build: (receiptNo: string, terminal: TerminalIdentity) => Result<SaleRefundArgs>;
  originalLines: ReadonlyMap<string, OriginalLine>;
  tracksStock: (productId: string) => boolean;
  /** [CMD-4] The shop's cash rounding: the refund's sums are checked as the server does before it is queued. */
  cashRounding?: number;
  /** [VAL-15]…[VAL-17] The accounts its value entries go to; absent: a refund with no customer value. */
  value?: RefundValueAccounts;
}

export const saleRefund = defineOp({
  name: 'sale.refund',
  schema: saleRefundSchema,
  noun: 'refund',
  entity: 'sales',
  // [VAL-15]…[VAL-17] A refund also writes its customer value entries.
  writes: [...SALE_WRITES, 'valueEntries'],
  title: (args) => {
    const receipt = args.receipt_no;
    return t`Refund ${receipt}`;
  },
  fallbackTitle: msg`Refund`,
  async command(ctx, input: RecordRefundInput): Promise<RecordedSale> {
    const { terminal, receiptNo } = await takeReceipt(ctx, input.companyId);
    const args = ctx.parse(ctx.must(input.build(receiptNo, terminal)));
    refuseWhatDoesNotAddUp(
      'refund',
      input.cashRounding === undefined ? [] : checkRefundArithmetic(args, input.cashRounding),
    );
    const recorded = await queueSaleLike(ctx, args, 'refund', terminal);
    const { sale } = recorded;
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
    await ctx.ledger.saleLines.bulkAdd(lines);
    await writeRefundValue(ctx.ledger, args, sale, input.value);
    if (args.restock ?? true) {
      await ctx.ledger.stockMovements.bulkAdd(
        lines.flatMap((line) =>
          line.product_id && input.tracksStock(line.product_id)
            ? [saleMovement(line.id, line.product_id, line.quantity, 'refund', sale)]
            : [],
        ),
      );
    }
    return recorded;
  },
});

/**
 * [VAL-15]…[VAL-17] In the refund's own transaction: its value entries (pending until answered, unsettled until
 * a pull reflects them), the points it took back on its row, and each value tender's account on its payment.
 */
async function writeRefundValue(
  ledger: LedgerDb,
  args: SaleRefundArgs,
  sale: LedgerSale,
  accounts: RefundValueAccounts | undefined,
): Promise<void> {
  if (accounts === undefined) return;
  const entries = refundValueEntries(args, accounts);
  await ledger.valueEntries.bulkAdd(
    entries.map((entry) =>
      pendingValueEntry(
        {
          ...entry,
          sale_id: sale.id,
          company_id: sale.company_id,
          terminal_id: sale.terminal_id,
          shift_id: sale.shift_id,
          occurred_at: sale.occurred_at,
        },
        sale.op_id,
      ),
    ),
  );
  for (const entry of entries) {
    if (entry.kind === 'refund') await ledger.payments.update(entry.id, { account_id: entry.account_id });
  }
  if (args.loyalty) await ledger.sales.update(sale.id, { loyalty: { unearned: args.loyalty.unearned } });
}

/** [CMD-REFUND] Records a refund of an earlier sale. */
export function recordRefund(deps: CommandDeps, input: RecordRefundInput): Promise<Result<RecordedSale>> {
  return runCommand(deps, saleRefund, input);
}
