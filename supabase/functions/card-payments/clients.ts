// The function's clients, made per request from its environment: Stripe (pointed at the local stack's fake
// only when STRIPE_API_HOST is set, which Supabase never sets), the service-role database client for what
// Stripe says, and the caller's own client, whose token the database judges (membership, role, second factor).
import Stripe from 'stripe';
import {
  bearerToken,
  clientAs,
  secretOf,
  serviceClient as serviceClientOf,
  type Db,
} from '../_shared/clients.ts';
import { HttpError } from './http.ts';

const env = secretOf('card-payments');

export function stripeClient(): Stripe {
  const host = Deno.env.get('STRIPE_API_HOST');
  return new Stripe(env('STRIPE_SECRET_KEY'), {
    // fetch and SubtleCrypto: what Deno has, and Node too, so the same calls run in both.
    httpClient: Stripe.createFetchHttpClient(),
    ...(host
      ? {
          host,
          port: Deno.env.get('STRIPE_API_PORT') ?? '443',
          protocol: Deno.env.get('STRIPE_API_PROTOCOL') === 'http' ? 'http' : 'https',
        }
      : {}),
  });
}

export const webhookSecret = (): string => env('STRIPE_WEBHOOK_SECRET');

export const serviceClient = (): Db => serviceClientOf(env);

export type { Db };

export interface Caller {
  id: string;
  /** The database as the caller: their token, so RLS and the role checks apply to them. */
  db: Db;
}

/** The signed-in caller from the Authorization header, verified by Auth; anyone else gets 401. */
export async function callerOf(request: Request, service: Db): Promise<Caller> {
  const token = bearerToken(request);
  const { data, error } = await service.auth.getUser(token);
  if (error) throw new HttpError(401, 'not_signed_in', 'Sign in first.');
  return { id: data.user.id, db: clientAs(env, token) };
}
