// supabase-js clients for stack tests: the real client, pointed at the stack that global setup started.
// On Node 20 supabase-js needs a WebSocket implementation for realtime even though tests never use it.
import { createClient } from '@supabase/supabase-js';
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import ws from 'ws';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../../supabase/local/config';
import type { Database } from '../../src/data/remote/database.types';
import type { Supabase } from '../../src/data/remote/supabase-client';

/** The stack global setup started, or — outside vitest (`npm run soak`) — the one named by STACK_URL. */
export const stackUrl = (): string => process.env.STACK_URL ?? inject('stackUrl');

/** How a test's client keeps its session: in memory, never refreshed on its own, like one browser profile. */
export const clientOptions = (flowType: 'pkce' | 'implicit') => ({
  auth: {
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    flowType,
    storage: memoryStorage(),
  },
  realtime: { transport: ws as unknown as typeof WebSocket },
});

/**
 * A fresh client with its own in-memory session storage, like one browser profile. Untyped: the protocol
 * tests send what the app never would.
 */
export function anonClient(options: { flowType?: 'pkce' | 'implicit' } = {}) {
  return createClient(stackUrl(), ANON_KEY, clientOptions(options.flowType ?? 'implicit'));
}

/** A client typed by the generated database types, as the app builds it, signed in as `client` is. */
export async function appClientAs(client: SupabaseClient): Promise<Supabase> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('appClientAs: that client is not signed in');
  const typed = createClient<Database>(stackUrl(), ANON_KEY, clientOptions('implicit'));
  const { error } = await typed.auth.setSession(data.session);
  if (error) throw new Error(`appClientAs: ${error.message}`);
  return typed;
}

export function serviceClient() {
  return createClient(stackUrl(), SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
}

/** A unique email per test so tests never share users, on PGlite or PostgreSQL. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@test.local`;
}

/** Signs up, confirms the address from the mailbox and returns a signed-in client. */
export async function signedInClient(
  email = uniqueEmail(),
  password = 'test-password-1',
): Promise<SupabaseClient> {
  const client = anonClient();
  await signUpConfirmed(client, email, password);
  return client;
}

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  link?: string;
  reply_to?: string;
}

/** The newest message the stack captured for `to`. */
export async function latestMail(to: string): Promise<CapturedMail> {
  const response = await fetch(`${stackUrl()}/local/v1/mail?to=${encodeURIComponent(to)}`);
  const messages = (await response.json()) as CapturedMail[];
  const message = messages[0];
  if (!message) throw new Error(`no mail captured for ${to}`);
  return message;
}

/** The token the newest mail to `to` carries in its link. */
export async function mailedToken(to: string): Promise<string> {
  const { link } = await latestMail(to);
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`the mail to ${to} has no link with a token`);
  return token;
}

/**
 * Signs up and, as the stack confirms sign-ups by mail (GoTrue's default), follows the confirmation the way a
 * new user does; a stack started with mailerAutoconfirm answers the session at once.
 */
export async function signUpConfirmed(
  client: SupabaseClient,
  email: string,
  password: string,
  data?: Record<string, unknown>,
): Promise<Session> {
  const signedUp = await client.auth.signUp({ email, password, ...(data ? { options: { data } } : {}) });
  if (signedUp.error) throw signedUp.error;
  if (signedUp.data.session) return signedUp.data.session;
  const tokenHash = await mailedToken(email);
  const verified = await client.auth.verifyOtp({ type: 'signup', token_hash: tokenHash });
  if (verified.error) throw verified.error;
  if (!verified.data.session) throw new Error(`confirming ${email} gave no session`);
  return verified.data.session;
}

/** Signs `client` in with the magic link mailed to `email`, as someone who reads that mailbox. */
export async function signInByMagicLink(client: SupabaseClient, email: string): Promise<Session> {
  const sent = await client.auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
  if (sent.error) throw sent.error;
  const verified = await client.auth.verifyOtp({ type: 'magiclink', token_hash: await mailedToken(email) });
  if (verified.error) throw verified.error;
  if (!verified.data.session) throw new Error(`the magic link for ${email} gave no session`);
  return verified.data.session;
}

export function memoryStorage(): {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
  removeItem(k: string): void;
} {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
}
