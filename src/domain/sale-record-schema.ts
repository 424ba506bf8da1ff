// The `sale.record` command as the till sends it to the server in an outbox op (apply_ops). Keys are the
// column names of sales / sale_lines / payments, so the SQL side reads them without translation. Money is
// integer minor units; quantities are JSON numbers with at most three decimals (jsonb keeps them as exact
// numerics, so 1.255 arrives as 1.255). Limits mirror the table checks, so a bad op is refused on the till
// with a readable message before it ever reaches the server.
import { z } from 'zod';
import { MAX_QUANTITY_MILLI } from './quantity';

export const MAX_AMOUNT = 1_000_000_000_000;

const amount = z.int().min(0).max(MAX_AMOUNT);
const id = z.uuid();
const optionalText = (max: number) => z.string().max(max).nullable();

/** A quantity of at most three decimals, more than zero (a refund's direction is its kind, not a sign). */
export const quantitySchema = z
  .number()
  .positive()
  .max(MAX_QUANTITY_MILLI / 1000)
  .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, {
    message: 'A quantity has at most 3 decimals.',
  });

export const saleLineSchema = z.strictObject({
  id,
  line_no: z.int().min(1).max(10_000),
  product_id: id.nullable(),
  sku: optionalText(100),
  name: z.string().trim().min(1).max(200),
  quantity: quantitySchema,
  unit_price: amount,
  /** All discount on the line: its own and its share of the cart's. */
  discount: amount,
  tax_rate_bp: z.int().min(0).max(10_000),
  tax: amount,
  /** What the customer pays for the line (gross). */
  total: amount,
  /** Refunds only: the line of the original sale this gives back. */
  refund_of_line_id: id.nullable(),
});

export const paymentSchema = z.strictObject({
  id,
  method: z.enum(['cash', 'card', 'other']),
  amount: amount.min(1),
  tendered: amount.nullable(),
  change: amount,
  reference: optionalText(200),
});

export const saleRecordSchema = z
  .strictObject({
    id,
    kind: z.enum(['sale', 'refund']),
    refund_of: id.nullable(),
    store_id: id,
    terminal_id: id,
    shift_id: id.nullable(),
    customer_id: id.nullable(),
    receipt_no: z.string().regex(/^T[1-9][0-9]{0,5}-[0-9]{6,9}$/, 'A receipt number looks like T1-000042.'),
    currency: z.string().regex(/^[A-Z]{3}$/),
    prices_include_tax: z.boolean(),
    subtotal: amount,
    discount_total: amount,
    tax_total: amount,
    /** Cash rounding: what was paid in all is total + rounding. */
    rounding: z.int().min(-MAX_AMOUNT).max(MAX_AMOUNT),
    total: amount,
    note: optionalText(2000),
    reason: optionalText(500),
    /** The till's clock: display only; the server stamps recorded_at. */
    occurred_at: z.iso.datetime({ offset: true }),
    lines: z.array(saleLineSchema).min(1).max(10_000),
    payments: z.array(paymentSchema).max(20),
  })
  .refine((sale) => (sale.kind === 'refund') === (sale.refund_of !== null), {
    message: 'A refund names the sale it refunds (refund_of); a sale does not.',
    path: ['refund_of'],
  });

export type SaleRecordArgs = z.infer<typeof saleRecordSchema>;
export type SaleLineArgs = z.infer<typeof saleLineSchema>;
export type PaymentArgs = z.infer<typeof paymentSchema>;
