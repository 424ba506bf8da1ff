// `stock.move` (supabase/SPEC.md §3.4): a manager's stock movement (receive, waste, adjust, count,
// transfer) and its local delta — two for a transfer, out of one store and into the other.
import type { Result } from '../../domain/result';
import { parseStockMove, stockMoveDelta, stockMoveSchema } from '../../domain/stock-move';
import type { CommandDeps } from '../local/command-deps';
import type { LedgerStockMovement } from '../local/ledger-types';
import { defineOp, runCommand } from './define-op';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const REASON_TITLES = {
  receive: msg`Stock received`,
  waste: msg`Stock written off`,
  adjust: msg`Stock adjusted`,
  count: msg`Stock counted`,
  transfer: msg`Stock transferred`,
} as const;

export interface MoveStockInput {
  companyId: string;
  /** The form's fields, checked here with the op's schema. */
  args: unknown;
}

export const stockMove = defineOp({
  name: 'stock.move',
  schema: stockMoveSchema,
  noun: 'stock movement',
  entity: 'stockMovements',
  title: (args) => i18n._(REASON_TITLES[args.reason]),
  fallbackTitle: msg`Stock movement`,
  async command(ctx, input: MoveStockInput): Promise<LedgerStockMovement> {
    const args = ctx.must(parseStockMove(input.args));
    const op = await ctx.enqueue(args, {
      companyId: input.companyId,
      terminalId: args.terminal_id ?? null,
      entityId: args.id,
    });
    const row: LedgerStockMovement = {
      id: args.id,
      company_id: input.companyId,
      store_id: args.store_id,
      product_id: args.product_id,
      delta: stockMoveDelta(args),
      reason: args.reason,
      occurred_at: args.occurred_at,
      op_id: op.op_id,
      sync: 'pending',
      error: null,
      txid: null,
      settled: 0,
    };
    await ctx.ledger.stockMovements.add(row);
    if (args.reason === 'transfer') {
      await ctx.ledger.stockMovements.add({
        ...row,
        id: `${args.id}:in`,
        store_id: args.to_store_id,
        delta: -row.delta,
      });
    }
    return row;
  },
});

/** [CMD-STOCK] Records a manager's stock movement. */
export function moveStock(deps: CommandDeps, input: MoveStockInput): Promise<Result<LedgerStockMovement>> {
  return runCommand(deps, stockMove, input);
}
