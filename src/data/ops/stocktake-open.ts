// `stocktake.open` (supabase/SPEC.md [PUR-31]): 'New stocktake' in the back office — one store, and all its
// tracked products, one category's or one supplier's. Queued through the outbox like every change; the server
// checks the store, category and supplier are the shop's and that no open stocktake of the store overlaps.
import { z } from 'zod';
import { time, uuid } from '../../domain/command-fields';
import type { Result } from '../../domain/result';
import { CommandRefused, type CommandDeps } from '../local/command-deps';
import { defineOp, runCommand } from './define-op';
import { msg, t } from '@lingui/core/macro';

export const STOCKTAKE_SCOPES = ['all', 'category', 'supplier'] as const;
export type StocktakeScope = (typeof STOCKTAKE_SCOPES)[number];

export const stocktakeOpenSchema = z.strictObject({
  id: uuid,
  company_id: uuid,
  store_id: uuid,
  scope: z.enum(STOCKTAKE_SCOPES),
  category_id: uuid.optional(),
  supplier_id: uuid.optional(),
  note: z.string().trim().max(500).optional(),
  occurred_at: time,
});

export type StocktakeOpenArgs = z.infer<typeof stocktakeOpenSchema>;

export interface OpenStocktakeInput {
  id: string;
  companyId: string;
  storeId: string;
  scope: StocktakeScope;
  /** The category of a 'category' scope; ignored otherwise. */
  categoryId?: string | null;
  /** The supplier of a 'supplier' scope; ignored otherwise. */
  supplierId?: string | null;
  note?: string;
}

export const stocktakeOpen = defineOp({
  name: 'stocktake.open',
  schema: stocktakeOpenSchema,
  noun: 'stocktake',
  entity: null,
  title: () => t`Stocktake opened`,
  fallbackTitle: msg`Stocktake`,
  async command(ctx, input: OpenStocktakeInput): Promise<StocktakeOpenArgs> {
    if (input.scope === 'category' && !input.categoryId) {
      throw new CommandRefused('invalid_args', t`Choose the category to count.`);
    }
    if (input.scope === 'supplier' && !input.supplierId) {
      throw new CommandRefused('invalid_args', t`Choose the supplier whose products to count.`);
    }
    const note = input.note?.trim() ?? '';
    const args = ctx.parse({
      id: input.id,
      company_id: input.companyId,
      store_id: input.storeId,
      scope: input.scope,
      ...(input.scope === 'category' ? { category_id: input.categoryId } : {}),
      ...(input.scope === 'supplier' ? { supplier_id: input.supplierId } : {}),
      ...(note ? { note } : {}),
      occurred_at: ctx.clock().toISOString(),
    });
    await ctx.enqueue(args, { companyId: input.companyId, terminalId: null, entityId: args.id });
    return args;
  },
});

/** [PUR-31] Queues a new stocktake of one store. */
export function openStocktake(
  deps: CommandDeps,
  input: OpenStocktakeInput,
): Promise<Result<StocktakeOpenArgs>> {
  return runCommand(deps, stocktakeOpen, input);
}
