// `purchase_order.receive` (supabase/SPEC.md [PUR-17]): one delivery taken in at this till against a purchase
// order. In one ledger transaction ([PUR-T7]): the receipt as sent, a local `receive` stock delta per line
// (id = the receipt line's id, as the server's movement), and the op, so the till's on-hand rises at once.
import type { CashierStamp } from '../../domain/cashier-stamp';
import { purchaseOrderReceiveSchema } from '../../domain/purchasing/op-args';
import { toNumericString, type Milli } from '../../domain/quantity';
import type { Minor } from '../../domain/money';
import type { Result } from '../../domain/result';
import { CommandRefused, type CommandDeps } from '../local/command-deps';
import type { LedgerPurchaseReceipt, TerminalIdentity } from '../local/ledger-types';
import { defineOp, runCommand } from './define-op';
import { documentDelta } from './document-delta';
import { msg, t } from '@lingui/core/macro';

export interface ReceiveLineInput {
  /** The order line it arrived against; null: a product not on the order. */
  orderLineId: string | null;
  productId: string;
  /** Thousandths; lines at 0 are left out. */
  quantity: Milli;
  unitCost: Minor | null;
  /** [PUR-T2] What the till believed had arrived already against that order line. */
  seenReceived: Milli;
}

export interface ReceiveOrderInput {
  /**
   * The till taking the delivery in. From the back office there is no till (`id` null): the op names the
   * company, the store is the order's, and only a manager may post it ([PUR-23]).
   */
  terminal: Pick<TerminalIdentity, 'company_id' | 'store_id'> & { id: string | null };
  orderId: string;
  /** Drawn before the command, so a shared till can sign it as the op's row. */
  receiptId: string;
  lines: readonly ReceiveLineInput[];
  /** The person at the counter; none from the back office, where the server knows the signed-in manager. */
  stamp: CashierStamp | null;
  note?: string | null;
}

export const purchaseOrderReceive = defineOp({
  name: 'purchase_order.receive',
  schema: purchaseOrderReceiveSchema,
  noun: 'delivery',
  entity: 'purchaseReceipts',
  writes: ['purchaseReceiptLines', 'stockMovements'],
  title: () => t`Delivery received`,
  fallbackTitle: msg`Delivery received`,
  async command(ctx, input: ReceiveOrderInput): Promise<LedgerPurchaseReceipt> {
    const arrived = input.lines
      .filter((line) => line.quantity > 0)
      .map((line) => ({ ...line, id: ctx.ids() }));
    if (arrived.length === 0)
      throw new CommandRefused('empty_document', t`Nothing has been entered as arrived`);
    const { terminal } = input;
    const occurredAt = ctx.clock().toISOString();
    const lines = arrived.map((line) => ({
      id: line.id,
      purchase_order_line_id: line.orderLineId,
      product_id: line.productId,
      quantity: toNumericString(line.quantity),
      unit_cost: line.unitCost,
      seen_received: toNumericString(line.seenReceived),
    }));
    const args = ctx.parse({
      id: input.receiptId,
      purchase_order_id: input.orderId,
      ...(terminal.id === null ? { company_id: terminal.company_id } : { terminal_id: terminal.id }),
      occurred_at: occurredAt,
      ...(input.note ? { note: input.note } : {}),
      ...(input.stamp ?? {}),
      lines,
    });
    const op = await ctx.enqueue(args, {
      companyId: terminal.company_id,
      terminalId: terminal.id,
      entityId: args.id,
    });
    const row: LedgerPurchaseReceipt = {
      id: args.id,
      company_id: terminal.company_id,
      purchase_order_id: args.purchase_order_id,
      store_id: terminal.store_id,
      terminal_id: terminal.id,
      occurred_at: occurredAt,
      op_id: op.op_id,
      sync: 'pending',
      error: null,
    };
    await ctx.ledger.purchaseReceipts.add(row);
    await ctx.ledger.purchaseReceiptLines.bulkAdd(
      arrived.map((line) => ({
        id: line.id,
        receipt_id: row.id,
        purchase_order_id: row.purchase_order_id,
        purchase_order_line_id: line.orderLineId,
        product_id: line.productId,
        quantity: line.quantity,
        unit_cost: line.unitCost,
        seen_received: line.seenReceived,
      })),
    );
    await ctx.ledger.stockMovements.bulkAdd(
      arrived.map((line) =>
        documentDelta(terminal, {
          id: line.id,
          productId: line.productId,
          delta: line.quantity,
          reason: 'receive',
          occurredAt,
          opId: op.op_id,
        }),
      ),
    );
    return row;
  },
});

/** [PUR-T7] Posts a delivery taken in at this till (or, with no till, in the back office). */
export function receivePurchaseOrder(
  deps: CommandDeps,
  input: ReceiveOrderInput,
): Promise<Result<LedgerPurchaseReceipt>> {
  return runCommand(deps, purchaseOrderReceive, input);
}
