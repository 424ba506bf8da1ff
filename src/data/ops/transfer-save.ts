// `transfer.save` (supabase/SPEC.md [PUR-25]): a manager creates a draft transfer between two stores of the
// shop or replaces a draft's header and lines, from the back office and offline too, through the outbox. As a
// purchase order's save, the server keeps the only copy (entity null); `base_version` makes an edit from a
// stale copy `stale_document`, never an overwrite.
import { z } from 'zod';
import { optionalText, quantity, time, uuid } from '../../domain/command-fields';
import { toNumericString, type Milli } from '../../domain/quantity';
import type { Result } from '../../domain/result';
import type { CommandDeps } from '../local/command-deps';
import { defineOp, runCommand } from './define-op';
import { MAX_ORDER_LINES } from './purchase-order-save';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const transferSaveSchema = z
  .strictObject({
    id: uuid,
    company_id: uuid,
    from_store_id: uuid,
    to_store_id: uuid,
    note: optionalText(1000),
    base_version: z.int().min(1).optional(),
    occurred_at: time,
    lines: z
      .array(z.strictObject({ id: uuid, product_id: uuid, quantity }))
      .min(1, 'A transfer has at least one line.')
      .max(MAX_ORDER_LINES),
  })
  .refine((args) => args.from_store_id !== args.to_store_id, {
    message: 'A transfer goes from one store to another.',
    path: ['to_store_id'],
  })
  .refine((args) => new Set(args.lines.map((line) => line.product_id)).size === args.lines.length, {
    message: 'A product is on a transfer once.',
    path: ['lines'],
  });

export type TransferSaveArgs = z.infer<typeof transferSaveSchema>;

export interface TransferLineInput {
  id: string;
  productId: string;
  quantity: Milli;
}

export interface SaveTransferInput {
  /** The transfer's id: drawn by the page for a new transfer (so it can open it), else its own. */
  id: string;
  companyId: string;
  fromStoreId: string;
  toStoreId: string;
  note: string;
  /** The version the draft was edited from; absent for a new transfer. */
  baseVersion?: number;
  lines: readonly TransferLineInput[];
}

export const transferSave = defineOp({
  name: 'transfer.save',
  schema: transferSaveSchema,
  noun: 'transfer',
  entity: null,
  title: () => i18n._(msg`Transfer saved`),
  fallbackTitle: msg`Transfer`,
  async command(ctx, input: SaveTransferInput): Promise<TransferSaveArgs> {
    const note = input.note.trim();
    const args = ctx.parse({
      id: input.id,
      company_id: input.companyId,
      from_store_id: input.fromStoreId,
      to_store_id: input.toStoreId,
      ...(note === '' ? {} : { note }),
      ...(input.baseVersion === undefined ? {} : { base_version: input.baseVersion }),
      occurred_at: ctx.clock().toISOString(),
      lines: input.lines.map((line) => ({
        id: line.id,
        product_id: line.productId,
        quantity: toNumericString(line.quantity),
      })),
    });
    await ctx.enqueue(args, { companyId: input.companyId, terminalId: null, entityId: args.id });
    return args;
  },
});

/** [PUR-25] Queues a draft transfer, new or edited. */
export function saveTransfer(deps: CommandDeps, input: SaveTransferInput): Promise<Result<TransferSaveArgs>> {
  return runCommand(deps, transferSave, input);
}
