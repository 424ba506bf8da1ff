// Stripe's webhook signature (https://docs.stripe.com/webhooks#verify-manually): header
// `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" keyed by the endpoint secret>`.
import { createHmac } from 'node:crypto';

export function stripeSignature(payload: string, secret: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`).digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}
