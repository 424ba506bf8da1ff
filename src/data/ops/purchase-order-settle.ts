// `purchase_order.settle` (supabase/SPEC.md [PUR-20]): a manager accepts a held quantity (it is posted as
// received, and moves the cost) or drops it ('Accept' / 'Drop' on the order's line). The op's id is its
// own; the server settles a receipt line once (`already_settled`).
import { z } from 'zod';
import { time, uuid } from '../../domain/command-fields';
import type { Result } from '../../domain/result';
import type { CommandDeps } from '../local/command-deps';
import { defineOp, runCommand } from './define-op';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const purchaseOrderSettleSchema = z
  .strictObject({
    id: uuid,
    receipt_line_id: uuid,
    action: z.enum(['accept', 'drop']),
    reason: z.string().trim().max(200),
    occurred_at: time,
  })
  // [PUR-20] A drop says why (the server refuses one that does not).
  .refine((args) => args.action === 'accept' || args.reason !== '', {
    message: 'Say why it is dropped.',
    path: ['reason'],
  });

export type PurchaseOrderSettleArgs = z.infer<typeof purchaseOrderSettleSchema>;

export interface SettleHeldInput {
  companyId: string;
  receiptLineId: string;
  action: PurchaseOrderSettleArgs['action'];
  reason: string;
}

const TITLES = { accept: msg`Held quantity accepted`, drop: msg`Held quantity dropped` } as const;

export const purchaseOrderSettle = defineOp({
  name: 'purchase_order.settle',
  schema: purchaseOrderSettleSchema,
  noun: 'settlement',
  entity: null,
  title: (args) => i18n._(TITLES[args.action]),
  fallbackTitle: msg`Held quantity settled`,
  async command(ctx, input: SettleHeldInput): Promise<PurchaseOrderSettleArgs> {
    const args = ctx.parse({
      id: ctx.ids(),
      receipt_line_id: input.receiptLineId,
      action: input.action,
      reason: input.reason.trim(),
      occurred_at: ctx.clock().toISOString(),
    });
    await ctx.enqueue(args, { companyId: input.companyId, terminalId: null, entityId: args.id });
    return args;
  },
});

/** [PUR-20] Queues accepting or dropping a held quantity. */
export function settleHeld(
  deps: CommandDeps,
  input: SettleHeldInput,
): Promise<Result<PurchaseOrderSettleArgs>> {
  return runCommand(deps, purchaseOrderSettle, input);
}
