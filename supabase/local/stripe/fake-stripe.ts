// The subset of Stripe the card-payments function uses, in memory, with simulated Terminal readers
// (DESIGN §12, issue 20): register a reader by a simulated registration code, create and cancel
// PaymentIntents, hand one to a reader, present a test card (approve or decline as Stripe's test cards do),
// time a reader out, refund. Every change Stripe would announce is sent as a signed webhook event.
import type Stripe from 'stripe';
import {
  chargeObject,
  eventObject,
  paymentIntentObject,
  readerAction,
  readerObject,
  refundObject,
  seconds,
  stripeId,
} from './objects';
import type { FakeEvent } from './objects';

/** An error as Stripe answers it: HTTP status and the `error` object. */
export class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: { type: string; code?: string; param?: string; decline_code?: string },
    message: string,
  ) {
    super(message);
  }
}

// Stripe's registration codes for simulated readers.
const SIMULATED_READERS: Record<string, Stripe.Terminal.Reader.DeviceType> = {
  'simulated-wpe': 'simulated_wisepos_e',
  'simulated-s700': 'simulated_stripe_s700',
  'simulated-s710': 'simulated_stripe_s710',
};

interface CardOutcome {
  approve: boolean;
  declineCode?: string;
  message?: string;
}
// Stripe's test card numbers for card_present: the outcome each one gives.
const TEST_CARDS: Record<string, CardOutcome> = {
  '4242424242424242': { approve: true },
  '5555555555554444': { approve: true },
  '4000000000000002': { approve: false, declineCode: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': {
    approve: false,
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000000069': { approve: false, declineCode: 'expired_card', message: 'Your card has expired.' },
};

export interface RecordedEvent {
  event: FakeEvent;
  /** HTTP statuses of each delivery attempt (0: the endpoint did not answer). */
  deliveries: number[];
}

export interface FakeStripeDeps {
  now(): number;
  apiVersion: string;
  /** Sends one event's JSON to the webhook endpoint, signed; answers the HTTP status. */
  deliver(payload: string): Promise<number>;
}

export class FakeStripe {
  private readonly readers = new Map<string, Stripe.Terminal.Reader>();
  private readonly intents = new Map<string, Stripe.PaymentIntent>();
  private readonly charges = new Map<string, Stripe.Charge>();
  private readonly refunds = new Map<string, Stripe.Refund>();
  readonly events: RecordedEvent[] = [];
  /** Off: events are recorded but not sent, like an endpoint Stripe cannot reach (redeliver still sends). */
  deliveriesOn = true;

  constructor(private readonly deps: FakeStripeDeps) {}

  createReader(params: {
    registration_code?: string;
    label?: string;
    location?: string;
    metadata?: Record<string, string>;
  }): Stripe.Terminal.Reader {
    const code = params.registration_code ?? '';
    const deviceType = Object.hasOwn(SIMULATED_READERS, code) ? SIMULATED_READERS[code] : undefined;
    if (!deviceType) {
      throw new StripeFailure(
        400,
        { type: 'invalid_request_error', code: 'resource_missing', param: 'registration_code' },
        `No reader was found with the registration code '${params.registration_code ?? ''}'. (The local stack knows ${Object.keys(SIMULATED_READERS).join(', ')}.)`,
      );
    }
    const id = stripeId('tmr');
    const reader = readerObject({
      id,
      label: params.label ?? deviceType,
      deviceType,
      serialNumber: crypto.randomUUID(),
      location: params.location ?? null,
      metadata: params.metadata ?? {},
      action: null,
      now: this.deps.now(),
    });
    this.readers.set(id, reader);
    return reader;
  }

  /**
   * A reader registered before this stack started (a `card_readers` row): Stripe keeps readers, this fake
   * keeps them in memory, so the stack puts its rows back at start. Idle, as a reader is after a restart.
   */
  restoreReader(row: { id: string; label: string; deviceType: string; serialNumber: string | null }): void {
    if (this.readers.has(row.id)) return;
    const reader = readerObject({
      id: row.id,
      label: row.label,
      deviceType: row.deviceType,
      serialNumber: row.serialNumber ?? crypto.randomUUID(),
      location: null,
      metadata: {},
      action: null,
      now: this.deps.now(),
    });
    this.readers.set(row.id, reader);
  }

  reader(id: string): Stripe.Terminal.Reader {
    const reader = this.readers.get(id);
    if (!reader) throw missing('terminal.reader', id);
    return reader;
  }

  createPaymentIntent(params: {
    amount?: string;
    currency?: string;
    allowed_payment_method_types?: string[];
    payment_method_types?: string[];
    capture_method?: string;
    description?: string;
    metadata?: Record<string, string>;
  }): Stripe.PaymentIntent {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) {
      throw new StripeFailure(400, { type: 'invalid_request_error', param: 'amount' }, 'Invalid amount.');
    }
    if (!params.currency || !/^[a-z]{3}$/.test(params.currency)) {
      throw new StripeFailure(400, { type: 'invalid_request_error', param: 'currency' }, 'Invalid currency.');
    }
    if (!(params.allowed_payment_method_types ?? params.payment_method_types)?.includes('card_present')) {
      throw new StripeFailure(
        400,
        { type: 'invalid_request_error', param: 'allowed_payment_method_types' },
        'This local Stripe only takes card_present PaymentIntents.',
      );
    }
    const intent = paymentIntentObject({
      id: stripeId('pi'),
      amount,
      currency: params.currency,
      captureMethod: params.capture_method === 'manual' ? 'manual' : 'automatic',
      metadata: params.metadata ?? {},
      description: params.description ?? null,
      created: seconds(this.deps.now()),
    });
    this.intents.set(intent.id, intent);
    return intent;
  }

  paymentIntent(id: string): Stripe.PaymentIntent {
    const intent = this.intents.get(id);
    if (!intent) throw missing('payment_intent', id);
    return intent;
  }

  /** GET /v1/charges/:id: the card's brand and last four are on it ([WORDS-7]). */
  charge(id: string): Stripe.Charge {
    const charge = this.charges.get(id);
    if (!charge) throw missing('charge', id);
    return charge;
  }

  processPaymentIntent(readerId: string, paymentIntentId: string): Stripe.Terminal.Reader {
    const reader = this.reader(readerId);
    const intent = this.paymentIntent(paymentIntentId);
    if (reader.action?.status === 'in_progress') {
      throw new StripeFailure(
        409,
        { type: 'invalid_request_error', code: 'terminal_reader_busy' },
        'Reader is currently busy processing another request.',
      );
    }
    if (intent.status !== 'requires_payment_method') {
      throw unexpectedState(intent);
    }
    reader.action = readerAction(intent.id, 'in_progress');
    return reader;
  }

  async cancelAction(readerId: string): Promise<Stripe.Terminal.Reader> {
    const reader = this.reader(readerId);
    reader.action = null;
    return Promise.resolve(reader);
  }

  /** The test helper: a card is held to the reader; Stripe's test numbers decide the outcome. */
  async presentPaymentMethod(readerId: string, number = '4242424242424242'): Promise<Stripe.Terminal.Reader> {
    const { reader, intent } = this.readerWaiting(readerId);
    const outcome = Object.hasOwn(TEST_CARDS, number) ? TEST_CARDS[number] : undefined;
    if (!outcome) {
      throw new StripeFailure(
        400,
        { type: 'invalid_request_error', param: 'card_present[number]' },
        `${number} is not one of Stripe's test card numbers.`,
      );
    }
    if (outcome.approve) {
      const charge = chargeObject({
        id: stripeId('ch'),
        intent,
        paymentMethod: stripeId('pm'),
        last4: number.slice(-4),
        created: seconds(this.deps.now()),
      });
      this.charges.set(charge.id, charge);
      const automatic = intent.capture_method !== 'manual';
      Object.assign(intent, {
        status: automatic ? 'succeeded' : 'requires_capture',
        amount_received: automatic ? intent.amount : 0,
        amount_capturable: automatic ? 0 : intent.amount,
        latest_charge: charge.id,
        payment_method: charge.payment_method,
        last_payment_error: null,
      });
      reader.action = readerAction(intent.id, 'succeeded');
      await this.emit('terminal.reader.action_succeeded', reader);
      if (automatic) await this.emit('payment_intent.succeeded', intent);
    } else {
      const message = outcome.message ?? 'Your card was declined.';
      intent.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        ...(outcome.declineCode ? { decline_code: outcome.declineCode } : {}),
        message,
      };
      reader.action = readerAction(intent.id, 'failed', { code: 'card_declined', message });
      await this.emit('terminal.reader.action_failed', reader);
      await this.emit('payment_intent.payment_failed', intent);
    }
    return reader;
  }

  /** A reader that gave up waiting for a card (local only: Stripe's readers time out on their own). */
  async timeOut(readerId: string): Promise<Stripe.Terminal.Reader> {
    const { reader, intent } = this.readerWaiting(readerId);
    reader.action = readerAction(intent.id, 'failed', {
      code: 'terminal_reader_timeout',
      message: 'The reader timed out waiting for a card.',
    });
    await this.emit('terminal.reader.action_failed', reader);
    return reader;
  }

  async cancelPaymentIntent(id: string, reason?: string): Promise<Stripe.PaymentIntent> {
    const intent = this.paymentIntent(id);
    if (intent.status === 'succeeded' || intent.status === 'canceled') throw unexpectedState(intent);
    Object.assign(intent, {
      status: 'canceled',
      canceled_at: seconds(this.deps.now()),
      cancellation_reason: reason ?? 'requested_by_customer',
    });
    await this.emit('payment_intent.canceled', intent);
    return intent;
  }

  async createRefund(params: {
    payment_intent?: string;
    amount?: string;
    reason?: string;
    metadata?: Record<string, string>;
  }): Promise<Stripe.Refund> {
    const intent = this.paymentIntent(params.payment_intent ?? '');
    const charge =
      typeof intent.latest_charge === 'string' ? this.charges.get(intent.latest_charge) : undefined;
    if (intent.status !== 'succeeded' || !charge) throw unexpectedState(intent);
    const left = charge.amount_captured - charge.amount_refunded;
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (left === 0) {
      throw new StripeFailure(
        400,
        { type: 'invalid_request_error', code: 'charge_already_refunded' },
        `Charge ${charge.id} has already been refunded.`,
      );
    }
    if (!Number.isInteger(amount) || amount < 1 || amount > left) {
      throw new StripeFailure(
        400,
        { type: 'invalid_request_error', code: 'amount_too_large', param: 'amount' },
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`,
      );
    }
    const reason = params.reason as Stripe.Refund.Reason | undefined;
    const refund = refundObject({
      id: stripeId('re'),
      amount,
      charge,
      reason: reason ?? null,
      metadata: params.metadata ?? {},
      created: seconds(this.deps.now()),
    });
    this.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount_captured;
    charge.refunds?.data.unshift(refund);
    await this.emit('charge.refunded', charge);
    return refund;
  }

  event(id: string): RecordedEvent {
    const recorded = this.events.find((e) => e.event.id === id);
    if (!recorded) throw missing('event', id);
    return recorded;
  }

  /** Sends an event again, as the Dashboard's "Resend" does: same id and payload, a fresh signature. */
  async redeliver(id: string): Promise<RecordedEvent> {
    const recorded = this.event(id);
    recorded.deliveries.push(await this.deps.deliver(JSON.stringify(recorded.event)));
    return recorded;
  }

  private readerWaiting(readerId: string): { reader: Stripe.Terminal.Reader; intent: Stripe.PaymentIntent } {
    const reader = this.reader(readerId);
    const waiting =
      reader.action?.status === 'in_progress' ? reader.action.process_payment_intent : undefined;
    if (!waiting) {
      throw new StripeFailure(
        400,
        { type: 'invalid_request_error', code: 'terminal_reader_invalid_state' },
        'The reader is not waiting for a payment method.',
      );
    }
    const id =
      typeof waiting.payment_intent === 'string' ? waiting.payment_intent : waiting.payment_intent.id;
    return { reader, intent: this.paymentIntent(id) };
  }

  // Events go out in order, each delivered before the call that caused it answers: the local stack's
  // webhooks are never late, so a test can look right after the call (Stripe's may be; the function copes).
  private async emit<T extends FakeEvent['type']>(
    type: T,
    object: Extract<FakeEvent, { type: T }>['data']['object'],
  ): Promise<void> {
    const event = eventObject(type, object, {
      id: stripeId('evt'),
      created: seconds(this.deps.now()),
      apiVersion: this.deps.apiVersion,
      requestId: stripeId('req'),
    });
    const recorded: RecordedEvent = { event, deliveries: [] };
    this.events.push(recorded);
    if (this.deliveriesOn) recorded.deliveries.push(await this.deps.deliver(JSON.stringify(event)));
  }
}

function missing(kind: string, id: string): StripeFailure {
  return new StripeFailure(
    404,
    { type: 'invalid_request_error', code: 'resource_missing', param: 'id' },
    `No such ${kind}: '${id}'`,
  );
}

function unexpectedState(intent: Stripe.PaymentIntent): StripeFailure {
  return new StripeFailure(
    400,
    { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' },
    `This PaymentIntent's status is ${intent.status}.`,
  );
}
