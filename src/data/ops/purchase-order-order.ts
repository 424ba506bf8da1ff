// `purchase_order.order` (supabase/SPEC.md [PUR-13]): a draft becomes `ordered` without a mail — 'Mark as
// ordered' (a phone order) or after 'Print'. Queued through the outbox; the server decides the status.
import { z } from 'zod';
import { time, uuid } from '../../domain/command-fields';
import type { Result } from '../../domain/result';
import type { CommandDeps } from '../local/command-deps';
import { defineOp, runCommand } from './define-op';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const ORDER_VIAS = ['mail', 'print', 'phone', 'other'] as const;

export const purchaseOrderOrderSchema = z.strictObject({
  /** The order's id. */
  id: uuid,
  via: z.enum(ORDER_VIAS),
  occurred_at: time,
});

export type PurchaseOrderOrderArgs = z.infer<typeof purchaseOrderOrderSchema>;

export interface MarkOrderedInput {
  companyId: string;
  orderId: string;
  via: (typeof ORDER_VIAS)[number];
}

export const purchaseOrderOrder = defineOp({
  name: 'purchase_order.order',
  schema: purchaseOrderOrderSchema,
  noun: 'order',
  entity: null,
  title: () => i18n._(msg`Purchase order marked as ordered`),
  fallbackTitle: msg`Purchase order`,
  async command(ctx, input: MarkOrderedInput): Promise<PurchaseOrderOrderArgs> {
    const args = ctx.parse({ id: input.orderId, via: input.via, occurred_at: ctx.clock().toISOString() });
    await ctx.enqueue(args, { companyId: input.companyId, terminalId: null, entityId: args.id });
    return args;
  },
});

/** [PUR-13] Queues a draft's move to `ordered`. */
export function markOrdered(
  deps: CommandDeps,
  input: MarkOrderedInput,
): Promise<Result<PurchaseOrderOrderArgs>> {
  return runCommand(deps, purchaseOrderOrder, input);
}
