// Stripe's HTTP face for the fake (supabase/local/stripe/fake-stripe.ts): `/v1/*` as api.stripe.com answers
// it, for the `stripe` library pointed here with host/port/protocol, and `/local/v1/stripe/*` for what only
// a local stack can do (present a test card or time a reader out with no key, list and resend the events).
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { StackContext } from '../context';
import { LOCAL_STRIPE } from '../config';
import { StripeFailure } from './fake-stripe';
import type { FakeStripe } from './fake-stripe';
import { decodeForm, formList, formRecord, formString } from './form';
import type { FormValue } from './form';

type Form = Record<string, FormValue>;

export function createStripeApiRoutes(ctx: StackContext): Hono {
  const app = new Hono();
  const stripe = (): FakeStripe => ctx.stripe;
  // Replays of a request with the same Idempotency-Key get the first answer, as on Stripe.
  const idempotent = new Map<string, { status: number; body: unknown }>();

  const answer = (c: Context, work: (form: Form) => unknown) =>
    (async () => {
      const auth = c.req.header('authorization') ?? '';
      if (auth !== `Bearer ${LOCAL_STRIPE.secretKey}`) {
        return c.json(
          { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } },
          401,
        );
      }
      const key = c.req.method === 'POST' ? c.req.header('idempotency-key') : undefined;
      const seen = key ? idempotent.get(key) : undefined;
      if (seen) return c.json(seen.body, seen.status as 200);
      const form = c.req.method === 'POST' ? decodeForm(await c.req.text()) : {};
      let status = 200;
      let body: unknown;
      try {
        body = await work(form);
      } catch (error) {
        if (!(error instanceof StripeFailure)) throw error;
        status = error.status;
        body = { error: { ...error.error, message: error.message } };
      }
      if (key) idempotent.set(key, { status, body });
      return c.json(body, status as 200);
    })();

  app.post('/terminal/readers', (c) =>
    answer(c, (form) => {
      const location = formString(form.location);
      const metadata = formRecord(form.metadata);
      return stripe().createReader({
        ...optional('registration_code', formString(form.registration_code)),
        ...optional('label', formString(form.label)),
        ...optional('location', location),
        ...optional('metadata', metadata),
      });
    }),
  );
  app.get('/terminal/readers/:id', (c) => answer(c, () => stripe().reader(c.req.param('id'))));
  app.post('/terminal/readers/:id/process_payment_intent', (c) =>
    answer(c, (form) =>
      stripe().processPaymentIntent(c.req.param('id'), formString(form.payment_intent) ?? ''),
    ),
  );
  app.post('/terminal/readers/:id/cancel_action', (c) =>
    answer(c, () => stripe().cancelAction(c.req.param('id'))),
  );
  app.post('/test_helpers/terminal/readers/:id/present_payment_method', (c) =>
    answer(c, (form) =>
      stripe().presentPaymentMethod(
        c.req.param('id'),
        formRecord(form.card_present)?.number ?? formRecord(form.card)?.number,
      ),
    ),
  );
  app.post('/payment_intents', (c) =>
    answer(c, (form) =>
      stripe().createPaymentIntent({
        ...optional('amount', formString(form.amount)),
        ...optional('currency', formString(form.currency)),
        ...optional('allowed_payment_method_types', formList(form.allowed_payment_method_types)),
        ...optional('payment_method_types', formList(form.payment_method_types)),
        ...optional('capture_method', formString(form.capture_method)),
        ...optional('description', formString(form.description)),
        ...optional('metadata', formRecord(form.metadata)),
      }),
    ),
  );
  app.get('/payment_intents/:id', (c) => answer(c, () => stripe().paymentIntent(c.req.param('id'))));
  app.get('/charges/:id', (c) => answer(c, () => stripe().charge(c.req.param('id'))));
  app.post('/payment_intents/:id/cancel', (c) =>
    answer(c, (form) =>
      stripe().cancelPaymentIntent(c.req.param('id'), formString(form.cancellation_reason)),
    ),
  );
  app.post('/refunds', (c) =>
    answer(c, (form) =>
      stripe().createRefund({
        ...optional('payment_intent', formString(form.payment_intent)),
        ...optional('amount', formString(form.amount)),
        ...optional('reason', formString(form.reason)),
        ...optional('metadata', formRecord(form.metadata)),
      }),
    ),
  );
  app.get('/events/:id', (c) => answer(c, () => stripe().event(c.req.param('id')).event));
  app.all('*', (c) =>
    c.json(
      {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${c.req.method}: ${c.req.path}).`,
        },
      },
      404,
    ),
  );
  return app;
}

/** Local-only controls: no key needed, like the mail catcher. */
export function createStripeLocalRoutes(ctx: StackContext): Hono {
  const app = new Hono();
  const failure = (c: Context, error: unknown) => {
    if (!(error instanceof StripeFailure)) throw error;
    return c.json({ error: { ...error.error, message: error.message } }, error.status as 400);
  };
  // Whether the stack holds this reader: the register shows its simulated reader's controls only then.
  app.get('/terminal/readers/:id', (c) => {
    try {
      return c.json(ctx.stripe.reader(c.req.param('id')));
    } catch (error) {
      return failure(c, error);
    }
  });
  // {"number": "<test card>"} is held to the reader, as Stripe's present_payment_method test helper does,
  // with no secret key: the register's 'Simulated reader' panel calls it from the browser.
  app.post('/terminal/readers/:id/present', async (c) => {
    const body: { number?: unknown } = await c.req.json<{ number?: unknown }>().catch(() => ({}));
    const number = typeof body.number === 'string' ? body.number : undefined;
    try {
      return c.json(await ctx.stripe.presentPaymentMethod(c.req.param('id'), number));
    } catch (error) {
      return failure(c, error);
    }
  });
  app.post('/terminal/readers/:id/timeout', async (c) => {
    try {
      return c.json(await ctx.stripe.timeOut(c.req.param('id')));
    } catch (error) {
      return failure(c, error);
    }
  });
  app.get('/events', (c) => c.json([...ctx.stripe.events].reverse()));
  // {"deliver": false} holds webhooks back, as if the endpoint were down or misconfigured.
  app.put('/webhooks', async (c) => {
    const body: { deliver?: unknown } = await c.req.json();
    ctx.stripe.deliveriesOn = body.deliver !== false;
    return c.json({ deliver: ctx.stripe.deliveriesOn });
  });
  app.post('/events/:id/redeliver', async (c) => {
    try {
      return c.json(await ctx.stripe.redeliver(c.req.param('id')));
    } catch (error) {
      return failure(c, error);
    }
  });
  return app;
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}
