// Stripe's webhook events for card payments ([CARD-6]): verified by the Stripe-Signature header with the
// endpoint secret (a forged or stale one is answered 400 and changes nothing), then recorded once by event id,
// so a replay changes nothing either. Events of other kinds are acknowledged and ignored.
import Stripe from 'stripe';
import type { Db } from './clients.ts';
import { HttpError, json } from './http.ts';
import { call } from './store.ts';
import type { PaymentStatus } from './store.ts';

interface Change {
  paymentIntentId: string;
  cardPaymentId: string | null;
  status: PaymentStatus | null;
  failureCode?: string | null;
  failureMessage?: string | null;
  refundedAmount?: number;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

/** What an event says about a card payment, or null for events the function does not follow. */
export function changeOf(event: Stripe.Event): Change | null {
  switch (event.type) {
    case 'terminal.reader.action_succeeded':
    case 'terminal.reader.action_failed': {
      const action = event.data.object.action;
      const intent = idOf(action?.process_payment_intent?.payment_intent);
      if (!action || !intent) return null;
      // The function only makes automatically captured intents: a processed card is a taken payment.
      return event.type === 'terminal.reader.action_succeeded'
        ? { paymentIntentId: intent, cardPaymentId: null, status: 'succeeded' }
        : {
            paymentIntentId: intent,
            cardPaymentId: null,
            status: 'failed',
            failureCode: action.failure_code,
            failureMessage: action.failure_message,
          };
    }
    case 'payment_intent.succeeded':
    case 'payment_intent.canceled':
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const error = intent.last_payment_error;
      const base = { paymentIntentId: intent.id, cardPaymentId: intent.metadata.card_payment_id ?? null };
      if (event.type === 'payment_intent.succeeded') return { ...base, status: 'succeeded' };
      if (event.type === 'payment_intent.canceled') return { ...base, status: 'canceled' };
      return {
        ...base,
        status: 'failed',
        failureCode: error?.decline_code ?? error?.code ?? 'payment_failed',
        failureMessage: error?.message ?? null,
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const intent = idOf(charge.payment_intent);
      if (!intent) return null;
      return {
        paymentIntentId: intent,
        cardPaymentId: charge.metadata.card_payment_id ?? null,
        status: null,
        refundedAmount: charge.amount_refunded,
      };
    }
    default:
      return null;
  }
}

export async function handleWebhook(
  request: Request,
  stripe: Stripe,
  secret: string,
  service: Db,
): Promise<Response> {
  const signature = request.headers.get('stripe-signature');
  const payload = await request.text();
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error('no signature');
    event = await stripe.webhooks.constructEventAsync(
      payload,
      signature,
      secret,
      undefined,
      Stripe.createSubtleCryptoProvider(),
    );
  } catch {
    throw new HttpError(400, 'invalid_signature', 'The Stripe-Signature header does not match this payload.');
  }
  const change = changeOf(event);
  if (!change) return json({ received: true, ignored: true });
  const result = await call<{ duplicate: boolean }>(service, 'card_payment_event', {
    p_event_id: event.id,
    p_type: event.type,
    p_payment_intent_id: change.paymentIntentId,
    p_card_payment_id: change.cardPaymentId,
    p_status: change.status,
    p_failure_code: change.failureCode ?? null,
    p_failure_message: change.failureMessage ?? null,
    p_refunded_amount: change.refundedAmount ?? null,
  });
  return json({ received: true, duplicate: result.duplicate });
}
