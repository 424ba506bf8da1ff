// What every route receives from main.tsx through the router context: the adapters, never module singletons.
import type { QueryClient } from '@tanstack/react-query';
import type { Supabase } from '../data/remote/supabase-client';
import type { CartStore } from '../data/local/cart-store';
import type { SyncServices } from '../data/sync/create-sync';
import type { AuthStore } from '../features/auth/auth-store';

export interface RouterContext {
  queryClient: QueryClient;
  supabase: Supabase;
  auth: AuthStore;
  /** The ledger, the per-user mirrors, the command runners' deps and the sync engine (DESIGN §5–6). */
  sync: SyncServices;
  /** The open and parked carts of this device (the register's own database). */
  carts: CartStore;
}
