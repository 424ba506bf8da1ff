// The arguments of the managers' document ops (supabase/SPEC.md [PUR-11]…[PUR-35]), as the back office
// queues them: drafts saved with the version they were edited from, orders marked as sent, closed or
// cancelled, held quantities settled, stocktakes opened, approved or cancelled.
import { z } from 'zod';
import { money, optionalText, quantity, time, uuid } from '../command-fields';

const reason = z.string().max(200).nullable().optional();
const baseVersion = z.int().min(1).optional();

/** [PUR-11] A draft purchase order, created or replaced whole. */
export const purchaseOrderSaveSchema = z.strictObject({
  id: uuid,
  company_id: uuid,
  store_id: uuid,
  supplier_id: uuid,
  expected_on: z.iso.date().nullable().optional(),
  note: optionalText(1000),
  base_version: baseVersion,
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
    .max(500),
});

/** [PUR-13] A draft marked as sent to its supplier. */
export const purchaseOrderOrderSchema = z.strictObject({
  id: uuid,
  via: z.enum(['mail', 'print', 'phone', 'other']),
  occurred_at: time,
});

/** [PUR-14] An order closed short or cancelled. */
export const purchaseOrderCloseSchema = z.strictObject({
  id: uuid,
  action: z.enum(['close', 'cancel']),
  reason,
  occurred_at: time,
});

/** [PUR-20] [PUR-28] A held quantity accepted or dropped; `id` is the op's own. */
export const settleSchema = z.strictObject({
  id: uuid,
  receipt_line_id: uuid,
  action: z.enum(['accept', 'drop']),
  reason,
  occurred_at: time,
});

/** [PUR-25] A draft transfer, created or replaced whole. */
export const transferSaveSchema = z.strictObject({
  id: uuid,
  company_id: uuid,
  from_store_id: uuid,
  to_store_id: uuid,
  note: optionalText(1000),
  base_version: baseVersion,
  lines: z.array(z.strictObject({ id: uuid, product_id: uuid, quantity })).max(500),
});

/** [PUR-29] A transfer closed (the rest lost or returned) or a draft cancelled. */
export const transferCloseSchema = z.strictObject({
  id: uuid,
  action: z.enum(['close', 'cancel']),
  remainder: z.enum(['lost', 'returned']).optional(),
  reason,
  occurred_at: time,
});

/** [PUR-31] A count session of one store. */
export const stocktakeOpenSchema = z.strictObject({
  id: uuid,
  company_id: uuid,
  store_id: uuid,
  scope: z.enum(['all', 'category', 'supplier']),
  category_id: uuid.nullable().optional(),
  supplier_id: uuid.nullable().optional(),
  note: optionalText(1000),
  occurred_at: time,
});

/** [PUR-34] A stocktake approved: what not counted means, and out-of-scope products left out. */
export const stocktakeApproveSchema = z.strictObject({
  id: uuid,
  uncounted: z.enum(['leave', 'zero']),
  exclude_product_ids: z.array(uuid).max(5000).optional(),
  occurred_at: time,
});

/** [PUR-35] An open stocktake cancelled. */
export const stocktakeCancelSchema = z.strictObject({
  id: uuid,
  reason,
  occurred_at: time,
});
