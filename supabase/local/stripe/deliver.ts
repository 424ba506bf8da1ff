// The stack's fake Stripe, delivering its events to the card-payments function's webhook route on this
// stack, signed with the local webhook secret as Stripe signs them. The signature carries the real time, not
// a test's pinned clock: the function checks it against its own clock, as it would Stripe's.
import Stripe from 'stripe';
import { LOCAL_STRIPE } from '../config';
import { FakeStripe } from './fake-stripe';
import { stripeSignature } from './webhook-signature';

export function createFakeStripe(apiUrl: () => string, now: () => number): FakeStripe {
  return new FakeStripe({
    now,
    apiVersion: Stripe.API_VERSION,
    async deliver(payload) {
      try {
        const response = await fetch(`${apiUrl()}${LOCAL_STRIPE.webhookPath}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': stripeSignature(
              payload,
              LOCAL_STRIPE.webhookSecret,
              Math.floor(Date.now() / 1000),
            ),
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body: payload,
        });
        await response.arrayBuffer();
        return response.status;
      } catch (error) {
        console.error('[stack] webhook delivery failed:', error);
        return 0;
      }
    },
  });
}
