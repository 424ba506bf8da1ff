// `transfer.settle` (supabase/SPEC.md [PUR-28]): a manager accepts a held transfer receipt quantity ("the
// sender sent more than it recorded": a pair of movements keeps the shop's total) or drops it. The op's id is
// its own; the server settles a receipt line once.
import { z } from 'zod';
import { time, uuid } from '../../domain/command-fields';
import type { Result } from '../../domain/result';
import type { CommandDeps } from '../local/command-deps';
import { defineOp, runCommand } from './define-op';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const transferSettleSchema = z.strictObject({
  id: uuid,
  receipt_line_id: uuid,
  action: z.enum(['accept', 'drop']),
  reason: z.string().trim().max(200),
  occurred_at: time,
});

export type TransferSettleArgs = z.infer<typeof transferSettleSchema>;

export interface SettleTransferInput {
  companyId: string;
  receiptLineId: string;
  action: TransferSettleArgs['action'];
  reason: string;
}

const TITLES = {
  accept: msg`Transfer difference accepted`,
  drop: msg`Transfer difference dropped`,
} as const;

export const transferSettle = defineOp({
  name: 'transfer.settle',
  schema: transferSettleSchema,
  noun: 'settlement',
  entity: null,
  title: (args) => i18n._(TITLES[args.action]),
  fallbackTitle: msg`Transfer difference settled`,
  async command(ctx, input: SettleTransferInput): Promise<TransferSettleArgs> {
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

/** [PUR-28] Queues accepting or dropping a held transfer receipt quantity. */
export function settleTransferHeld(
  deps: CommandDeps,
  input: SettleTransferInput,
): Promise<Result<TransferSettleArgs>> {
  return runCommand(deps, transferSettle, input);
}
