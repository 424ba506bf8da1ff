// The one place the Supabase client is built. main.tsx calls createSupabase() once and hands the client to
// the router context; nothing imports a client instance from a module. The client is typed by the database
// types generated from the migrations (`npm run gen:types`), so a renamed column fails typecheck.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types';
import { sessionStorageKey } from './stored-session';

export type Supabase = SupabaseClient<Database>;

export interface SupabaseSettings {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

export function createSupabase(settings: SupabaseSettings, storage?: Storage): Supabase {
  return createClient<Database>(settings.supabaseUrl, settings.supabaseAnonKey, {
    auth: {
      flowType: 'pkce',
      persistSession: true,
      autoRefreshToken: true,
      storageKey: sessionStorageKey(settings.supabaseUrl),
      // /auth/v1 redirects land on /auth/callback, which completes them itself so it can show errors
      // plainly and tell a recovery link from a sign-in.
      detectSessionInUrl: false,
      ...(storage ? { storage } : {}),
    },
  });
}
