// The `sale.record` command's argument, exactly as supabase/SPEC.md §3.1 lists it: the sale as the till
// recorded it (lines with the product snapshot, totals, payments). The server re-checks the arithmetic
// (sale-record.ts mirrors those checks); strict objects keep a misspelt key from being silently dropped.
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
  valuePaymentFields,
  valuePaymentProblem,
} from './command-fields';
import { cashierFields } from './cashier-stamp';
import { RECEIPT_TOKEN } from './receipt-link';

/** [MOD-4] One option a line was sold with: its delta per unit as the till charged it, and its name. */
export const saleLineModifierSchema = z.strictObject({
  option_id: uuid,
  price_delta: signedMoney,
  name: optionalText(100),
});

/** [PROMO-T4] One promotion's part of a line's discount (the line's `discount` includes it). */
export const saleLinePromotionSchema = z.strictObject({
  promotion_id: uuid,
  amount: money.min(1),
});

/** [PROMO-T4] A promotion the till's engine applied to the sale, with the coupon that unlocked it. */
export const salePromotionSchema = z.strictObject({
  promotion_id: uuid,
  amount: money,
  coupon_code: z.string().nullable(),
});

/** A coupon code as the shop stores it (issue 36): upper case letters, digits and dashes. */
export const couponCode = z.string().regex(/^[A-Z0-9][A-Z0-9-]{2,31}$/, 'not a coupon code');

/**
 * [VAL-11] A gift card sold: with `code` a new card (the till's UUIDv7 and its drawn or scanned code), without
 * it a top-up of a known card. Its line is quantity 1, undiscounted, untaxed, without promotions or options.
 */
export const saleLineGiftCardSchema = z.strictObject({
  account_id: uuid,
  code: z.string().min(8).max(64).optional(),
  physical: z.boolean().optional(),
});

export const saleLineSchema = z.strictObject({
  id: uuid,
  /** null for an open item (no catalogue product). */
  product_id: uuid.nullable().optional(),
  sku: optionalText(64),
  name: z.string().trim().min(1).max(200),
  quantity,
  unit_price: money,
  /** All discount on the line: its own and its share of the cart's ([DISC-2]). */
  discount: money.optional(),
  tax_rate_bp: z.int().min(0).max(10_000),
  tax: money,
  /** What the customer pays for the line (gross). */
  total: money,
  /** [SCALE-7] The scale label the line was rung up from; the server reads it again. */
  scale_label: z
    .string()
    .regex(/^2\d{12}$/)
    .optional(),
  /** [MOD-4] With modifiers: unit_price = max(0, base_price + Σ price_delta). */
  base_price: money.optional(),
  modifiers: z.array(saleLineModifierSchema).max(20).optional(),
  /** [PROMO-T4] Each promotion's part of `discount`; absent when none. */
  promotions: z.array(saleLinePromotionSchema).max(20).optional(),
  /**
   * [PROMO-T4] True when the cashier gave the line a discount of its own, which replaces promotions on it
   * ([PROMO-4]): the server's re-check leaves the line out as the till's engine did. Sent only when true.
   */
  manual_discount: z.boolean().optional(),
  /** [VAL-11] The gift card this line sells or tops up. */
  gift_card: saleLineGiftCardSchema.optional(),
});

export const salePaymentSchema = z
  .strictObject({
    id: uuid,
    method: paymentMethod,
    amount: money.min(1),
    /** Cash only: what was handed over, and what went back. */
    tendered: money.optional(),
    change: money.optional(),
    reference: optionalText(200),
    ...valuePaymentFields,
  })
  .check((ctx) => {
    const problem = valuePaymentProblem(ctx.value);
    if (problem !== null) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });

/** [VAL-14] As the server's `arg_money` bounds a count of points. */
const MAX_POINTS = 1_000_000_000_000;

/** [VAL-12] Store credit, an account and points are the sale's customer's: they need one. */
const CUSTOMER_TENDERS: ReadonlySet<string> = new Set(['store_credit', 'on_account', 'loyalty']);

export const saleRecordSchema = z
  .strictObject({
    id: uuid,
    terminal_id: uuid,
    shift_id: uuid.nullable().optional(),
    ...cashierFields,
    customer_id: uuid.nullable().optional(),
    receipt_no: receiptNo,
    /** The till's clock: display only; the server stamps recorded_at. */
    occurred_at: time,
    note: optionalText(2000),
    subtotal: money.optional(),
    discount_total: money.optional(),
    tax_total: money,
    /** Cash rounding: total = Σ line totals + rounding. */
    rounding: signedMoney.optional(),
    /** What was paid in all: Σ payments. */
    total: money,
    lines: z.array(saleLineSchema).min(1).max(1000),
    payments: z.array(salePaymentSchema).max(20).optional(),
    /** [RCPT-10] The token of the receipt's public page, drawn by the till with the sale. */
    receipt_token: z.string().regex(RECEIPT_TOKEN, 'a receipt token is 22 base64url characters').optional(),
    /** [PROMO-T4] What the till's engine applied, the coupons accepted and the promotions taken off ([PROMO-3]). */
    promotions: z.array(salePromotionSchema).max(50).optional(),
    coupons: z.array(couponCode).max(10).optional(),
    removed_promotions: z.array(uuid).max(50).optional(),
    /**
     * [PROMO-T4] True when a manual cart discount replaced the basket deals ([PROMO-8]), so the server's
     * re-check skips them too. Sent only when true.
     */
    manual_cart_discount: z.boolean().optional(),
    /** [VAL-13] The points the till showed as earned; the server's own figure stands, a difference is flagged. */
    loyalty: z.strictObject({ earned: money }).optional(),
    /** [VAL-14] Points taken off as a discount: `amount` is part of the lines' discounts. */
    loyalty_discount: z
      .strictObject({
        points: z.int().min(1).max(MAX_POINTS),
        amount: money,
        balance_seen: signedMoney.optional(),
        offline: z.boolean().optional(),
      })
      .optional(),
  })
  .refine(
    (sale) => sale.customer_id != null || !(sale.payments ?? []).some((p) => CUSTOMER_TENDERS.has(p.method)),
    { message: 'Store credit, an account and points need the customer on the sale.', path: ['customer_id'] },
  )
  .refine((sale) => sale.loyalty_discount === undefined || sale.customer_id != null, {
    message: 'Points need the customer on the sale.',
    path: ['loyalty_discount'],
  })
  .refine(
    (sale) =>
      sale.loyalty_discount === undefined || !(sale.payments ?? []).some((p) => p.method === 'loyalty'),
    { message: 'A sale spends points as a tender or a discount, not both.', path: ['loyalty_discount'] },
  );

export type SaleRecordArgs = z.infer<typeof saleRecordSchema>;
export type SaleLineArgs = z.infer<typeof saleLineSchema>;
export type SaleLineModifierArgs = z.infer<typeof saleLineModifierSchema>;
export type SalePaymentArgs = z.infer<typeof salePaymentSchema>;
export type SalePromotionArgs = z.infer<typeof salePromotionSchema>;
