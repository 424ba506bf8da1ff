// What every route receives from main.tsx through the router context: the adapters, never module singletons.
// A guest's pages need only the first three; the rest load on demand (a dynamic import), so the first screen
// carries no supabase-js, Dexie or sync code. Routes that need them await them in beforeLoad and pass them
// down as their own context (dashboard.tsx, onboarding.tsx).
import type { QueryClient } from '@tanstack/react-query';
import type { Supabase } from '../data/remote/supabase-client';
import type { CartStore } from '../data/local/cart-store';
import type { SyncServices } from '../data/sync/create-sync';
import type { AuthStore } from '../features/auth/auth-store';
import type { PasswordCheck } from '../data/remote/password-check';

export interface AppServices {
  supabase: Supabase;
  /** The ledger, the per-user mirrors, the command runners' deps and the sync engine (DESIGN §5–6). */
  sync: SyncServices;
  /** The open and parked carts of this device (the register's own database). */
  carts: CartStore;
  /** A fresh check of an account's password that leaves this device's session alone (issue 33). */
  checkPassword: PasswordCheck;
}

export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthStore;
  /** The Supabase client, built on first call (supabase-js alone, no databases). */
  loadSupabase: () => Promise<Supabase>;
  /** The client, the databases and the sync engine, started on first call (a sign-in starts them too). */
  loadServices: () => Promise<AppServices>;
}

/** What a signed-in screen's routes read: the router's context with the services loaded. */
export type ServicesContext = RouterContext & AppServices;
