// What every route receives from main.tsx through the router context: the adapters, never module singletons.
import type { QueryClient } from '@tanstack/react-query';
import type { Supabase } from '../data/remote/supabase-client';
import type { AuthStore } from '../features/auth/auth-store';

export interface RouterContext {
  queryClient: QueryClient;
  supabase: Supabase;
  auth: AuthStore;
}
