// `stocktake.count` (supabase/SPEC.md [PUR-32]): 'Send counts' of one stocktake from this till ([PUR-T13]).
// Counts move no stock until a manager approves the stocktake, so the command writes no delta: only the
// counts as sent, kept until a pull brings the lines back.
import type { CashierStamp } from '../../domain/cashier-stamp';
import type { CountToSend } from '../../domain/purchasing/count-lines';
import { stocktakeCountSchema } from '../../domain/purchasing/op-args';
import { toNumericString } from '../../domain/quantity';
import type { Result } from '../../domain/result';
import { CommandRefused, type CommandDeps } from '../local/command-deps';
import type { LedgerStocktakeCount, TerminalIdentity } from '../local/ledger-types';
import { defineOp, runCommand } from './define-op';
import { msg, t } from '@lingui/core/macro';

export interface SendCountsInput {
  terminal: Pick<TerminalIdentity, 'id' | 'company_id'>;
  stocktakeId: string;
  /** The op's id, drawn before the command so a shared till can sign it. */
  id: string;
  lines: readonly CountToSend[];
  stamp: CashierStamp;
}

export const stocktakeCount = defineOp({
  name: 'stocktake.count',
  schema: stocktakeCountSchema,
  noun: 'stocktake count',
  entity: 'stocktakeCounts',
  writes: ['stocktakeCountLines'],
  title: () => t`Stocktake counts`,
  fallbackTitle: msg`Stocktake counts`,
  async command(ctx, input: SendCountsInput): Promise<LedgerStocktakeCount> {
    if (input.lines.length === 0)
      throw new CommandRefused('empty_document', t`Nothing has been counted since the last send`);
    const lines = input.lines.map((line) => ({
      id: line.id,
      product_id: line.productId,
      counted: toNumericString(line.counted),
      zone: line.zone,
      counted_at: line.countedAt,
      replaces: line.replaces,
    }));
    const args = ctx.parse({
      id: input.id,
      stocktake_id: input.stocktakeId,
      terminal_id: input.terminal.id,
      ...input.stamp,
      lines,
    });
    const op = await ctx.enqueue(args, {
      companyId: input.terminal.company_id,
      terminalId: input.terminal.id,
      entityId: args.id,
    });
    const row: LedgerStocktakeCount = {
      id: args.id,
      company_id: input.terminal.company_id,
      stocktake_id: args.stocktake_id,
      occurred_at: ctx.clock().toISOString(),
      op_id: op.op_id,
      sync: 'pending',
      error: null,
    };
    await ctx.ledger.stocktakeCounts.add(row);
    await ctx.ledger.stocktakeCountLines.bulkAdd(
      input.lines.map((line) => ({
        id: line.id,
        count_id: row.id,
        stocktake_id: row.stocktake_id,
        product_id: line.productId,
        counted: line.counted,
        zone: line.zone,
        counted_at: line.countedAt,
        replaces: line.replaces,
      })),
    );
    return row;
  },
});

/** [PUR-T13] Queues this till's changed counts of a stocktake. */
export function sendCounts(deps: CommandDeps, input: SendCountsInput): Promise<Result<LedgerStocktakeCount>> {
  return runCommand(deps, stocktakeCount, input);
}
