// What every harness case shares: the Supabase client the app would build (same URL, same storage key), the
// sync remote over it, and the signed-in user's company, read from the server so a case needs no mirror.
import type { SupabaseClient } from '@supabase/supabase-js';
import { createSupabase } from '../../../src/data/remote/supabase-client';
import { sessionStorageKey } from '../../../src/data/remote/stored-session';
import { createSyncRemote } from '../../../src/data/remote/sync-remote';
import { readEnv } from '../../../src/lib/env';

export interface BenchEnv {
  supabaseUrl: string;
  supabase: SupabaseClient;
  remote: ReturnType<typeof createSyncRemote>;
}

export function createBenchEnv(): BenchEnv {
  const env = readEnv();
  const supabase = createSupabase(env);
  const remote = createSyncRemote(supabase, {
    storage: window.localStorage,
    storageKey: sessionStorageKey(env.supabaseUrl),
    // A replay of thousands of sales on a busy 2-core machine: give a batch longer than the app's 30 s.
    timeoutMs: 120_000,
  });
  return { supabaseUrl: env.supabaseUrl, supabase, remote };
}

export interface Who {
  userId: string;
  companyId: string;
  storeId: string;
}

/** Signs in (the session lands where the app keeps it) and finds the user's first company and store. */
export async function signIn(env: BenchEnv, email: string, password: string): Promise<Who> {
  const { data, error } = await env.supabase.auth.signInWithPassword({ email, password });
  if (error !== null) throw new Error(`Sign-in as ${email} failed: ${error.message}`);
  const userId = data.user.id;
  const members = await env.remote.memberships(userId);
  if (!members.ok) throw new Error(`Memberships of ${email}: ${members.failure.message}`);
  const companyId = members.value[0]?.company_id;
  if (companyId === undefined) throw new Error(`${email} belongs to no company.`);
  const stores = await env.supabase
    .from('stores')
    .select('id')
    .eq('company_id', companyId)
    .order('created_at')
    .limit(1);
  const store: unknown = stores.data?.[0];
  const storeId = typeof store === 'object' && store !== null && 'id' in store ? store.id : undefined;
  if (typeof storeId !== 'string') throw new Error(`The company ${companyId} has no store.`);
  return { userId, companyId, storeId };
}

export function elapsed(start: number): number {
  return performance.now() - start;
}
