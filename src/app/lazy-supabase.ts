// supabase-js is the largest library the app loads (≈ 55 KB gzip), and a guest's first screen needs none of
// it: this builds the client on first real use (a form submitted, a signed-in user's reads) and meanwhile
// answers the auth store's two start-up questions itself. With no session stored, supabase-js would answer
// "no session" (it never reads the URL: detectSessionInUrl is off), so that answer needs no client; auth
// listeners wait and are handed to the client once it exists. A sign-in in another tab writes the stored
// session, which builds the client here too, and its INITIAL_SESSION event then signs this tab in.
import type { AuthChangeEvent, Session, Subscription } from '@supabase/supabase-js';
import type { Supabase } from '../data/remote/supabase-client';
import { readStoredSession } from '../data/remote/stored-session';
import type { AuthPort } from '../features/auth/auth-port';

type AuthListener = (event: AuthChangeEvent, session: Session | null) => void | Promise<void>;

export interface LazySupabase {
  /** The client, built once on the first call. */
  load: () => Promise<Supabase>;
  /** The auth store's port: only what needs the server builds the client. */
  auth: AuthPort;
}

export interface LazySupabaseOptions {
  /** Builds the client (main.tsx imports supabase-client.ts here, so the library is its own chunk). */
  create: () => Promise<Supabase>;
  storage: Pick<Storage, 'getItem'>;
  storageKey: string;
  /** Where another tab's writes to the stored session are heard (window's 'storage' event). */
  storageEvents?: Pick<Window, 'addEventListener'>;
}

export function lazySupabase(options: LazySupabaseOptions): LazySupabase {
  let client: Supabase | null = null;
  let loading: Promise<Supabase> | null = null;
  const waiting = new Set<AuthListener>();
  const handedOver = new Map<AuthListener, Subscription>();

  const load = (): Promise<Supabase> => {
    loading ??= options.create().then(async (created) => {
      client = created;
      const heard = waiting.size > 0;
      for (const listener of waiting)
        handedOver.set(listener, created.auth.onAuthStateChange(listener).data.subscription);
      waiting.clear();
      // Built at start-up, the client told its listeners "no session" (INITIAL_SESSION) long before any sign-in.
      // Built for a sign-in, that must still come first: getSession() queues behind that event. With nothing
      // stored it answers at once (with a session stored it might retry a refresh offline, so it is not awaited).
      if (heard && readStoredSession(options.storage, options.storageKey) === null)
        await created.auth.getSession().catch(() => undefined);
      return created;
    });
    return loading;
  };
  const withAuth = async () => (await load()).auth;

  options.storageEvents?.addEventListener('storage', (event: StorageEvent) => {
    if (event.key === options.storageKey && event.newValue !== null && waiting.size > 0) void load();
  });

  const auth: AuthPort = {
    getSession: async () => {
      if (client === null && readStoredSession(options.storage, options.storageKey) === null)
        return { data: { session: null }, error: null };
      return (await withAuth()).getSession();
    },
    onAuthStateChange: (callback: AuthListener) => {
      if (client !== null) return client.auth.onAuthStateChange(callback);
      waiting.add(callback);
      const subscription: Subscription = {
        id: Symbol('waiting for supabase-js'),
        callback: (event, session) => void callback(event, session),
        unsubscribe: () => {
          waiting.delete(callback);
          handedOver.get(callback)?.unsubscribe();
        },
      };
      return { data: { subscription } };
    },
    signInWithPassword: async (credentials) => (await withAuth()).signInWithPassword(credentials),
    signUp: async (credentials) => (await withAuth()).signUp(credentials),
    resend: async (credentials) => (await withAuth()).resend(credentials),
    signInWithOtp: async (credentials) => (await withAuth()).signInWithOtp(credentials),
    signOut: async (scope) => (await withAuth()).signOut(scope),
    signInWithOAuth: async (credentials) => (await withAuth()).signInWithOAuth(credentials),
    mfa: { challengeAndVerify: async (params) => (await withAuth()).mfa.challengeAndVerify(params) },
  };
  return { load, auth };
}
