// Whether a session still owes a two-step code: the user has a verified TOTP factor but the access token is
// only aal1. Read from the token itself so it works offline and without an extra request.
import type { User } from '@supabase/supabase-js';

export function verifiedTotpFactorId(user: User): string | null {
  const factor = (user.factors ?? []).find((f) => f.factor_type === 'totp' && f.status === 'verified');
  return factor?.id ?? null;
}

export function tokenAal(accessToken: string): string | null {
  const payload = accessToken.split('.')[1];
  if (payload === undefined) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    if (typeof claims === 'object' && claims !== null && 'aal' in claims) {
      return typeof claims.aal === 'string' ? claims.aal : null;
    }
    return null;
  } catch {
    return null;
  }
}

export function owesSecondFactor(user: User, accessToken: string): boolean {
  return verifiedTotpFactorId(user) !== null && tokenAal(accessToken) !== 'aal2';
}
