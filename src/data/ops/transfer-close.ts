// `transfer.close` (supabase/SPEC.md [PUR-29]): 'Cancel transfer' (a draft only) or 'Close transfer' (one on
// its way with nothing held): what is still in transit is either lost or 'Returned to sender'. Queued through
// the outbox; the server checks the status and the held quantities.
import { z } from 'zod';
import { time, uuid } from '../../domain/command-fields';
import type { Result } from '../../domain/result';
import type { CommandDeps } from '../local/command-deps';
import { defineOp, runCommand } from './define-op';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const transferCloseSchema = z.strictObject({
  /** The transfer's id. */
  id: uuid,
  action: z.enum(['close', 'cancel']),
  remainder: z.enum(['lost', 'returned']).optional(),
  reason: z.string().trim().max(200),
  occurred_at: time,
});

export type TransferCloseArgs = z.infer<typeof transferCloseSchema>;

export interface CloseTransferInput {
  companyId: string;
  transferId: string;
  action: TransferCloseArgs['action'];
  /** What becomes of what is still in transit; only for 'close'. */
  remainder?: 'lost' | 'returned';
  reason: string;
}

const TITLES = { close: msg`Transfer closed`, cancel: msg`Transfer cancelled` } as const;

export const transferClose = defineOp({
  name: 'transfer.close',
  schema: transferCloseSchema,
  noun: 'transfer',
  entity: null,
  title: (args) => i18n._(TITLES[args.action]),
  fallbackTitle: msg`Transfer`,
  async command(ctx, input: CloseTransferInput): Promise<TransferCloseArgs> {
    const args = ctx.parse({
      id: input.transferId,
      action: input.action,
      ...(input.action === 'close' ? { remainder: input.remainder ?? 'lost' } : {}),
      reason: input.reason.trim(),
      occurred_at: ctx.clock().toISOString(),
    });
    await ctx.enqueue(args, { companyId: input.companyId, terminalId: null, entityId: args.id });
    return args;
  },
});

/** [PUR-29] Queues closing a transfer (the rest lost or returned) or cancelling a draft. */
export function closeTransfer(
  deps: CommandDeps,
  input: CloseTransferInput,
): Promise<Result<TransferCloseArgs>> {
  return runCommand(deps, transferClose, input);
}
