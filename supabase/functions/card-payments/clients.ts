// The function's clients, made per request from its environment: Stripe (pointed at the local stack's fake
// only when STRIPE_API_HOST is set, which Supabase never sets), the service-role database client for what
// Stripe says, and the caller's own client, whose token the database judges (membership, role, second factor).
import Stripe from 'stripe';
import { createClient } from '@supabase/supabase-js';
import { HttpError } from './http.ts';

function env(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new HttpError(500, 'not_configured', `The card-payments function has no ${name} secret.`);
  return value;
}

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

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

export function serviceClient() {
  return createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), { auth: noSession });
}

/** A database client: the service role's or the caller's. */
export type Db = ReturnType<typeof serviceClient>;

export interface Caller {
  id: string;
  /** The database as the caller: their token, so RLS and the role checks apply to them. */
  db: Db;
}

/** The signed-in caller from the Authorization header, verified by Auth; anyone else gets 401. */
export async function callerOf(request: Request, service: Db): Promise<Caller> {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token) throw new HttpError(401, 'not_signed_in', 'Sign in first.');
  const { data, error } = await service.auth.getUser(token);
  if (error) throw new HttpError(401, 'not_signed_in', 'Sign in first.');
  const db = createClient(env('SUPABASE_URL'), env('SUPABASE_ANON_KEY'), {
    auth: noSession,
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
  return { id: data.user.id, db };
}
