// Card payments in stack tests: the card-payments function through supabase-js `functions.invoke`, and the
// real `stripe` library pointed at the stack's fake Stripe, as the function's own client is.
import Stripe from 'stripe';
import { FunctionsHttpError } from '@supabase/supabase-js';
import type { Person } from './shop';
import { stackUrl } from './supabase';
import { LOCAL_STRIPE } from '../../supabase/local/config';

export interface Invoked<T> {
  status: number;
  data: T;
  error: { code: string; message: string } | null;
}

/** Calls the function as `person`; a refusal comes back as its status and `{code, message}`, never thrown. */
export async function invokeCard<T = Record<string, unknown>>(
  person: Pick<Person, 'client'>,
  body: Record<string, unknown>,
): Promise<Invoked<T>> {
  const result = await person.client.functions.invoke<T>('card-payments', { body });
  const error: unknown = result.error;
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const answer = (await response.json()) as { error: { code: string; message: string } };
    return { status: response.status, data: undefined as T, error: answer.error };
  }
  if (error) throw error as Error;
  return { status: 200, data: result.data as T, error: null };
}

/** The stripe library as a test uses it: the local stack's key, host and port. */
export function localStripe(): Stripe {
  const url = new URL(stackUrl());
  return new Stripe(LOCAL_STRIPE.secretKey, {
    host: url.hostname,
    port: url.port,
    protocol: 'http',
    httpClient: Stripe.createFetchHttpClient(),
  });
}

export interface StripeEventRecord {
  event: Stripe.Event;
  deliveries: number[];
}

/** The events the fake sent, newest first. */
export async function sentEvents(): Promise<StripeEventRecord[]> {
  const response = await fetch(`${stackUrl()}/local/v1/stripe/events`);
  return (await response.json()) as StripeEventRecord[];
}

export async function redeliver(eventId: string): Promise<StripeEventRecord> {
  const response = await fetch(`${stackUrl()}/local/v1/stripe/events/${eventId}/redeliver`, {
    method: 'POST',
  });
  return (await response.json()) as StripeEventRecord;
}

/** The reader stops waiting for a card (a local-only control). */
export async function timeOutReader(stripeReaderId: string): Promise<Response> {
  return fetch(`${stackUrl()}/local/v1/stripe/terminal/readers/${stripeReaderId}/timeout`, {
    method: 'POST',
  });
}

/** Posts a payload to the function's webhook route signed with `secret` (the real one, or a forger's). */
export async function postWebhook(
  payload: string,
  secret: string = LOCAL_STRIPE.webhookSecret,
): Promise<Response> {
  const signature = await localStripe().webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return fetch(`${stackUrl()}${LOCAL_STRIPE.webhookPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

/** Holds the fake's webhooks back (false) or sends them again (true), as an endpoint that is down. */
export async function deliverWebhooks(deliver: boolean): Promise<void> {
  await fetch(`${stackUrl()}/local/v1/stripe/webhooks`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ deliver }),
  });
}
