// Reads the session supabase-js keeps in localStorage, synchronously and without the network. Offline, the
// client's own getSession() can spend ~25 s retrying a refresh and then answer "no session" (DESIGN §6), so
// the app trusts what is stored: a stored session means "signed in", whatever its expiry.
import type { User } from '@supabase/supabase-js';

export interface StoredSession {
  user: User;
  accessToken: string;
  /** Seconds since the epoch, as supabase-js stores it. */
  expiresAt: number | null;
}

/**
 * supabase-js's own default storage key (`sb-<first label of the host>-auth-token`), spelled out so the app
 * can read a stored session without asking the client, which may be stuck retrying a refresh offline.
 */
export function sessionStorageKey(supabaseUrl: string): string {
  const host = new URL(supabaseUrl).hostname.split('.')[0] ?? 'local';
  return `sb-${host}-auth-token`;
}

export function readStoredSession(storage: Pick<Storage, 'getItem'>, key: string): StoredSession | null {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null; // storage blocked (private mode, policies): behave as if nothing is stored
  }
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed)) return null;
    // Older supabase-js versions wrapped the session as { currentSession }.
    const session = isRecord(parsed.currentSession) ? parsed.currentSession : parsed;
    const user = session.user;
    if (typeof session.access_token !== 'string' || !isRecord(user) || typeof user.id !== 'string') {
      return null;
    }
    const expiresAt = typeof session.expires_at === 'number' ? session.expires_at : null;
    return { user: user as unknown as User, accessToken: session.access_token, expiresAt };
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
