// `transfer.send` (supabase/SPEC.md [PUR-26]): a draft transfer sent from this till's store ([PUR-T10]). In
// one ledger transaction: the send as made, a local `transfer` delta −sent per line (id = the transfer line's
// id, as the server's movement), and the op; a line at 0 sends nothing.
import type { CashierStamp } from '../../domain/cashier-stamp';
import { transferSendSchema } from '../../domain/purchasing/op-args';
import { toNumericString, type Milli } from '../../domain/quantity';
import type { Result } from '../../domain/result';
import { CommandRefused, type CommandDeps } from '../local/command-deps';
import type { LedgerTransferSend, TerminalIdentity } from '../local/ledger-types';
import { defineOp, runCommand } from './define-op';
import { documentDelta } from './document-delta';
import { msg, t } from '@lingui/core/macro';

export interface SendTransferInput {
  terminal: Pick<TerminalIdentity, 'id' | 'company_id' | 'store_id'>;
  transferId: string;
  /** The op's id, drawn before the command so a shared till can sign it. */
  id: string;
  lines: readonly { transferLineId: string; productId: string; sent: Milli }[];
  stamp: CashierStamp;
}

export const transferSend = defineOp({
  name: 'transfer.send',
  schema: transferSendSchema,
  noun: 'transfer',
  entity: 'transferSends',
  writes: ['stockMovements'],
  title: () => t`Transfer sent`,
  fallbackTitle: msg`Transfer sent`,
  async command(ctx, input: SendTransferInput): Promise<LedgerTransferSend> {
    const sent = input.lines.filter((line) => line.sent > 0);
    if (sent.length === 0) throw new CommandRefused('empty_document', t`Nothing has been entered to send`);
    const { terminal } = input;
    const occurredAt = ctx.clock().toISOString();
    const args = ctx.parse({
      id: input.id,
      transfer_id: input.transferId,
      terminal_id: terminal.id,
      occurred_at: occurredAt,
      ...input.stamp,
      lines: sent.map((line) => ({
        transfer_line_id: line.transferLineId,
        sent: toNumericString(line.sent),
      })),
    });
    const op = await ctx.enqueue(args, {
      companyId: terminal.company_id,
      terminalId: terminal.id,
      entityId: args.id,
    });
    const row: LedgerTransferSend = {
      id: args.id,
      company_id: terminal.company_id,
      transfer_id: input.transferId,
      store_id: terminal.store_id,
      occurred_at: occurredAt,
      op_id: op.op_id,
      sync: 'pending',
      error: null,
    };
    await ctx.ledger.transferSends.add(row);
    await ctx.ledger.stockMovements.bulkAdd(
      sent.map((line) =>
        documentDelta(terminal, {
          id: line.transferLineId,
          productId: line.productId,
          delta: -line.sent,
          reason: 'transfer',
          occurredAt,
          opId: op.op_id,
        }),
      ),
    );
    return row;
  },
});

/** [PUR-T10] Sends a draft transfer from this till's store. */
export function sendTransfer(
  deps: CommandDeps,
  input: SendTransferInput,
): Promise<Result<LedgerTransferSend>> {
  return runCommand(deps, transferSend, input);
}
