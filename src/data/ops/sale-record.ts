// `sale.record` (supabase/SPEC.md §3.1): the sale, its lines and tenders, its stock deltas, the next receipt
// number and the op, in one ledger transaction — a till that loses power has all of a sale or none of it.
import { fromNumeric } from '../../domain/quantity';
import type { Result } from '../../domain/result';
import { newReceiptToken } from '../../domain/receipt-link';
import { checkSaleArithmetic } from '../../domain/sale-record';
import { saleRecordSchema, type SaleRecordArgs } from '../../domain/sale-record-schema';
import { CommandRefused, type CommandDeps } from '../local/command-deps';
import type { LedgerSaleLine, TerminalIdentity } from '../local/ledger-types';
import { defineOp, runCommand } from './define-op';
import { lineGiftCard, saleReceiptFacts } from './sale-receipt-facts';
import { NO_VALUE_KEYS, saleValueEntries, type SaleValueKeys } from './sale-value-entries';
import {
  refuseWhatDoesNotAddUp,
  SALE_WRITES,
  saleMovement,
  queueSaleLike,
  takeReceipt,
  type RecordedSale,
} from './sale-ledger';
import { msg, t } from '@lingui/core/macro';

export interface RecordSaleInput {
  companyId: string;
  /** Gets the receipt number and returns the argument (src/domain/sale-record.ts buildSaleRecord). */
  build: (receiptNo: string, terminal: TerminalIdentity) => Result<SaleRecordArgs>;
  tracksStock: (productId: string) => boolean;
  /**
   * [CMD-4] The shop’s price terms: the sale is checked with the server's arithmetic ([SALE-1], [SALE-5] to
   * [SALE-7]) before it is queued, so a pricing bug shows at the counter — nothing recorded, the cart kept
   * — and not hours later as a dead letter. The register always passes them.
   */
  rules?: { taxMode: 'inclusive' | 'exclusive'; cashRounding: number };
  /** [VAL-32] The customer's account ids and new cards' code hashes (`saleValueKeys`), for its value entries. */
  value?: SaleValueKeys;
}

export const saleRecord = defineOp({
  name: 'sale.record',
  schema: saleRecordSchema,
  noun: 'sale',
  entity: 'sales',
  writes: [...SALE_WRITES, 'valueEntries'],
  title: (args) => {
    const receipt = args.receipt_no;
    return t`Sale ${receipt}`;
  },
  fallbackTitle: msg`Sale`,
  async command(ctx, input: RecordSaleInput): Promise<RecordedSale> {
    const { terminal, receiptNo } = await takeReceipt(ctx, input.companyId);
    // [RCPT-10] The receipt's public link is drawn now, so the printed receipt carries it, offline too.
    const args = ctx.parse({
      receipt_token: newReceiptToken(),
      ...ctx.must(input.build(receiptNo, terminal)),
    });
    if (args.terminal_id !== terminal.id || args.receipt_no !== receiptNo) {
      throw new CommandRefused('invalid_args', t`The sale names another terminal or receipt number.`);
    }
    const { rules } = input;
    refuseWhatDoesNotAddUp('sale', rules ? checkSaleArithmetic(args, rules.taxMode, rules.cashRounding) : []);
    const keys = input.value ?? NO_VALUE_KEYS;
    const recorded = await queueSaleLike(ctx, args, 'sale', terminal, saleReceiptFacts(args, keys));
    const { sale } = recorded;
    await ctx.ledger.saleLines.bulkAdd(
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
        ...(line.modifiers
          ? {
              modifiers: line.modifiers.map((modifier) => ({
                option_id: modifier.option_id,
                name: modifier.name ?? null,
                price_delta: modifier.price_delta,
              })),
            }
          : {}),
        ...(line.promotions ? { promotions: line.promotions.map((deal) => ({ ...deal })) } : {}),
        ...(line.gift_card ? { gift_card: lineGiftCard(line.gift_card, keys) } : {}),
      })),
    );
    // [STOCK-2] One movement per line of a tracked product, at the terminal's store.
    await ctx.ledger.stockMovements.bulkAdd(
      args.lines.flatMap((line) =>
        line.product_id && input.tracksStock(line.product_id)
          ? [saleMovement(line.id, line.product_id, -fromNumeric(line.quantity), 'sale', sale)]
          : [],
      ),
    );
    // [VAL-32] Its value entries, in the same transaction: the till spends against them at once.
    await ctx.ledger.valueEntries.bulkAdd(saleValueEntries(args, sale, keys));
    return recorded;
  },
});

/** [CMD-SALE] Records a sale. */
export function recordSale(deps: CommandDeps, input: RecordSaleInput): Promise<Result<RecordedSale>> {
  return runCommand(deps, saleRecord, input);
}
