// supabase-js clients for stack tests: the real client, pointed at the stack that global setup started.
// On Node 20 supabase-js needs a WebSocket implementation for realtime even though tests never use it.
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import ws from 'ws';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../../supabase/local/config';

/** The stack global setup started, or — outside vitest (`npm run soak`) — the one named by STACK_URL. */
export const stackUrl = (): string => process.env.STACK_URL ?? inject('stackUrl');

/** A fresh client with its own in-memory session storage, like one browser profile. */
export function anonClient(options: { flowType?: 'pkce' | 'implicit' } = {}) {
  return createClient(stackUrl(), ANON_KEY, {
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType: options.flowType ?? 'implicit',
      storage: memoryStorage(),
    },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
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

/** Signs up (auto-confirmed) and returns a signed-in client. */
export async function signedInClient(
  email = uniqueEmail(),
  password = 'test-password-1',
): Promise<SupabaseClient> {
  const client = anonClient();
  const { error } = await client.auth.signUp({ email, password });
  if (error) throw error;
  return client;
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
