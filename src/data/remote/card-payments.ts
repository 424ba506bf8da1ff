// The till's and the back office's client of the `card-payments` Edge Function (docs/card-payments.md has the
// contract; supabase/SPEC.md §12 the rules). Every answer is decoded, and every refusal
// becomes a CardPaymentError carrying the function's code and a sentence a cashier understands, so a screen
// never shows "Edge Function returned a non-2xx status code".
import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { z } from 'zod';
import { decode } from './decode';
import type { Supabase } from './supabase-client';
import { msg, t } from '@lingui/core/macro';
import { type CodeWords, unknownRefusal, wordsOf } from '../refusal-words';

const readerSchema = z.object({
  id: z.string(),
  stripe_reader_id: z.string(),
  label: z.string(),
  device_type: z.string(),
  serial_number: z.string().nullable(),
  terminal_id: z.string().nullable(),
});
export type CardReader = z.infer<typeof readerSchema>;

export const CARD_PAYMENT_STATUSES = [
  'pending',
  'in_progress',
  'succeeded',
  'failed',
  'canceled',
  'unknown',
] as const;
export type CardPaymentStatus = (typeof CARD_PAYMENT_STATUSES)[number];

const paymentSchema = z.object({
  id: z.string(),
  sale_id: z.string().nullable(),
  terminal_id: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  payment_intent_id: z.string().nullable(),
  status: z.enum(CARD_PAYMENT_STATUSES),
  failure_code: z.string().nullable(),
  failure_message: z.string().nullable(),
  refunded_amount: z.number().int(),
  /** [WORDS-7] The card once the payment succeeded; absent from older servers' answers. */
  card_brand: z.string().nullable().optional(),
  card_last4: z.string().nullable().optional(),
  payment_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CardPayment = z.infer<typeof paymentSchema>;

const refundSchema = z.object({ id: z.string(), amount: z.number().int(), status: z.string().nullable() });
export type CardRefund = z.infer<typeof refundSchema>;

export const CARD_ISSUE_KINDS = ['unresolved', 'unknown', 'mismatch'] as const;
const issueSchema = z.object({ issue: z.enum(CARD_ISSUE_KINDS), payment: paymentSchema });
export type CardPaymentIssue = z.infer<typeof issueSchema>;

/** A refusal of the function (or of the network on the way to it), with the function's code. */
export class CardPaymentError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'CardPaymentError';
  }

  /** True when the function was never reached: the till is offline or the server is down. */
  get unreachable(): boolean {
    return this.code === 'unreachable';
  }
}

// The function's own message is written for a developer; these are said to a cashier or a manager.
const PLAIN_WORDS: CodeWords = {
  not_signed_in: msg`Your session has ended. Sign in again to take card payments.`,
  not_member: msg`This device is not signed in to this shop.`,
  insufficient_role: msg`Only a manager or the owner can do that.`,
  second_factor_required: msg`Confirm your second factor (Account → Security) first.`,
  unknown_terminal: msg`The server does not know this till yet. Let it sync, then try again.`,
  unknown_reader: msg`That card reader is no longer registered to this shop.`,
  unknown_card_payment: msg`The server has no record of that card payment.`,
  no_reader: msg`This till has no card reader assigned. Assign one in Settings → This till.`,
  currency_mismatch: msg`The sale's currency is not the shop's.`,
  already_succeeded: msg`The card payment already went through. Refund it instead.`,
  not_refundable: msg`Only a card payment that went through can be refunded.`,
  refund_exceeds_payment: msg`That is more than is left to refund on this card payment.`,
  terminal_reader_busy: msg`The card reader is busy with another payment. Wait for it, or cancel that one.`,
  terminal_reader_offline: msg`The card reader is offline. Check its power and its network.`,
  resource_missing: msg`Stripe does not know that reader or payment any more.`,
  stripe_unreachable: msg`Stripe cannot be reached right now. Try again, or take the card on another terminal.`,
  stripe_not_configured: msg`Card payments are not set up for this shop yet (no Stripe account is connected).`,
  unreachable: msg`The till is offline, so the card reader cannot be used. Take the card on another terminal.`,
};

/** A read of card_payments that failed: offline, or a refusal said by its code (never PostgREST's English). */
export function cardReadError(error: { code?: string }): CardPaymentError {
  return error.code
    ? new CardPaymentError('server_error', unknownRefusal(error.code), null)
    : new CardPaymentError('unreachable', wordsOf(PLAIN_WORDS, 'unreachable') ?? '', null);
}

const errorBodySchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

async function refusalOf(error: unknown): Promise<CardPaymentError> {
  if (error instanceof FunctionsFetchError || error instanceof FunctionsRelayError) {
    return new CardPaymentError('unreachable', wordsOf(PLAIN_WORDS, 'unreachable') ?? '', null);
  }
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const body: unknown = await response.json().catch(() => null);
    const parsed = errorBodySchema.safeParse(body);
    if (parsed.success) {
      // The function's own message is English for a developer: the person reads the app's sentence.
      const { code } = parsed.data.error;
      return new CardPaymentError(code, wordsOf(PLAIN_WORDS, code) ?? unknownRefusal(code), response.status);
    }
    const status = response.status;
    return new CardPaymentError('server_error', t`The card service answered ${status}.`, status);
  }
  return new CardPaymentError('server_error', unknownRefusal('server_error'), null);
}

/** Only the functions client is needed: a test's untyped client will do as well as the app's. */
type FunctionsHolder = Pick<Supabase, 'functions'>;

async function invoke<T>(
  supabase: FunctionsHolder,
  body: Record<string, unknown>,
  schema: z.ZodType<T>,
): Promise<T> {
  let answer: { data: unknown; error: unknown };
  try {
    answer = await supabase.functions.invoke('card-payments', { body });
  } catch (error) {
    throw await refusalOf(error);
  }
  if (answer.error) throw await refusalOf(answer.error);
  return decode(schema, answer.data, `card-payments ${String(body.action)}`);
}

const readerAnswer = z.object({ reader: readerSchema });
const paymentAnswer = z.object({ payment: paymentSchema });

export interface CardPaymentsClient {
  registerReader(args: { terminalId: string; registrationCode: string; label: string }): Promise<CardReader>;
  listReaders(terminalId: string): Promise<CardReader[]>;
  assignReader(readerId: string, terminalId: string | null): Promise<CardReader>;
  startPayment(args: {
    terminalId: string;
    saleId: string;
    amount: number;
    currency: string;
  }): Promise<CardPayment>;
  getPayment(paymentId: string, refresh?: boolean): Promise<CardPayment>;
  cancelPayment(paymentId: string): Promise<CardPayment>;
  refundPayment(args: {
    paymentId: string;
    amount?: number;
    refundId?: string;
  }): Promise<{ payment: CardPayment; refund: CardRefund }>;
  listIssues(terminalId: string, minutes?: number): Promise<CardPaymentIssue[]>;
}

export function cardPaymentsClient(supabase: FunctionsHolder): CardPaymentsClient {
  return {
    async registerReader({ terminalId, registrationCode, label }) {
      const body = {
        action: 'register_reader',
        terminal_id: terminalId,
        registration_code: registrationCode,
        label,
      };
      return (await invoke(supabase, body, readerAnswer)).reader;
    },
    async listReaders(terminalId) {
      const body = { action: 'list_readers', terminal_id: terminalId };
      return (await invoke(supabase, body, z.object({ readers: z.array(readerSchema) }))).readers;
    },
    async assignReader(readerId, terminalId) {
      const body = { action: 'assign_reader', reader_id: readerId, terminal_id: terminalId };
      return (await invoke(supabase, body, readerAnswer)).reader;
    },
    async startPayment({ terminalId, saleId, amount, currency }) {
      const body = { action: 'start_payment', terminal_id: terminalId, sale_id: saleId, amount, currency };
      return (await invoke(supabase, body, paymentAnswer)).payment;
    },
    async getPayment(paymentId, refresh = false) {
      const body = { action: 'get_payment', payment_id: paymentId, ...(refresh ? { refresh: true } : {}) };
      return (await invoke(supabase, body, paymentAnswer)).payment;
    },
    async cancelPayment(paymentId) {
      return (await invoke(supabase, { action: 'cancel_payment', payment_id: paymentId }, paymentAnswer))
        .payment;
    },
    async refundPayment({ paymentId, amount, refundId }) {
      const body = {
        action: 'refund_payment',
        payment_id: paymentId,
        ...(amount === undefined ? {} : { amount }),
        ...(refundId === undefined ? {} : { refund_id: refundId }),
      };
      return invoke(supabase, body, z.object({ payment: paymentSchema, refund: refundSchema }));
    },
    async listIssues(terminalId, minutes) {
      const body = {
        action: 'list_issues',
        terminal_id: terminalId,
        ...(minutes === undefined ? {} : { minutes }),
      };
      return (await invoke(supabase, body, z.object({ issues: z.array(issueSchema) }))).issues;
    },
  };
}
