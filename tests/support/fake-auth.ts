// A fake of the slice of supabase-js's auth client that the auth store uses (AuthPort), for unit and screen
// tests: it records calls, answers what a test scripts, and emits auth events like supabase-js does.
import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import type { AuthPort } from '../../src/features/auth/auth-port';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;
interface Result {
  data: unknown;
  error: unknown;
}

export const STORAGE_KEY = 'sb-127-auth-token';

export function makeUser(email = 'owner@demo.test', extra: Partial<User> = {}): User {
  return {
    id: `user-${email}`,
    email,
    aud: 'authenticated',
    app_metadata: { provider: 'email' },
    user_metadata: { full_name: 'Olive Owner' },
    created_at: '2026-11-21T00:00:00Z',
    factors: [],
    ...extra,
  };
}

function base64url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function makeSession(
  user: User = makeUser(),
  { aal = 'aal1', expiresAt = 2_000_000_000 } = {},
): Session {
  const token = `${base64url({ alg: 'HS256' })}.${base64url({ sub: user.id, aal })}.sig`;
  return {
    access_token: token,
    refresh_token: 'refresh-1',
    expires_at: expiresAt,
    expires_in: 3600,
    token_type: 'bearer',
    user,
  };
}

export function withVerifiedTotp(user: User): User {
  return {
    ...user,
    factors: [
      {
        id: 'factor-1',
        factor_type: 'totp',
        status: 'verified',
        friendly_name: 'Authenticator app',
        created_at: '2026-11-21T00:00:00Z',
        updated_at: '2026-11-21T00:00:00Z',
      },
    ],
  };
}

export class MemoryStorage implements Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  storeSession(session: Session): void {
    this.setItem(STORAGE_KEY, JSON.stringify(session));
  }
}

export class FakeAuth {
  readonly calls: { method: string; args: unknown[] }[] = [];
  private readonly listeners = new Set<Listener>();
  /** What each method answers; tests replace entries. */
  answers: Record<string, (...args: unknown[]) => Promise<Result>> = {
    getSession: () => Promise.resolve({ data: { session: null }, error: null }),
    signInWithPassword: () => Promise.resolve({ data: { user: null, session: null }, error: null }),
    signUp: () => Promise.resolve({ data: { user: null, session: null }, error: null }),
    resend: () => Promise.resolve({ data: { user: null, session: null }, error: null }),
    signInWithOtp: () => Promise.resolve({ data: { user: null, session: null }, error: null }),
    signOut: () => Promise.resolve({ data: null, error: null }),
    signInWithOAuth: () => Promise.resolve({ data: { provider: 'google', url: 'x' }, error: null }),
    challengeAndVerify: () => Promise.resolve({ data: null, error: null }),
  };

  emit(event: AuthChangeEvent, session: Session | null): void {
    for (const listener of this.listeners) listener(event, session);
  }

  called(method: string): unknown[][] {
    return this.calls.filter((call) => call.method === method).map((call) => call.args);
  }

  private call(method: string, args: unknown[]): Promise<Result> {
    this.calls.push({ method, args });
    const answer = this.answers[method];
    if (!answer) throw new Error(`FakeAuth has no answer for ${method}`);
    return answer(...args);
  }

  port(): AuthPort {
    const port = {
      getSession: () => this.call('getSession', []),
      onAuthStateChange: (listener: Listener) => {
        this.listeners.add(listener);
        return { data: { subscription: { unsubscribe: () => this.listeners.delete(listener) } } };
      },
      signInWithPassword: (credentials: unknown) => this.call('signInWithPassword', [credentials]),
      signUp: (credentials: unknown) => this.call('signUp', [credentials]),
      resend: (credentials: unknown) => this.call('resend', [credentials]),
      signInWithOtp: (credentials: unknown) => this.call('signInWithOtp', [credentials]),
      signOut: (options?: unknown) => this.call('signOut', options === undefined ? [] : [options]),
      signInWithOAuth: (options: unknown) => this.call('signInWithOAuth', [options]),
      mfa: { challengeAndVerify: (params: unknown) => this.call('challengeAndVerify', [params]) },
    };
    return port as unknown as AuthPort;
  }
}

export function authError(code: string, message: string, status = 400, name = 'AuthApiError'): Error {
  return Object.assign(new Error(message), { name, code, status });
}
