// Helpers for the auth conformance tests: raw GoTrue calls as supabase-js makes them, sign-up in one line,
// captured mail, and a browser stand-in that follows redirects one hop at a time.
import { createClient } from '@supabase/supabase-js';
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import { ANON_KEY } from '../../supabase/local/config';
import { anonClient, clientOptions, signUpConfirmed, stackUrl, uniqueEmail } from './supabase';

export { latestMail } from './supabase';

export const PASSWORD = 'test-password-1';
export const REDIRECT_TO = 'http://localhost:4173/auth/callback';

/** A request to /auth/v1 with the headers auth-js sends (apikey, API version 2024-01-01). */
export function authFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('apikey', ANON_KEY);
  if (!headers.has('X-Supabase-Api-Version')) headers.set('X-Supabase-Api-Version', '2024-01-01');
  if (init.body !== undefined && !headers.has('Content-Type'))
    headers.set('Content-Type', 'application/json');
  return fetch(`${stackUrl()}/auth/v1${path}`, { ...init, headers });
}

export interface SignedUp {
  client: SupabaseClient;
  email: string;
  password: string;
  session: Session;
}

/** A new user who confirmed their address, signed in on its own client. */
export async function signUp(
  options: { flowType?: 'pkce' | 'implicit'; label?: string } = {},
): Promise<SignedUp> {
  const client = anonClient(options.flowType ? { flowType: options.flowType } : {});
  const email = uniqueEmail(options.label);
  const session = await signUpConfirmed(client, email, PASSWORD);
  return { client, email, password: PASSWORD, session };
}

/** One navigation without following it: the status and where it points. */
export async function navigate(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; location: string }> {
  const response = await fetch(url, { ...init, redirect: 'manual' });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get('location') ?? '' };
}

/** Query and fragment parameters of a URL, fragment winning (as auth-js reads a callback URL). */
export function callbackParams(url: string): Record<string, string> {
  const parsed = new URL(url);
  return {
    ...Object.fromEntries(parsed.searchParams),
    ...Object.fromEntries(new URLSearchParams(parsed.hash.replace(/^#/, ''))),
  };
}

/** The claims of a JWT, unverified (tests read what the server put in). */
export function jwtClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

const decodeEntities = (text: string): string =>
  text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');

/**
 * What a browser does with an OAuth URL from signInWithOAuth/linkIdentity: go to /authorize, land on the
 * local Google sign-in page, submit its form with `email`, and stop at the redirect back to the app.
 */
export async function completeGoogleSignIn(
  startUrl: string,
  email: string,
): Promise<{ page: string; location: string }> {
  let pageUrl = startUrl;
  if (startUrl.includes('/authorize?')) {
    const authorize = await navigate(startUrl);
    expect(authorize.status).toBe(302);
    pageUrl = authorize.location;
  }
  const pageResponse = await fetch(pageUrl);
  expect(pageResponse.status).toBe(200);
  const page = await pageResponse.text();
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  if (action === undefined) throw new Error('no sign-in form on the local Google page');
  const back = await navigate(decodeEntities(action), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email }).toString(),
  });
  expect(back.status).toBe(302);
  return { page, location: back.location };
}

/** A supabase-js client for a stack other than the shared test stack (e.g. one with a pinned clock). */
export function clientFor(url: string, flowType: 'pkce' | 'implicit' = 'implicit') {
  return createClient(url, ANON_KEY, clientOptions(flowType));
}
