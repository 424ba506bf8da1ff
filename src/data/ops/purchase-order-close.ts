// `purchase_order.close` (supabase/SPEC.md [PUR-14]): 'Close order' (what is still to come is cancelled:
// no more will come) or 'Cancel order' (a draft, or an order nothing has arrived against). Queued through
// the outbox; the server checks the status and the held quantities.
import { z } from 'zod';
import { time, uuid } from '../../domain/command-fields';
import type { Result } from '../../domain/result';
import type { CommandDeps } from '../local/command-deps';
import { defineOp, runCommand } from './define-op';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const purchaseOrderCloseSchema = z.strictObject({
  /** The order's id. */
  id: uuid,
  action: z.enum(['close', 'cancel']),
  reason: z.string().trim().max(200),
  occurred_at: time,
});

export type PurchaseOrderCloseArgs = z.infer<typeof purchaseOrderCloseSchema>;

export interface CloseOrderInput {
  companyId: string;
  orderId: string;
  action: PurchaseOrderCloseArgs['action'];
  reason: string;
}

const TITLES = { close: msg`Purchase order closed`, cancel: msg`Purchase order cancelled` } as const;

export const purchaseOrderClose = defineOp({
  name: 'purchase_order.close',
  schema: purchaseOrderCloseSchema,
  noun: 'order',
  entity: null,
  title: (args) => i18n._(TITLES[args.action]),
  fallbackTitle: msg`Purchase order`,
  async command(ctx, input: CloseOrderInput): Promise<PurchaseOrderCloseArgs> {
    const args = ctx.parse({
      id: input.orderId,
      action: input.action,
      reason: input.reason.trim(),
      occurred_at: ctx.clock().toISOString(),
    });
    await ctx.enqueue(args, { companyId: input.companyId, terminalId: null, entityId: args.id });
    return args;
  },
});

/** [PUR-14] Queues closing an order short, or cancelling it. */
export function closeOrder(
  deps: CommandDeps,
  input: CloseOrderInput,
): Promise<Result<PurchaseOrderCloseArgs>> {
  return runCommand(deps, purchaseOrderClose, input);
}
