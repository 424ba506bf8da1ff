// `transfer.receive` (supabase/SPEC.md [PUR-27]): one arrival of a transfer at this till's store ([PUR-T11]).
// In one ledger transaction: the receipt as sent, a local `transfer` delta +received per line (id = the
// receipt line's id, as the server's movement; damaged goods move no stock), and the op.
import type { CashierStamp } from '../../domain/cashier-stamp';
import { transferReceiveSchema } from '../../domain/purchasing/op-args';
import { toNumericString, type Milli } from '../../domain/quantity';
import type { Result } from '../../domain/result';
import { CommandRefused, type CommandDeps } from '../local/command-deps';
import type { LedgerTransferReceipt, TerminalIdentity } from '../local/ledger-types';
import { defineOp, runCommand } from './define-op';
import { documentDelta } from './document-delta';
import { msg, t } from '@lingui/core/macro';

export interface ReceiveTransferInput {
  terminal: Pick<TerminalIdentity, 'id' | 'company_id' | 'store_id'>;
  transferId: string;
  /** The receipt's id, drawn before the command so a shared till can sign it. */
  receiptId: string;
  lines: readonly {
    transferLineId: string;
    productId: string;
    received: Milli;
    damaged: Milli;
    seenReceived: Milli;
  }[];
  stamp: CashierStamp;
}

export const transferReceive = defineOp({
  name: 'transfer.receive',
  schema: transferReceiveSchema,
  noun: 'transfer receipt',
  entity: 'transferReceipts',
  writes: ['transferReceiptLines', 'stockMovements'],
  title: () => t`Transfer received`,
  fallbackTitle: msg`Transfer received`,
  async command(ctx, input: ReceiveTransferInput): Promise<LedgerTransferReceipt> {
    const lines = input.lines
      .filter((line) => line.received + line.damaged > 0)
      .map((line) => ({ ...line, id: ctx.ids() }));
    if (lines.length === 0)
      throw new CommandRefused('empty_document', t`Nothing has been entered as arrived`);
    const { terminal } = input;
    const occurredAt = ctx.clock().toISOString();
    const args = ctx.parse({
      id: input.receiptId,
      transfer_id: input.transferId,
      terminal_id: terminal.id,
      occurred_at: occurredAt,
      ...input.stamp,
      lines: lines.map((line) => ({
        id: line.id,
        transfer_line_id: line.transferLineId,
        received: toNumericString(line.received),
        damaged: toNumericString(line.damaged),
        seen_received: toNumericString(line.seenReceived),
      })),
    });
    const op = await ctx.enqueue(args, {
      companyId: terminal.company_id,
      terminalId: terminal.id,
      entityId: args.id,
    });
    const row: LedgerTransferReceipt = {
      id: args.id,
      company_id: terminal.company_id,
      transfer_id: input.transferId,
      store_id: terminal.store_id,
      occurred_at: occurredAt,
      op_id: op.op_id,
      sync: 'pending',
      error: null,
    };
    await ctx.ledger.transferReceipts.add(row);
    await ctx.ledger.transferReceiptLines.bulkAdd(
      lines.map((line) => ({
        id: line.id,
        receipt_id: row.id,
        transfer_id: row.transfer_id,
        transfer_line_id: line.transferLineId,
        product_id: line.productId,
        received: line.received,
        damaged: line.damaged,
        seen_received: line.seenReceived,
      })),
    );
    await ctx.ledger.stockMovements.bulkAdd(
      lines
        .filter((line) => line.received > 0)
        .map((line) =>
          documentDelta(terminal, {
            id: line.id,
            productId: line.productId,
            delta: line.received,
            reason: 'transfer',
            occurredAt,
            opId: op.op_id,
          }),
        ),
    );
    return row;
  },
});

/** [PUR-T11] Receives a transfer at this till's store. */
export function receiveTransfer(
  deps: CommandDeps,
  input: ReceiveTransferInput,
): Promise<Result<LedgerTransferReceipt>> {
  return runCommand(deps, transferReceive, input);
}
