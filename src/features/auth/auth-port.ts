// The slice of supabase-js's auth client the auth store uses. The real `supabase.auth` satisfies it; unit
// tests pass a small fake.
import type { SupabaseClient } from '@supabase/supabase-js';

type GoTrue = SupabaseClient['auth'];

export interface AuthPort {
  getSession: GoTrue['getSession'];
  onAuthStateChange: GoTrue['onAuthStateChange'];
  signInWithPassword: GoTrue['signInWithPassword'];
  signUp: GoTrue['signUp'];
  resend: GoTrue['resend'];
  signInWithOtp: GoTrue['signInWithOtp'];
  signOut: GoTrue['signOut'];
  signInWithOAuth: GoTrue['signInWithOAuth'];
  mfa: Pick<GoTrue['mfa'], 'challengeAndVerify'>;
}

export interface AuthStoreOptions {
  auth: AuthPort;
  /** Where supabase-js persists the session (localStorage in the browser). */
  storage: Pick<Storage, 'getItem'>;
  storageKey: string;
  /** navigator.onLine, injectable for tests. */
  isOnline: () => boolean;
  /** The app's origin, for OAuth and email redirects. */
  origin: string;
}
