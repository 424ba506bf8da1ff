// The function's calls to the server functions of 20261128000100_card_payments.sql: `card_access` as the
// caller, everything Stripe said as the service role. A database error becomes the caller's HTTP error.
import type { PostgrestError } from '@supabase/supabase-js';
import { HttpError, fromDatabase } from './http.ts';
import type { Caller, Db } from './clients.ts';

export interface ReaderRow {
  id: string;
  company_id: string;
  stripe_reader_id: string;
  label: string;
  device_type: string;
  serial_number: string | null;
  terminal_id: string | null;
  created_at: string;
  updated_at: string;
}

export type PaymentStatus = 'pending' | 'in_progress' | 'succeeded' | 'failed' | 'canceled' | 'unknown';

export interface PaymentRow {
  id: string;
  company_id: string;
  terminal_id: string | null;
  reader_id: string | null;
  sale_id: string | null;
  payment_id: string | null;
  amount: number;
  currency: string;
  payment_intent_id: string | null;
  status: PaymentStatus;
  failure_code: string | null;
  failure_message: string | null;
  refunded_amount: number;
  /** [WORDS-7] The card's brand and last four digits once the payment succeeded (absent on older rows). */
  card_brand?: string | null;
  card_last4?: string | null;
  created_at: string;
  updated_at: string;
  linked_at: string | null;
}

export interface Access {
  company_id: string;
  currency: string;
  terminal_id: string | null;
  reader: ReaderRow | null;
  payment: PaymentRow | null;
}

export type Role = 'cashier' | 'manager' | 'owner';

export async function call<T>(db: Db, fn: string, args: Record<string, unknown>): Promise<T> {
  const result: { data: unknown; error: PostgrestError | null } = await db.rpc(fn, args);
  if (result.error) throw fromDatabase(result.error);
  return result.data as T;
}

/** The payment card_access found (it always does for a payment id, or refuses). */
export function paymentOf(shop: Access): PaymentRow {
  if (!shop.payment) throw new HttpError(404, 'unknown_card_payment', 'There is no such card payment.');
  return shop.payment;
}

/** The shop of the till, payment or reader named, after checking the caller holds `role` there. */
export function access(
  caller: Caller,
  ids: { terminal?: string | null; payment?: string; reader?: string },
  role: Role,
): Promise<Access> {
  return call<Access>(caller.db, 'card_access', {
    p_terminal_id: ids.terminal ?? null,
    p_payment_id: ids.payment ?? null,
    p_reader_id: ids.reader ?? null,
    p_min_role: role,
  });
}

/** Records a status Stripe reported for a payment (the rules of [CARD-6] decide whether it applies). */
export function updatePayment(
  service: Db,
  id: string,
  change: { paymentIntentId?: string; status?: PaymentStatus; failureCode?: string; failureMessage?: string },
): Promise<PaymentRow> {
  return call<PaymentRow>(service, 'card_payment_update', {
    p_id: id,
    p_payment_intent_id: change.paymentIntentId ?? null,
    p_status: change.status ?? null,
    p_failure_code: change.failureCode ?? null,
    p_failure_message: change.failureMessage ?? null,
  });
}

/** [WORDS-7] Keeps the card's brand and last four on a succeeded payment; the row unchanged when already kept. */
export async function recordCard(
  service: Db,
  payment: PaymentRow,
  card: { brand: string | null; last4: string | null },
): Promise<PaymentRow> {
  const row = await call<PaymentRow | null>(service, 'card_payment_card', {
    p_id: payment.id,
    p_brand: card.brand,
    p_last4: card.last4,
  });
  return row?.id ? row : payment;
}
