// `stocktake.cancel` (supabase/SPEC.md [PUR-35]): 'Cancel stocktake' — an open stocktake ends without moving
// stock; its counts stay to read, and counts that arrive later are kept as late.
import { z } from 'zod';
import { time, uuid } from '../../domain/command-fields';
import type { Result } from '../../domain/result';
import type { CommandDeps } from '../local/command-deps';
import { defineOp, runCommand } from './define-op';
import { msg, t } from '@lingui/core/macro';

export const stocktakeCancelSchema = z.strictObject({
  id: uuid,
  reason: z.string().trim().max(200),
  occurred_at: time,
});

export type StocktakeCancelArgs = z.infer<typeof stocktakeCancelSchema>;

export interface CancelStocktakeInput {
  companyId: string;
  stocktakeId: string;
  reason: string;
}

export const stocktakeCancel = defineOp({
  name: 'stocktake.cancel',
  schema: stocktakeCancelSchema,
  noun: 'stocktake',
  entity: null,
  title: () => t`Stocktake cancelled`,
  fallbackTitle: msg`Stocktake`,
  async command(ctx, input: CancelStocktakeInput): Promise<StocktakeCancelArgs> {
    const args = ctx.parse({
      id: input.stocktakeId,
      reason: input.reason.trim(),
      occurred_at: ctx.clock().toISOString(),
    });
    await ctx.enqueue(args, { companyId: input.companyId, terminalId: null, entityId: args.id });
    return args;
  },
});

/** [PUR-35] Queues cancelling an open stocktake. */
export function cancelStocktake(
  deps: CommandDeps,
  input: CancelStocktakeInput,
): Promise<Result<StocktakeCancelArgs>> {
  return runCommand(deps, stocktakeCancel, input);
}
