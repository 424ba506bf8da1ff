// Builders of the objects the fake Stripe answers with, typed by the `stripe` package itself, so a field the
// library expects cannot be missing; tests compare their keys with Stripe's published example objects.
import type Stripe from 'stripe';

export const seconds = (ms: number): number => Math.floor(ms / 1000);

/** A Stripe-looking id: prefix and 24 random letters and digits. */
export function stripeId(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `${prefix}_${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')}`;
}

export function readerObject(fields: {
  id: string;
  label: string;
  deviceType: Stripe.Terminal.Reader.DeviceType;
  serialNumber: string;
  location: string | null;
  metadata: Record<string, string>;
  action: Stripe.Terminal.Reader.Action | null;
  now: number;
}): Stripe.Terminal.Reader {
  return {
    id: fields.id,
    object: 'terminal.reader',
    action: fields.action,
    device_sw_version: '2.37.2.0',
    device_type: fields.deviceType,
    ip_address: '0.0.0.0',
    label: fields.label,
    last_seen_at: fields.now,
    livemode: false,
    location: fields.location,
    metadata: fields.metadata,
    serial_number: fields.serialNumber,
    status: 'online',
  };
}

export function readerAction(
  paymentIntent: string,
  status: Stripe.Terminal.Reader.Action.Status,
  failure: { code: string; message: string } | null = null,
): Stripe.Terminal.Reader.Action {
  return {
    api_error: null,
    failure_code: failure?.code ?? null,
    failure_message: failure?.message ?? null,
    process_payment_intent: { payment_intent: paymentIntent },
    status,
    type: 'process_payment_intent',
  };
}

export function paymentIntentObject(fields: {
  id: string;
  amount: number;
  currency: string;
  captureMethod: Stripe.PaymentIntent.CaptureMethod;
  metadata: Record<string, string>;
  description: string | null;
  created: number;
}): Stripe.PaymentIntent {
  return {
    id: fields.id,
    object: 'payment_intent',
    amount: fields.amount,
    allowed_payment_method_types: ['card_present'],
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: fields.captureMethod,
    client_secret: `${fields.id}_secret_${stripeId('s').slice(2)}`,
    confirmation_method: 'automatic',
    created: fields.created,
    currency: fields.currency,
    customer: null,
    customer_account: null,
    description: fields.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: fields.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card_present: {
        request_extended_authorization: false,
        request_incremental_authorization_support: false,
      },
    },
    payment_method_types: ['card_present'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
}

export function chargeObject(fields: {
  id: string;
  intent: Stripe.PaymentIntent;
  paymentMethod: string;
  last4: string;
  created: number;
}): Stripe.Charge {
  return {
    id: fields.id,
    object: 'charge',
    amount: fields.intent.amount,
    amount_captured: fields.intent.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: stripeId('txn'),
    billing_details: {
      address: null,
      email: null,
      name: null,
      phone: null,
      tax_id: null,
    },
    calculated_statement_descriptor: 'TILLPOINT',
    captured: true,
    created: fields.created,
    currency: fields.intent.currency,
    customer: null,
    description: fields.intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: fields.intent.metadata,
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: 'approved_by_network',
      reason: null,
      risk_level: 'normal',
      seller_message: 'Payment complete.',
      type: 'authorized',
    },
    paid: true,
    payment_intent: fields.intent.id,
    payment_method: fields.paymentMethod,
    payment_method_details: {
      type: 'card_present',
      card_present: {
        amount_authorized: fields.intent.amount,
        brand: 'visa',
        brand_product: null,
        cardholder_name: null,
        country: 'US',
        description: null,
        emv_auth_data: null,
        exp_month: 12,
        exp_year: 2030,
        fingerprint: null,
        funding: 'credit',
        generated_card: null,
        incremental_authorization_supported: false,
        issuer: null,
        last4: fields.last4,
        network: 'visa',
        network_transaction_id: null,
        offline: null,
        overcapture_supported: false,
        preferred_locales: null,
        read_method: 'contactless_emv',
        receipt: null,
      },
    },
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    refunds: { object: 'list', data: [], has_more: false, url: `/v1/charges/${fields.id}/refunds` },
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
}

export function refundObject(fields: {
  id: string;
  amount: number;
  charge: Stripe.Charge;
  reason: Stripe.Refund.Reason | null;
  metadata: Record<string, string>;
  created: number;
}): Stripe.Refund {
  return {
    id: fields.id,
    object: 'refund',
    amount: fields.amount,
    balance_transaction: stripeId('txn'),
    charge: fields.charge.id,
    created: fields.created,
    currency: fields.charge.currency,
    customer: null,
    customer_account: null,
    destination_details: { type: 'card', card: { type: 'refund' } },
    metadata: fields.metadata,
    payment_intent: typeof fields.charge.payment_intent === 'string' ? fields.charge.payment_intent : null,
    payment_method: typeof fields.charge.payment_method === 'string' ? fields.charge.payment_method : null,
    reason: fields.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}

/** The events the fake sends, with their data objects. */
export type FakeEvent =
  | Stripe.TerminalReaderActionSucceededEvent
  | Stripe.TerminalReaderActionFailedEvent
  | Stripe.PaymentIntentSucceededEvent
  | Stripe.PaymentIntentPaymentFailedEvent
  | Stripe.PaymentIntentCanceledEvent
  | Stripe.ChargeRefundedEvent;

/** The event of `type`, as Stripe sends it; callers pair each type with its object (see FakeStripe.emit). */
export function eventObject(
  type: FakeEvent['type'],
  object: FakeEvent['data']['object'],
  fields: { id: string; created: number; apiVersion: string; requestId: string | null },
): FakeEvent {
  // structuredClone: the event carries the object as it was when it happened, not as it changes later.
  const event = {
    id: fields.id,
    object: 'event',
    api_version: fields.apiVersion,
    created: fields.created,
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: fields.requestId, idempotency_key: null },
    type,
  };
  return event as FakeEvent;
}
