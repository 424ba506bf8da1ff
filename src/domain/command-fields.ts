// The field types of the commands a till queues for the server (supabase/SPEC.md §3, "Conventions" and
// OPS-7…OPS-9), as zod schemas. A command the till builds is checked with these before it is queued, so
// an op the server would refuse as `invalid_args` is caught at the counter, with a message, instead.
import { z } from 'zod';
import { MAX_QUANTITY_MILLI } from './quantity';
import { TENDER_METHODS } from './tender';

/** [OPS-7] Money: |x| ≤ 10^12 minor units. */
export const MAX_AMOUNT = 1_000_000_000_000;

/**
 * An id: any 8-4-4-4-12 hex text, the same check the server makes (op_helpers.sql) and what Postgres' uuid
 * accepts. Not z.uuid(), which also demands RFC 4122 version bits: ids the server made elsewhere (imports,
 * the large-data generator's md5-derived ids) would make their products unsellable at the till.
 */
export const uuid = z.guid();

/** [OPS-7] A whole, non-negative number of minor units. */
export const money = z.int().min(0).max(MAX_AMOUNT);

/** [OPS-7] Money that may be negative (cash rounding). */
export const signedMoney = z.int().min(-MAX_AMOUNT).max(MAX_AMOUNT);

/** [OPS-8] A quantity: a JSON number or a decimal string, more than zero, at most three decimals, below 10^9. */
export const quantity = z.union([
  z
    .number()
    .positive()
    .max(MAX_QUANTITY_MILLI / 1000)
    .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, {
      message: 'A quantity has at most 3 decimals.',
    }),
  z
    .string()
    .regex(/^[0-9]{1,9}(\.[0-9]{1,3})?$/, 'A quantity has at most 3 decimals.')
    .refine((value) => Number(value) > 0, { message: 'A quantity must be more than zero.' }),
]);

/** [OPS-9] A time: ISO 8601 with a zone, between the years 2000 and 2100. */
export const time = z.iso.datetime({ offset: true }).refine(
  (value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 2000 && year < 2100;
  },
  { message: 'A time must fall between 2000 and 2100.' },
);

/** Optional text with a length limit; `null` means "none" on the server, as absent does. */
export const optionalText = (max: number) => z.string().max(max).nullable().optional();

/** [SALE-4] `<terminal code>-<6–9 digits>`. */
export const receiptNo = z
  .string()
  .regex(/^T[1-9][0-9]{0,5}-[0-9]{6,9}$/, 'A receipt number looks like T1-000042.');

/** [SALE-7], [VAL-12] The seven tender methods (`tender.ts`); a value tender's own fields are the op's. */
export const paymentMethod = z.enum(TENDER_METHODS);

/**
 * [VAL-12] A tender's value fields: a gift card names its card and carries the code as typed or scanned; points
 * carry how many; every value tender may say what the till showed as available (`balance_seen`, below 0 when
 * overdrawn) and whether it was spent without the server's answer (`offline`, [VAL-20], [VAL-21]).
 */
export const valuePaymentFields = {
  account_id: uuid.optional(),
  code: z.string().min(1).max(64).optional(),
  points: z.int().min(1).max(MAX_AMOUNT).optional(),
  balance_seen: signedMoney.optional(),
  offline: z.boolean().optional(),
};

type ValuePayment = { method: z.infer<typeof paymentMethod> } & {
  [K in keyof typeof valuePaymentFields]?: z.infer<(typeof valuePaymentFields)[K]>;
};

/**
 * [VAL-12] What a tender's method allows of the value fields, as the server's `record_payments` checks: a gift
 * card names its account (the customer kinds never do: the server derives it), points only with `loyalty`,
 * which needs them, and no value field on cash, card or other. Null when the tender is right.
 */
export function valuePaymentProblem(payment: ValuePayment): string | null {
  const { method } = payment;
  const value = method !== 'cash' && method !== 'card' && method !== 'other';
  if (!value) {
    const named = [payment.account_id, payment.code, payment.points, payment.balance_seen, payment.offline];
    return named.some((field) => field !== undefined) ? `a ${method} tender has no value fields` : null;
  }
  if (method === 'gift_card' && payment.account_id === undefined) return 'a gift card tender names its card';
  if (method !== 'gift_card' && (payment.account_id !== undefined || payment.code !== undefined)) {
    return `a ${method} tender names no account: the sale's customer does`;
  }
  if (method === 'loyalty' && payment.points === undefined) return 'a points tender says how many points';
  if (method !== 'loyalty' && payment.points !== undefined) return 'only a points tender carries points';
  return null;
}
