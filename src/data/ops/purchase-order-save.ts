// `purchase_order.save` (supabase/SPEC.md [PUR-11], [PUR-12]): a manager creates a draft purchase order or
// replaces a draft's header and lines, from the back office and offline too, through the outbox as
// `value.adjust`. The server keeps the only copy of a document (the page reads it there), so the op writes
// no ledger row; `base_version` makes an edit made from a stale copy `stale_document`, never an overwrite.
import { z } from 'zod';
import { money, optionalText, quantity, uuid } from '../../domain/command-fields';
import { toNumericString, type Milli } from '../../domain/quantity';
import type { Result } from '../../domain/result';
import type { CommandDeps } from '../local/command-deps';
import { defineOp, runCommand } from './define-op';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** [PUR-2] At most 500 lines to an order. */
export const MAX_ORDER_LINES = 500;

const isoDate = z.iso.date();

export const purchaseOrderSaveSchema = z
  .strictObject({
    id: uuid,
    company_id: uuid,
    store_id: uuid,
    supplier_id: uuid,
    expected_on: isoDate.nullable().optional(),
    note: optionalText(1000),
    base_version: z.int().min(1).optional(),
    lines: z
      .array(
        z.strictObject({
          id: uuid,
          product_id: uuid,
          quantity,
          unit_cost: money.nullable().optional(),
          off_supplier: z.boolean().optional(),
        }),
      )
      .min(1, 'An order has at least one line.')
      .max(MAX_ORDER_LINES),
  })
  .refine((args) => new Set(args.lines.map((line) => line.product_id)).size === args.lines.length, {
    message: 'A product is on an order once.',
    path: ['lines'],
  });

export type PurchaseOrderSaveArgs = z.infer<typeof purchaseOrderSaveSchema>;

export interface OrderLineInput {
  id: string;
  productId: string;
  quantity: Milli;
  /** Minor units; null leaves it to the server (the product's cost). */
  unitCost: number | null;
  /** The person chose 'Add anyway' for a product another supplier sells ([PUR-12]). */
  offSupplier?: boolean;
}

export interface SaveOrderInput {
  /** The order's id: drawn by the page for a new order (so it can open it), else the order's own. */
  id: string;
  companyId: string;
  storeId: string;
  supplierId: string;
  /** YYYY-MM-DD, or null for the server's default (today + the supplier's lead time). */
  expectedOn: string | null;
  note: string;
  /** The version the draft was edited from; absent for a new order. */
  baseVersion?: number;
  lines: readonly OrderLineInput[];
}

export const purchaseOrderSave = defineOp({
  name: 'purchase_order.save',
  schema: purchaseOrderSaveSchema,
  noun: 'purchase order',
  entity: null,
  title: () => i18n._(msg`Purchase order saved`),
  fallbackTitle: msg`Purchase order`,
  async command(ctx, input: SaveOrderInput): Promise<PurchaseOrderSaveArgs> {
    const note = input.note.trim();
    const args = ctx.parse({
      id: input.id,
      company_id: input.companyId,
      store_id: input.storeId,
      supplier_id: input.supplierId,
      ...(input.expectedOn === null ? {} : { expected_on: input.expectedOn }),
      ...(note === '' ? {} : { note }),
      ...(input.baseVersion === undefined ? {} : { base_version: input.baseVersion }),
      lines: input.lines.map((line) => ({
        id: line.id,
        product_id: line.productId,
        quantity: toNumericString(line.quantity),
        ...(line.unitCost === null ? {} : { unit_cost: line.unitCost }),
        ...(line.offSupplier ? { off_supplier: true } : {}),
      })),
    });
    await ctx.enqueue(args, { companyId: input.companyId, terminalId: null, entityId: args.id });
    return args;
  },
});

/** [PUR-11] Queues a draft purchase order, new or edited. */
export function saveOrder(deps: CommandDeps, input: SaveOrderInput): Promise<Result<PurchaseOrderSaveArgs>> {
  return runCommand(deps, purchaseOrderSave, input);
}
