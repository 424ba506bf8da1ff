// The `sale.refund` command's argument, exactly as supabase/SPEC.md §3.2 lists it. A refund names the
// original sale and, per line, the original line; name, SKU, product, unit price and tax rate are copied
// from that line by the server, so the till sends only quantity and money.
import { z } from 'zod';
import {
  money,
  optionalText,
  paymentMethod,
  quantity,
  receiptNo,
  signedMoney,
  time,
  uuid,
} from './command-fields';
import { cashierFields } from './cashier-stamp';

export const refundLineSchema = z.strictObject({
  id: uuid,
  refund_of_line_id: uuid,
  quantity,
  tax: money,
  total: money,
});

/**
 * Money paid back: no tendered amount and no change. [VAL-15] Onto a gift card it names the card
 * (`account_id`; the code is optional: adding value proves nothing is taken); store credit, points and an
 * account on credit name no account — the server takes the refund's customer's.
 */
export const refundPaymentSchema = z.strictObject({
  id: uuid,
  method: paymentMethod,
  amount: money.min(1),
  reference: optionalText(200),
  account_id: uuid.optional(),
  code: optionalText(64),
  points: z.number().int().min(1).optional(),
});

export const saleRefundSchema = z.strictObject({
  id: uuid,
  terminal_id: uuid,
  refund_of: uuid,
  shift_id: uuid.nullable().optional(),
  ...cashierFields,
  receipt_no: receiptNo,
  occurred_at: time,
  reason: optionalText(500),
  note: optionalText(2000),
  /** Put the goods back on the shelf (the default): +quantity stock movements for tracked products. */
  restock: z.boolean().optional(),
  /** [VAL-15] The customer a refund onto store credit goes to; the original sale's when absent. */
  customer_id: uuid.nullable().optional(),
  /** [VAL-17] The points the till takes back (`pointsUnearned`); the server checks its own figure. */
  loyalty: z.strictObject({ unearned: z.number().int().min(1) }).optional(),
  tax_total: money,
  rounding: signedMoney.optional(),
  total: money,
  lines: z.array(refundLineSchema).min(1).max(1000),
  payments: z.array(refundPaymentSchema).max(20).optional(),
});

export type SaleRefundArgs = z.infer<typeof saleRefundSchema>;
export type RefundPaymentArgs = z.infer<typeof refundPaymentSchema>;
