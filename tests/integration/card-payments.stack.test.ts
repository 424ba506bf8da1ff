// Card payments on a Stripe Terminal reader (issue 20, supabase/SPEC.md §12): the card-payments Edge Function
// served by the local stack, through supabase-js `functions.invoke`, against the stack's fake Stripe driven
// with the real `stripe` library (its test helpers present cards to the simulated reader).
import { beforeAll, describe, expect, test } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import exampleObjects from '../fixtures/stripe/example-objects.json';
import {
  deliverWebhooks,
  invokeCard,
  localStripe,
  postWebhook,
  redeliver,
  sentEvents,
  timeOutReader,
} from '../support/card-payments';
import { applyOps, op, saleArgs } from '../support/ops';
import { createShop, registerTerminal } from '../support/shop';
import { stackUrl } from '../support/supabase';
import { SERVICE_ROLE_KEY } from '../../supabase/local/config';
import type { Shop, Terminal } from '../support/shop';

interface Reader {
  id: string;
  stripe_reader_id: string;
  terminal_id: string | null;
  label: string;
}
interface Payment {
  id: string;
  sale_id: string | null;
  payment_id: string | null;
  amount: number;
  currency: string;
  payment_intent_id: string | null;
  status: string;
  failure_code: string | null;
  failure_message: string | null;
  refunded_amount: number;
}

const stripe = localStripe();
let shop: Shop;
let till: Terminal;
let reader: Reader;

const register = (person: Shop['manager'], code: string, label: string) =>
  invokeCard<{ reader: Reader }>(person, {
    action: 'register_reader',
    terminal_id: till.id,
    registration_code: code,
    label,
  });

beforeAll(async () => {
  shop = await createShop();
  till = await registerTerminal(shop.owner, shop.storeId, 'Front till');
  const registered = await register(shop.manager, 'simulated-wpe', 'Counter reader');
  expect(registered.error).toBeNull();
  reader = registered.data.reader;
});

async function start(amount: number, person = shop.cashier): Promise<Payment> {
  const started = await invokeCard<{ payment: Payment }>(person, {
    action: 'start_payment',
    terminal_id: till.id,
    sale_id: uuidv7(),
    amount,
    currency: 'EUR',
  });
  expect(started.error).toBeNull();
  return started.data.payment;
}

async function payment(id: string, person = shop.cashier): Promise<Payment> {
  const answer = await invokeCard<{ payment: Payment }>(person, { action: 'get_payment', payment_id: id });
  expect(answer.error).toBeNull();
  return answer.data.payment;
}

const present = (number: string) =>
  stripe.testHelpers.terminal.readers.presentPaymentMethod(reader.stripe_reader_id, {
    type: 'card_present',
    card_present: { number },
  });

async function approved(amount: number): Promise<Payment> {
  const started = await start(amount);
  await present('4242424242424242');
  return payment(started.id);
}

describe('[CARD-1] readers', () => {
  test('a manager registers a simulated reader for a till; it is on Stripe and assigned', async () => {
    expect(reader).toMatchObject({ terminal_id: till.id, label: 'Counter reader' });
    const onStripe = await stripe.terminal.readers.retrieve(reader.stripe_reader_id);
    expect(onStripe).toMatchObject({ id: reader.stripe_reader_id, device_type: 'simulated_wisepos_e' });
    const listed = await invokeCard<{ readers: Reader[] }>(shop.cashier, {
      action: 'list_readers',
      terminal_id: till.id,
    });
    expect(listed.data.readers.map((r) => r.id)).toEqual([reader.id]);
  });

  test('a cashier cannot register a reader', async () => {
    const refused = await register(shop.cashier, 'simulated-wpe', 'Sneaky reader');
    expect(refused).toMatchObject({ status: 403, error: { code: 'insufficient_role' } });
  });

  test('an unknown registration code is Stripe’s refusal, and nothing is registered', async () => {
    const refused = await register(shop.manager, 'no-such-code', 'Ghost');
    expect(refused).toMatchObject({ status: 409, error: { code: 'resource_missing' } });
    const { data } = await shop.owner.client
      .from('card_readers')
      .select('id')
      .eq('company_id', shop.companyId);
    expect(data).toHaveLength(1);
  });

  test('assigning a reader to another till takes it off the first', async () => {
    const second = await registerTerminal(shop.owner, shop.storeId, 'Second till');
    const moved = await invokeCard<{ reader: Reader }>(shop.manager, {
      action: 'assign_reader',
      reader_id: reader.id,
      terminal_id: second.id,
    });
    expect(moved.data.reader.terminal_id).toBe(second.id);
    const back = await invokeCard<{ reader: Reader }>(shop.manager, {
      action: 'assign_reader',
      reader_id: reader.id,
      terminal_id: till.id,
    });
    expect(back.data.reader.terminal_id).toBe(till.id);
  });
});

describe('[CARD-5] [CARD-6] a payment on the reader', () => {
  test('[WORDS-7] approve: the reader waits, the test card is approved, the payment succeeded with its card', async () => {
    const started = await start(1250);
    expect(started).toMatchObject({ status: 'in_progress', amount: 1250, currency: 'EUR' });
    expect(started.payment_intent_id).toMatch(/^pi_/);
    const onReader = await stripe.terminal.readers.retrieve(reader.stripe_reader_id);
    expect(onReader).toMatchObject({ action: { status: 'in_progress', type: 'process_payment_intent' } });
    await present('4242424242424242');
    // [WORDS-7] With the card's brand and last four for the receipt, as the reader read them.
    expect(await payment(started.id)).toMatchObject({
      status: 'succeeded',
      failure_code: null,
      card_brand: 'visa',
      card_last4: '4242',
    });
    const intent = await stripe.paymentIntents.retrieve(started.payment_intent_id ?? '');
    expect(intent).toMatchObject({ status: 'succeeded', amount: 1250, currency: 'eur' });
  });

  test.each([
    ['4000000000000002', 'generic_decline', 'Your card was declined.'],
    ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
  ])('decline: card %s fails with %s and the reason', async (number, code, message) => {
    const started = await start(800);
    await present(number);
    expect(await payment(started.id)).toMatchObject({
      status: 'failed',
      failure_code: code,
      failure_message: message,
    });
  });

  test('cancel: the reader stops asking and the PaymentIntent is canceled', async () => {
    const started = await start(640);
    const canceled = await invokeCard<{ payment: Payment }>(shop.cashier, {
      action: 'cancel_payment',
      payment_id: started.id,
    });
    expect(canceled.data.payment.status).toBe('canceled');
    const onReader = await stripe.terminal.readers.retrieve(reader.stripe_reader_id);
    expect(onReader).toMatchObject({ action: null });
    const intent = await stripe.paymentIntents.retrieve(started.payment_intent_id ?? '');
    expect(intent.status).toBe('canceled');
    // A card presented now finds no payment to take.
    await expect(present('4242424242424242')).rejects.toThrow(/not waiting/);
  });

  test('a payment that went through cannot be canceled', async () => {
    const done = await approved(300);
    const refused = await invokeCard(shop.cashier, { action: 'cancel_payment', payment_id: done.id });
    expect(refused).toMatchObject({ status: 409, error: { code: 'already_succeeded' } });
    expect((await payment(done.id)).status).toBe('succeeded');
  });

  test('timeout: the reader gives up waiting and the payment failed with the reason', async () => {
    const started = await start(990);
    expect((await timeOutReader(reader.stripe_reader_id)).status).toBe(200);
    expect(await payment(started.id)).toMatchObject({
      status: 'failed',
      failure_code: 'terminal_reader_timeout',
    });
    // The next payment can use the reader again.
    const next = await approved(120);
    expect(next.status).toBe('succeeded');
  });

  test('a till without a reader is told so', async () => {
    const bare = await registerTerminal(shop.owner, shop.storeId, 'No reader');
    const refused = await invokeCard(shop.cashier, {
      action: 'start_payment',
      terminal_id: bare.id,
      sale_id: uuidv7(),
      amount: 100,
      currency: 'EUR',
    });
    expect(refused).toMatchObject({ status: 409, error: { code: 'no_reader' } });
  });

  test('another currency than the shop’s is refused before Stripe hears of it', async () => {
    const refused = await invokeCard(shop.cashier, {
      action: 'start_payment',
      terminal_id: till.id,
      sale_id: uuidv7(),
      amount: 100,
      currency: 'USD',
    });
    expect(refused).toMatchObject({ status: 409, error: { code: 'currency_mismatch' } });
  });
});

describe('[CARD-8] refunds', () => {
  test('partial, then the rest, then nothing is left', async () => {
    const done = await approved(1000);
    const partial = await invokeCard<{ payment: Payment; refund: { amount: number } }>(shop.manager, {
      action: 'refund_payment',
      payment_id: done.id,
      amount: 300,
      refund_id: crypto.randomUUID(),
    });
    expect(partial.data.payment.refunded_amount).toBe(300);
    expect(partial.data.refund.amount).toBe(300);
    const rest = await invokeCard<{ payment: Payment }>(shop.manager, {
      action: 'refund_payment',
      payment_id: done.id,
    });
    expect(rest.data.payment.refunded_amount).toBe(1000);
    const none = await invokeCard(shop.manager, { action: 'refund_payment', payment_id: done.id, amount: 1 });
    expect(none).toMatchObject({ status: 409, error: { code: 'refund_exceeds_payment' } });
  });

  test('a retried refund with the same refund_id refunds once', async () => {
    const done = await approved(500);
    const refundId = crypto.randomUUID();
    const ask = () =>
      invokeCard<{ payment: Payment }>(shop.manager, {
        action: 'refund_payment',
        payment_id: done.id,
        amount: 200,
        refund_id: refundId,
      });
    await ask();
    const again = await ask();
    expect(again.data.payment.refunded_amount).toBe(200);
  });

  test('a cashier cannot refund', async () => {
    const done = await approved(400);
    const refused = await invokeCard(shop.cashier, { action: 'refund_payment', payment_id: done.id });
    expect(refused).toMatchObject({ status: 403, error: { code: 'insufficient_role' } });
  });
});

describe('[CARD-6] webhooks', () => {
  test('a replayed event changes nothing', async () => {
    const started = await start(700);
    await present('4000000000009995');
    // The reader's event said card_declined; the PaymentIntent's, after it, the reason: insufficient_funds.
    const [intentFailed, readerFailed] = await sentEvents();
    expect(readerFailed?.event.type).toBe('terminal.reader.action_failed');
    expect(intentFailed?.event.type).toBe('payment_intent.payment_failed');
    const replayed = await redeliver(readerFailed?.event.id ?? '');
    expect(replayed.deliveries).toEqual([200, 200]);
    const response = await postWebhook(JSON.stringify(readerFailed?.event));
    expect(await response.json()).toEqual({ received: true, duplicate: true });
    expect(await payment(started.id)).toMatchObject({ status: 'failed', failure_code: 'insufficient_funds' });
  });

  test('a replayed refund event counts once', async () => {
    const done = await approved(900);
    await invokeCard(shop.manager, { action: 'refund_payment', payment_id: done.id, amount: 100 });
    const [refunded] = await sentEvents();
    expect(refunded?.event.type).toBe('charge.refunded');
    await redeliver(refunded?.event.id ?? '');
    expect((await payment(done.id)).refunded_amount).toBe(100);
  });

  test('a forged signature is refused with 400 and changes nothing', async () => {
    const started = await start(450);
    const intent = await stripe.paymentIntents.retrieve(started.payment_intent_id ?? '');
    const forged = JSON.stringify({
      id: `evt_forged${crypto.randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...intent, status: 'succeeded' } },
    });
    const refused = await postWebhook(forged, 'whsec_not_the_endpoint_secret');
    expect(refused.status).toBe(400);
    const unsigned = await fetch(`${stackUrl()}/functions/v1/card-payments/webhook`, {
      method: 'POST',
      body: forged,
    });
    expect(unsigned.status).toBe(400);
    expect((await payment(started.id)).status).toBe('in_progress');
    await invokeCard(shop.cashier, { action: 'cancel_payment', payment_id: started.id });
  });
});

describe('[CARD-6] when a webhook never comes', () => {
  const refreshed = async (id: string) =>
    (
      await invokeCard<{ payment: Payment }>(shop.cashier, {
        action: 'get_payment',
        payment_id: id,
        refresh: true,
      })
    ).data.payment;

  test('refresh asks Stripe: an approved card is recorded as succeeded', async () => {
    const started = await start(610);
    await deliverWebhooks(false);
    try {
      await present('4242424242424242');
      expect((await payment(started.id)).status).toBe('in_progress');
      expect(await refreshed(started.id)).toMatchObject({ status: 'succeeded' });
    } finally {
      await deliverWebhooks(true);
    }
  });

  test('refresh asks Stripe: a declined card is recorded with its reason', async () => {
    const started = await start(620);
    await deliverWebhooks(false);
    try {
      await present('4000000000009995');
      expect((await payment(started.id)).status).toBe('in_progress');
      expect(await refreshed(started.id)).toMatchObject({
        status: 'failed',
        failure_code: 'insufficient_funds',
      });
    } finally {
      await deliverWebhooks(true);
    }
  });

  test('refresh of a payment the reader is still waiting for changes nothing', async () => {
    const started = await start(630);
    expect(await refreshed(started.id)).toMatchObject({ status: 'in_progress' });
    await invokeCard(shop.cashier, { action: 'cancel_payment', payment_id: started.id });
  });
});

describe('[CARD-4] who may', () => {
  test('a member of another shop is refused everything of this one', async () => {
    const other = await createShop({ products: 1 });
    const done = await approved(250);
    const read = await invokeCard(other.owner, { action: 'get_payment', payment_id: done.id });
    expect(read).toMatchObject({ status: 403, error: { code: 'not_member' } });
    const charge = await invokeCard(other.owner, {
      action: 'start_payment',
      terminal_id: till.id,
      sale_id: uuidv7(),
      amount: 100,
      currency: 'EUR',
    });
    expect(charge).toMatchObject({ status: 403, error: { code: 'not_member' } });
    const refund = await invokeCard(other.owner, { action: 'refund_payment', payment_id: done.id });
    expect(refund).toMatchObject({ status: 403, error: { code: 'not_member' } });
    const steal = await invokeCard(other.owner, {
      action: 'assign_reader',
      reader_id: reader.id,
      terminal_id: null,
    });
    expect(steal).toMatchObject({ status: 403, error: { code: 'not_member' } });
  });

  test('[CARD-3] rows are read by the shop’s members only, and written by nobody through the API', async () => {
    const other = await createShop({ products: 1 });
    const done = await approved(150);
    const mine = await shop.cashier.client.from('card_payments').select('id').eq('id', done.id);
    expect(mine.data).toHaveLength(1);
    const theirs = await other.owner.client.from('card_payments').select('id').eq('id', done.id);
    expect(theirs.data).toHaveLength(0);
    const update = await shop.owner.client
      .from('card_payments')
      .update({ status: 'canceled' })
      .eq('id', done.id)
      .select();
    expect(update.error?.code).toBe('42501');
    const direct = await shop.owner.client.rpc('card_payment_update', {
      p_id: done.id,
      p_payment_intent_id: null,
      p_status: 'canceled',
    });
    expect(direct.error?.code).toBe('42501');
    expect((await payment(done.id)).status).toBe('succeeded');
  });

  test.each(['constructor', 'valueOf', 'toString', '__proto__', 'hasOwnProperty'])(
    'an action named after an object’s own property (%s) is unknown, and answers nothing of the server’s',
    async (action) => {
      const answer = await invokeCard(shop.cashier, { action });
      expect(answer.status).toBe(400);
      expect(answer.error?.code).toBe('unknown_action');
      expect(JSON.stringify(answer)).not.toContain(SERVICE_ROLE_KEY);
    },
  );

  test('no token, no action', async () => {
    const response = await fetch(`${stackUrl()}/functions/v1/card-payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'get_payment', payment_id: crypto.randomUUID() }),
    });
    expect(response.status).toBe(401);
  });
});

describe('[CARD-7] [CARD-9] apply_ops links the sale', () => {
  test('a sale whose card tender names the PaymentIntent links to its payment', async () => {
    const product = shop.products[0];
    if (!product) throw new Error('no product');
    const args = saleArgs({ terminal: till, lines: [{ product, quantity: 2 }] });
    const done = await approved(args.total);
    const tender = { id: uuidv7(), method: 'card', amount: args.total, reference: done.payment_intent_id };
    const [answer] = await applyOps(shop.cashier.client, [
      op('sale.record', { ...args, payments: [tender] }),
    ]);
    expect(answer?.status).toBe('applied');
    expect(await payment(done.id)).toMatchObject({
      sale_id: args.id,
      payment_id: tender.id,
      status: 'succeeded',
    });
  });

  test('a sale whose PaymentIntent the server does not know is accepted and flagged', async () => {
    const product = shop.products[0];
    if (!product) throw new Error('no product');
    const args = saleArgs({ terminal: till, lines: [{ product, quantity: 1 }] });
    const unknown = `pi_unknown${crypto.randomUUID().replaceAll('-', '')}`;
    const tender = { id: uuidv7(), method: 'card', amount: args.total, reference: unknown };
    const [answer] = await applyOps(shop.cashier.client, [
      op('sale.record', { ...args, payments: [tender] }),
    ]);
    expect(answer?.status).toBe('applied');
    const issues = await invokeCard<{ issues: { issue: string; payment: Payment }[] }>(shop.manager, {
      action: 'list_issues',
      terminal_id: till.id,
    });
    const flagged = issues.data.issues.find((i) => i.payment.payment_intent_id === unknown);
    expect(flagged).toMatchObject({ issue: 'unknown', payment: { sale_id: args.id, status: 'unknown' } });
  });

  test('a payment that succeeded but whose sale never came is listed for managers, not for cashiers', async () => {
    const orphan = await approved(777);
    const issues = await invokeCard<{ issues: { issue: string; payment: Payment }[] }>(shop.manager, {
      action: 'list_issues',
      terminal_id: till.id,
      minutes: 0,
    });
    expect(issues.data.issues.find((i) => i.payment.id === orphan.id)?.issue).toBe('unresolved');
    const cashier = await invokeCard(shop.cashier, { action: 'list_issues', terminal_id: till.id });
    expect(cashier).toMatchObject({ status: 403, error: { code: 'insufficient_role' } });
  });
});

describe('the fake Stripe answers Stripe’s shapes', () => {
  const keys = (value: unknown) => Object.keys(value as object).sort();
  // Fields the API version the library speaks (2026-10-28) has and the older published examples lack.
  const NEWER = new Set(['allowed_payment_method_types', 'payment_record']);

  test('reader, PaymentIntent, refund and events have the keys of Stripe’s example objects', async () => {
    const done = await approved(333);
    await invokeCard(shop.manager, { action: 'refund_payment', payment_id: done.id, amount: 33 });
    const examples = exampleObjects.resources;
    const onReader = await stripe.terminal.readers.retrieve(reader.stripe_reader_id);
    expect(keys(onReader).filter((k) => k !== 'lastResponse')).toEqual(keys(examples['terminal.reader']));
    const intent = await stripe.paymentIntents.retrieve(done.payment_intent_id ?? '');
    expect(keys(intent).filter((k) => k !== 'lastResponse' && !NEWER.has(k))).toEqual(
      keys(examples.payment_intent),
    );
    const [refunded] = await sentEvents();
    expect(keys(refunded?.event)).toEqual(keys(examples.event));
    const charge = refunded?.event.data.object;
    expect(keys(charge)).toEqual(keys(examples.charge));
    const refund = await stripe.refunds.create({ payment_intent: done.payment_intent_id ?? '', amount: 1 });
    expect(keys(refund).filter((k) => k !== 'lastResponse')).toEqual(keys(examples.refund));
  });
});
