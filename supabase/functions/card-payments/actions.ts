// The actions the till and the back office call (docs/card-payments.md has the contract).
// Each one checks the caller against the shop of the till, payment or reader it names — never a shop id from
// the body — and only then talks to Stripe.
import type Stripe from 'stripe';
import {
  HttpError,
  amountField,
  fromStripe,
  integerField,
  optionalUuidField,
  textField,
  uuidField,
} from './http.ts';
import type { Body } from './http.ts';
import type { Caller, Db } from './clients.ts';
import { access, call, paymentOf, recordCard, updatePayment } from './store.ts';
import type { PaymentRow, ReaderRow } from './store.ts';

export interface ActionContext {
  caller: Caller;
  service: Db;
  stripe: Stripe;
}

type Action = (ctx: ActionContext, body: Body) => Promise<Record<string, unknown>>;

/** A Stripe call whose refusal becomes the caller's error (the code stays Stripe's). */
async function stripeCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw fromStripe(error);
  }
}

/** What the reader is doing now, and for which PaymentIntent. */
async function readerAction(
  ctx: ActionContext,
  stripeReaderId: string,
): Promise<{ action: Stripe.Terminal.Reader.Action | null; intentId: string | undefined }> {
  const reader = await stripeCall(() => ctx.stripe.terminal.readers.retrieve(stripeReaderId));
  const action = reader.deleted ? null : reader.action;
  const intent = action?.process_payment_intent?.payment_intent;
  return { action, intentId: typeof intent === 'string' ? intent : intent?.id };
}

// Managers and owners register readers with the code the reader shows, for a till of their shop.
const registerReader: Action = async (ctx, body) => {
  const terminalId = uuidField(body, 'terminal_id');
  const code = textField(body, 'registration_code', 200);
  const label = textField(body, 'label', 100);
  const shop = await access(ctx.caller, { terminal: terminalId }, 'manager');
  const reader = await stripeCall(() =>
    ctx.stripe.terminal.readers.create({
      registration_code: code,
      label,
      metadata: { company_id: shop.company_id },
    }),
  );
  const row = await call<ReaderRow>(ctx.service, 'card_reader_save', {
    p_company_id: shop.company_id,
    p_stripe_reader_id: reader.id,
    p_label: reader.label,
    p_device_type: reader.device_type,
    p_serial_number: reader.serial_number,
    p_terminal_id: terminalId,
    p_user: ctx.caller.id,
  });
  return { reader: row };
};

// Any member sees the readers of the shop of their till.
const listReaders: Action = async (ctx, body) => {
  const shop = await access(ctx.caller, { terminal: uuidField(body, 'terminal_id') }, 'cashier');
  const { data, error } = await ctx.caller.db
    .from('card_readers')
    .select('*')
    .eq('company_id', shop.company_id)
    .order('label');
  if (error) throw new HttpError(500, 'server_error', error.message);
  return { readers: data };
};

// terminal_id null takes the reader off its till.
const assignReader: Action = async (ctx, body) => {
  const readerId = uuidField(body, 'reader_id');
  const terminalId = optionalUuidField(body, 'terminal_id');
  await access(ctx.caller, { reader: readerId, terminal: terminalId }, 'manager');
  const row = await call<ReaderRow>(ctx.service, 'card_reader_assign', {
    p_reader_id: readerId,
    p_terminal_id: terminalId,
  });
  return { reader: row };
};

// The amount goes to the till's reader: a PaymentIntent (card_present, captured automatically when the card
// is approved), then process_payment_intent. The row is made first and the PaymentIntent carries its id, so
// a webhook that beats the answer still finds it.
const startPayment: Action = async (ctx, body) => {
  const terminalId = uuidField(body, 'terminal_id');
  const saleId = uuidField(body, 'sale_id');
  const amount = amountField(body, 'amount');
  const currency = textField(body, 'currency', 3);
  const shop = await access(ctx.caller, { terminal: terminalId }, 'cashier');
  const reader = shop.reader;
  if (!reader) throw new HttpError(409, 'no_reader', 'This till has no card reader assigned.');
  const row = await call<PaymentRow>(ctx.service, 'card_payment_open', {
    p_company_id: shop.company_id,
    p_terminal_id: terminalId,
    p_reader_id: reader.id,
    p_sale_id: saleId,
    p_amount: amount,
    p_currency: currency,
    p_user: ctx.caller.id,
  });
  const failed = async (error: unknown): Promise<never> => {
    const refusal = fromStripe(error);
    await updatePayment(ctx.service, row.id, {
      status: 'failed',
      failureCode: refusal.code,
      failureMessage: refusal.message,
    });
    throw refusal;
  };
  let intent: Stripe.PaymentIntent;
  try {
    intent = await ctx.stripe.paymentIntents.create(
      {
        amount,
        currency: row.currency.toLowerCase(),
        // Stripe API 2026-10-28 names it allowed_payment_method_types (payment_method_types before).
        allowed_payment_method_types: ['card_present'],
        capture_method: 'automatic',
        description: `Tillpoint sale ${saleId}`,
        metadata: { card_payment_id: row.id, sale_id: saleId, terminal_id: terminalId },
      },
      { idempotencyKey: `tillpoint-card-payment-${row.id}` },
    );
  } catch (error) {
    return failed(error);
  }
  await updatePayment(ctx.service, row.id, { paymentIntentId: intent.id });
  try {
    await ctx.stripe.terminal.readers.processPaymentIntent(reader.stripe_reader_id, {
      payment_intent: intent.id,
    });
  } catch (error) {
    // Nothing reached the reader: the PaymentIntent is of no further use.
    await ctx.stripe.paymentIntents.cancel(intent.id).catch(() => undefined);
    return failed(error);
  }
  return { payment: await updatePayment(ctx.service, row.id, { status: 'in_progress' }) };
};

// `refresh: true` asks Stripe about a payment still in progress, for when its webhook is late or lost; what
// Stripe says is recorded by the same rules as a webhook's ([CARD-6]).
const getPayment: Action = async (ctx, body) => {
  const shop = await access(ctx.caller, { payment: uuidField(body, 'payment_id') }, 'cashier');
  const payment = paymentOf(shop);
  if (body.refresh !== true || payment.status !== 'in_progress' || !payment.payment_intent_id) {
    return { payment: await withCard(ctx, payment) };
  }
  return {
    payment: await withCard(ctx, await settleFromStripe(ctx, payment, shop.reader?.stripe_reader_id ?? null)),
  };
};

/**
 * [WORDS-7] A succeeded payment's card as the reader read it (the Charge's `card_present` brand and last
 * four), asked of Stripe once and kept, so the till's receipt names the card and not the PaymentIntent.
 * Best effort: if Stripe cannot say, the payment answers without it and the receipt says "Card".
 */
async function withCard(ctx: ActionContext, payment: PaymentRow): Promise<PaymentRow> {
  const known = Boolean(payment.card_last4 ?? payment.card_brand);
  if (payment.status !== 'succeeded' || !payment.payment_intent_id || known) return payment;
  try {
    const intent = await ctx.stripe.paymentIntents.retrieve(payment.payment_intent_id);
    const chargeId =
      typeof intent.latest_charge === 'string' ? intent.latest_charge : (intent.latest_charge?.id ?? null);
    if (chargeId === null) return payment;
    const charge = await ctx.stripe.charges.retrieve(chargeId);
    const card = charge.payment_method_details?.card_present ?? charge.payment_method_details?.card ?? null;
    if (!card) return payment;
    return await recordCard(ctx.service, payment, { brand: card.brand ?? null, last4: card.last4 ?? null });
  } catch {
    return payment;
  }
}

async function settleFromStripe(
  ctx: ActionContext,
  payment: PaymentRow,
  stripeReaderId: string | null,
): Promise<PaymentRow> {
  const intentId = payment.payment_intent_id ?? '';
  const intent = await stripeCall(() => ctx.stripe.paymentIntents.retrieve(intentId));
  if (intent.status === 'succeeded' || intent.status === 'canceled') {
    return updatePayment(ctx.service, payment.id, {
      status: intent.status === 'succeeded' ? 'succeeded' : 'canceled',
    });
  }
  if (!stripeReaderId) return payment;
  const { action, intentId: actionIntent } = await readerAction(ctx, stripeReaderId);
  if (action?.status !== 'failed' || actionIntent !== intentId) return payment;
  const error = intent.last_payment_error;
  return updatePayment(ctx.service, payment.id, {
    status: 'failed',
    failureCode: error?.decline_code ?? error?.code ?? action.failure_code ?? 'payment_failed',
    failureMessage: error?.message ?? action.failure_message ?? 'The reader could not take the card.',
  });
}

// The cashier gives up: the reader stops asking for a card and the PaymentIntent is canceled. A payment that
// succeeded meanwhile is not canceled: it is answered 409 `already_succeeded` with the payment.
const cancelPayment: Action = async (ctx, body) => {
  const shop = await access(ctx.caller, { payment: uuidField(body, 'payment_id') }, 'cashier');
  const payment = paymentOf(shop);
  if (payment.status === 'canceled') return { payment };
  if (payment.status === 'succeeded' || payment.status === 'unknown') {
    throw new HttpError(409, 'already_succeeded', 'The card payment went through; refund it instead.');
  }
  if (shop.reader) {
    // Only this payment's action: another payment may have the reader by now.
    const readerId = shop.reader.stripe_reader_id;
    const { action, intentId } = await readerAction(ctx, readerId);
    if (action?.status === 'in_progress' && intentId === payment.payment_intent_id) {
      await stripeCall(() => ctx.stripe.terminal.readers.cancelAction(readerId));
    }
  }
  if (payment.payment_intent_id) {
    const intentId = payment.payment_intent_id;
    try {
      await ctx.stripe.paymentIntents.cancel(intentId);
    } catch (error) {
      const intent = await stripeCall(() => ctx.stripe.paymentIntents.retrieve(intentId));
      if (intent.status === 'succeeded') {
        await updatePayment(ctx.service, payment.id, { status: 'succeeded' });
        throw new HttpError(409, 'already_succeeded', 'The card payment went through; refund it instead.');
      }
      if (intent.status !== 'canceled') throw fromStripe(error);
    }
  }
  return { payment: await updatePayment(ctx.service, payment.id, { status: 'canceled' }) };
};

// Managers refund a succeeded payment, all of what is left or `amount` of it, online. `refund_id` (a UUID
// the caller makes once per refund) makes a retried call refund once.
const refundPayment: Action = async (ctx, body) => {
  const shop = await access(ctx.caller, { payment: uuidField(body, 'payment_id') }, 'manager');
  const payment = paymentOf(shop);
  if (payment.status !== 'succeeded' || !payment.payment_intent_id) {
    throw new HttpError(409, 'not_refundable', 'Only a card payment that went through can be refunded.');
  }
  const left = payment.amount - payment.refunded_amount;
  const amount = body.amount === undefined ? left : amountField(body, 'amount');
  if (left === 0 || amount > left) {
    throw new HttpError(
      409,
      'refund_exceeds_payment',
      `At most ${left} of this card payment is left to refund.`,
    );
  }
  const refundId = optionalUuidField(body, 'refund_id');
  const intentId = payment.payment_intent_id;
  const refund = await stripeCall(() =>
    ctx.stripe.refunds.create(
      { payment_intent: intentId, amount, metadata: { card_payment_id: payment.id } },
      refundId ? { idempotencyKey: `tillpoint-card-refund-${refundId}` } : {},
    ),
  );
  const row = await call<PaymentRow>(ctx.service, 'card_payment_refunded', {
    p_id: payment.id,
    p_stripe_refund_id: refund.id,
    p_amount: refund.amount,
    p_user: ctx.caller.id,
  });
  return { payment: row, refund: { id: refund.id, amount: refund.amount, status: refund.status } };
};

// Managers: payments that need a person ([CARD-9]).
const listIssues: Action = async (ctx, body) => {
  const minutes = body.minutes === undefined ? 10 : integerField(body, 'minutes', 0, 10080);
  const issues = await call<unknown[]>(ctx.caller.db, 'card_payment_issues', {
    p_terminal_id: uuidField(body, 'terminal_id'),
    p_minutes: minutes,
  });
  return { issues };
};

export const ACTIONS: Record<string, Action> = {
  register_reader: registerReader,
  list_readers: listReaders,
  assign_reader: assignReader,
  start_payment: startPayment,
  get_payment: getPayment,
  cancel_payment: cancelPayment,
  refund_payment: refundPayment,
  list_issues: listIssues,
};
