// `stocktake.approve` (supabase/SPEC.md [PUR-34]): 'Approve stocktake' — the server works out each product's
// variance from its own ledger and posts one `count` movement per difference. The manager chooses what the
// products nobody counted mean ('Count them as zero' or 'Leave them alone') and may drop counted products
// that are not in the stocktake's scope.
import { z } from 'zod';
import { time, uuid } from '../../domain/command-fields';
import type { Result } from '../../domain/result';
import type { CommandDeps } from '../local/command-deps';
import { defineOp, runCommand } from './define-op';
import { msg, t } from '@lingui/core/macro';

export const stocktakeApproveSchema = z.strictObject({
  id: uuid,
  uncounted: z.enum(['leave', 'zero']),
  exclude_product_ids: z.array(uuid).optional(),
  occurred_at: time,
});

export type StocktakeApproveArgs = z.infer<typeof stocktakeApproveSchema>;

export interface ApproveStocktakeInput {
  companyId: string;
  stocktakeId: string;
  uncounted: StocktakeApproveArgs['uncounted'];
  /** Counted products outside the scope that the approval leaves out. */
  excludeProductIds?: readonly string[];
}

export const stocktakeApprove = defineOp({
  name: 'stocktake.approve',
  schema: stocktakeApproveSchema,
  noun: 'stocktake approval',
  entity: null,
  title: () => t`Stocktake approved`,
  fallbackTitle: msg`Stocktake`,
  async command(ctx, input: ApproveStocktakeInput): Promise<StocktakeApproveArgs> {
    const excluded = [...new Set(input.excludeProductIds ?? [])];
    const args = ctx.parse({
      id: input.stocktakeId,
      uncounted: input.uncounted,
      ...(excluded.length > 0 ? { exclude_product_ids: excluded } : {}),
      occurred_at: ctx.clock().toISOString(),
    });
    await ctx.enqueue(args, { companyId: input.companyId, terminalId: null, entityId: args.id });
    return args;
  },
});

/** [PUR-34] Queues the approval of an open stocktake. */
export function approveStocktake(
  deps: CommandDeps,
  input: ApproveStocktakeInput,
): Promise<Result<StocktakeApproveArgs>> {
  return runCommand(deps, stocktakeApprove, input);
}
