// Checks an account's password with a fresh sign-in that touches nothing else (issue 33): a throwaway
// supabase-js client that keeps its session in memory only, signs in with the email and password, and
// signs that one session out again at once. The app's own client, its session (aal2 after two-step
// verification included) and its storage stay exactly as they were, so a shared till's sync session is not
// replaced and a two-step account need not type its code again. Used before a password, email or two-step
// change, to open a shared till's back office, and to turn shared mode off.
import { createClient, isAuthError, type SupabaseClientOptions } from '@supabase/supabase-js';
import type { SupabaseSettings } from './supabase-client';
import { t } from '@lingui/core/macro';

export type PasswordVerdict =
  | { ok: true }
  /** wrong: not this account's password; offline: no answer, try again with a connection. */
  | { ok: false; reason: 'wrong' | 'offline' | 'refused'; message: string };

/** Whether `password` is `email`'s password now, asked of the server. */
export type PasswordCheck = (email: string, password: string) => Promise<PasswordVerdict>;

/** `extra`: what Node needs and a browser does not (a WebSocket for realtime on Node 20, in stack tests). */
export function passwordCheckFor(
  settings: SupabaseSettings,
  extra: Pick<SupabaseClientOptions<'public'>, 'realtime'> = {},
): PasswordCheck {
  return async (email, password) => {
    const client = createClient(settings.supabaseUrl, settings.supabaseAnonKey, {
      ...extra,
      auth: {
        persistSession: false,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        // Its own key, so it never reads or writes the app's stored session.
        storageKey: 'tillpoint-password-check',
      },
    });
    try {
      const { error } = await client.auth.signInWithPassword({ email, password });
      if (error) return verdictOf(error);
      // The check's session is not wanted: end it on the server (this session only).
      await client.auth.signOut({ scope: 'local' });
      return { ok: true };
    } catch (error) {
      return verdictOf(error);
    }
  };
}

function verdictOf(error: unknown): PasswordVerdict {
  const status = isAuthError(error) ? error.status : undefined;
  const code = isAuthError(error) ? error.code : undefined;
  // No answer at all (offline), or the server failing: a retryable fetch error, status 0 or a 5xx.
  if (
    !isAuthError(error) ||
    error.name === 'AuthRetryableFetchError' ||
    status === 0 ||
    (status ?? 0) >= 500
  ) {
    return {
      ok: false,
      reason: 'offline',
      message: t`The password could not be checked: no connection to the server. Try again when online.`,
    };
  }
  if (code === 'invalid_credentials') {
    return { ok: false, reason: 'wrong', message: t`That password is not right.` };
  }
  if (code === 'over_request_rate_limit') {
    return { ok: false, reason: 'refused', message: t`Too many attempts. Wait a minute and try again.` };
  }
  // GoTrue's own message is English for a developer: the person reads its code.
  const errorCode = code ?? String(status ?? '');
  return {
    ok: false,
    reason: 'refused',
    message: t`The password could not be checked (code ${errorCode}). Try again.`,
  };
}
