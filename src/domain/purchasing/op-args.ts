// The arguments of the till's four purchasing ops, exactly as supabase/SPEC.md takes them: `purchase_order
// .receive` [PUR-17], `transfer.send` [PUR-26], `transfer.receive` [PUR-27], `stocktake.count` [PUR-32]. Each
// carries the person at the counter as a sale does ([PUR-T15], [STAFF-4]); none carries an approval.
import { z } from 'zod';
import { cashierFields } from '../cashier-stamp';
import { money, optionalText, quantity, time, uuid } from '../command-fields';
import { MAX_QUANTITY_MILLI } from '../quantity';

/** A quantity that may be zero ([OPS-8]): what was seen already, a count, what was damaged. */
export const quantityOrZero = z.union([
  z
    .number()
    .min(0)
    .max(MAX_QUANTITY_MILLI / 1000)
    .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, {
      message: 'A quantity has at most 3 decimals.',
    }),
  z.string().regex(/^[0-9]{1,9}(\.[0-9]{1,3})?$/, 'A quantity has at most 3 decimals.'),
]);

const { cashier_id, cashier_proof } = cashierFields;
/** Where and by whom: a till names itself; the back office names the company (both: they agree). */
const tillFields = {
  terminal_id: uuid.nullable().optional(),
  company_id: uuid.optional(),
  occurred_at: time,
  cashier_id,
  cashier_proof,
};

/** [PUR-17] One delivery against one purchase order. */
export const purchaseOrderReceiveSchema = z.strictObject({
  id: uuid,
  purchase_order_id: uuid,
  ...tillFields,
  note: optionalText(500),
  lines: z
    .array(
      z.strictObject({
        id: uuid,
        purchase_order_line_id: uuid.nullable().optional(),
        product_id: uuid,
        quantity,
        unit_cost: money.nullable().optional(),
        seen_received: quantityOrZero,
      }),
    )
    .min(1)
    .max(500),
});
export type PurchaseOrderReceiveArgs = z.infer<typeof purchaseOrderReceiveSchema>;

/** [PUR-26] A draft transfer sent from this store: `id` is the op's own. */
export const transferSendSchema = z.strictObject({
  id: uuid,
  transfer_id: uuid,
  ...tillFields,
  lines: z
    .array(z.strictObject({ transfer_line_id: uuid, sent: quantityOrZero }))
    .min(1)
    .max(500),
});
export type TransferSendArgs = z.infer<typeof transferSendSchema>;

/** [PUR-27] One arrival of a transfer at this store. */
export const transferReceiveSchema = z.strictObject({
  id: uuid,
  transfer_id: uuid,
  ...tillFields,
  lines: z
    .array(
      z
        .strictObject({
          id: uuid,
          transfer_line_id: uuid,
          received: quantityOrZero,
          damaged: quantityOrZero,
          seen_received: quantityOrZero,
        })
        .refine((line) => Number(line.received) + Number(line.damaged) > 0, {
          message: 'A line receives or reports something damaged.',
        }),
    )
    .min(1)
    .max(500),
});
export type TransferReceiveArgs = z.infer<typeof transferReceiveSchema>;

/** [PUR-32] Counts of one stocktake from this till: `id` is the op's own. */
export const stocktakeCountSchema = z.strictObject({
  id: uuid,
  stocktake_id: uuid,
  terminal_id: uuid.nullable().optional(),
  company_id: uuid.optional(),
  cashier_id,
  cashier_proof,
  lines: z
    .array(
      z.strictObject({
        id: uuid,
        product_id: uuid,
        counted: quantityOrZero,
        zone: z.string().max(60).nullable().optional(),
        counted_at: time,
        replaces: uuid.nullable().optional(),
      }),
    )
    .min(1)
    .max(500),
});
export type StocktakeCountArgs = z.infer<typeof stocktakeCountSchema>;
