// The app's one auth state: who is signed in, whether an auth request is running, and its last failure.
// It wraps supabase-js's auth client and owns one rule from DESIGN §6: a session stored on this device
// means "signed in" — offline, or when the server cannot be reached, "no session" from supabase-js is not
// read as "signed out", and nothing waits on getSession() before the stored session is trusted.
import { t } from '@lingui/core/macro';
import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import type { AuthPort, AuthStoreOptions } from './auth-port';
import { toAuthFailure, type AuthFailure } from './auth-errors';
import { readStoredSession } from '../../data/remote/stored-session';
import { owesSecondFactor, verifiedTotpFactorId } from './second-factor';

export interface AuthState {
  user: User | null;
  /** An auth request (sign-in, sign-up, sign-out, code check) is in progress. */
  loading: boolean;
  /** initialize() has settled: `user` is the answer, not a placeholder. */
  initialized: boolean;
  /** The provider's message for the last failure, cleared by the next request or auth event. */
  error: string | null;
  failure: AuthFailure | null;
  /** Signed in from the stored session without the server confirming it (offline, server unreachable). */
  offline: boolean;
  /** Password accepted, but a verified authenticator factor still needs its code. */
  needsSecondFactor: boolean;
}

export type AuthResult = { success: true } | { success: false; error: string; failure: AuthFailure };

export interface SignUpInput {
  email: string;
  password: string;
  fullName: string;
}

const initialState: AuthState = {
  user: null,
  loading: false,
  initialized: false,
  error: null,
  failure: null,
  offline: false,
  needsSecondFactor: false,
};

export class AuthStore {
  private state: AuthState = initialState;
  private readonly listeners = new Set<() => void>();
  private initializing: Promise<void> | null = null;
  private readonly auth: AuthPort;

  constructor(private readonly options: AuthStoreOptions) {
    this.auth = options.auth;
  }

  getState = (): AuthState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Loads the user once; later calls return the same promise. Never waits on the network when a session is stored. */
  initialize(): Promise<void> {
    this.initializing ??= this.load();
    return this.initializing;
  }

  async signIn(email: string, password: string): Promise<AuthResult> {
    return this.run(async () => {
      const { data, error } = await this.auth.signInWithPassword({ email, password });
      if (error) return error;
      this.acceptSession(data.session);
      return null;
    });
  }

  async signUp({ email, password, fullName }: SignUpInput): Promise<AuthResult> {
    return this.run(async () => {
      const { data, error } = await this.auth.signUp({
        email,
        password,
        options: {
          data: { full_name: fullName },
          emailRedirectTo: `${this.options.origin}/auth/callback`,
        },
      });
      if (error) return error;
      this.acceptSession(data.session);
      return null;
    });
  }

  /** Mails the sign-up confirmation link again; the server answers alike for every address. */
  async resendConfirmation(email: string): Promise<AuthResult> {
    return this.run(async () => {
      const { error } = await this.auth.resend({
        type: 'signup',
        email,
        options: { emailRedirectTo: `${this.options.origin}/auth/callback` },
      });
      return error;
    });
  }

  /**
   * Mails a sign-in link to the account's own address (never creating an account). Following it proves the
   * mailbox, which an invite bound to that address asks for (ONB-7); `redirect` is where it lands.
   */
  async sendSignInLink(email: string, redirect: string): Promise<AuthResult> {
    return this.run(async () => {
      const { error } = await this.auth.signInWithOtp({
        email,
        options: {
          shouldCreateUser: false,
          emailRedirectTo: `${this.options.origin}/auth/callback?redirect=${encodeURIComponent(redirect)}`,
        },
      });
      return error;
    });
  }

  /** Completes a sign-in that owes a two-step code. */
  async verifySecondFactor(code: string): Promise<AuthResult> {
    return this.run(async () => {
      const factorId = this.state.user ? verifiedTotpFactorId(this.state.user) : null;
      if (factorId === null) return { message: t`No authenticator app is set up for this account.` };
      const { data, error } = await this.auth.mfa.challengeAndVerify({ factorId, code });
      if (error) return error;
      this.set({ user: data.user, needsSecondFactor: false });
      return null;
    });
  }

  /** Leaves for Google (the local stack's stand-in page in development); returns only on failure. */
  async signInWithGoogle(redirect: string | null): Promise<AuthResult> {
    return this.run(async () => {
      const next = redirect === null ? '' : `?redirect=${encodeURIComponent(redirect)}`;
      const { error } = await this.auth.signInWithOAuth({
        provider: 'google',
        options: { redirectTo: `${this.options.origin}/auth/callback${next}` },
      });
      return error;
    });
  }

  /**
   * Signs out everywhere the server allows; the device is signed out whatever the server answers. supabase-js
   * already clears the local session on 401/403/404; offline or on any other failure we clear it locally.
   */
  async signOut(): Promise<void> {
    this.set({ loading: true, error: null, failure: null });
    try {
      const { error } = await this.auth.signOut();
      if (error) await this.auth.signOut({ scope: 'local' });
    } catch {
      await this.auth.signOut({ scope: 'local' }).catch(() => undefined);
    } finally {
      this.set({ ...initialState, initialized: true });
    }
  }

  private async load(): Promise<void> {
    this.auth.onAuthStateChange((event, session) => {
      this.onAuthEvent(event, session);
    });
    const stored = readStoredSession(this.options.storage, this.options.storageKey);
    if (stored) {
      this.set({
        user: stored.user,
        initialized: true,
        offline: !this.options.isOnline(),
        needsSecondFactor: owesSecondFactor(stored.user, stored.accessToken),
      });
      void this.confirmStoredSession();
      return;
    }
    const { data } = await this.auth.getSession().catch(() => ({ data: { session: null } }));
    this.acceptSession(data.session);
    this.set({ initialized: true });
  }

  /** Asks supabase-js (which may refresh over the network) whether the stored session still holds. */
  private async confirmStoredSession(): Promise<void> {
    try {
      const { data, error } = await this.auth.getSession();
      if (data.session) this.acceptSession(data.session);
      else if (!this.keepsStoredSession(error)) this.set({ user: null, offline: false });
    } catch (error) {
      if (!this.keepsStoredSession(error)) this.set({ user: null, offline: false });
    }
  }

  private onAuthEvent(event: AuthChangeEvent, session: Session | null): void {
    if (event === 'SIGNED_OUT') {
      this.set({ user: null, offline: false, needsSecondFactor: false, error: null, failure: null });
      return;
    }
    if (session) {
      this.acceptSession(session);
    } else if (!this.keepsStoredSession(null)) {
      this.set({ user: null, offline: false, needsSecondFactor: false });
    } else {
      this.set({ offline: true });
    }
    this.set({ error: null, failure: null });
  }

  /**
   * "No session" is believed only when online, the failure (if any) was not a network one, and supabase-js
   * has dropped the stored session too — it keeps it exactly when a refresh failed for retryable reasons.
   */
  private keepsStoredSession(error: unknown): boolean {
    const stored = readStoredSession(this.options.storage, this.options.storageKey);
    if (stored === null) return false;
    if (!this.options.isOnline()) return true;
    return error === null || error === undefined || toAuthFailure(error).retryable;
  }

  private acceptSession(session: Session | null): void {
    if (!session) return;
    this.set({
      user: session.user,
      offline: false,
      needsSecondFactor: owesSecondFactor(session.user, session.access_token),
    });
  }

  private async run(work: () => Promise<unknown>): Promise<AuthResult> {
    this.set({ loading: true, error: null, failure: null });
    let problem: unknown;
    try {
      problem = await work();
    } catch (thrown) {
      problem = thrown;
    }
    if (problem === null || problem === undefined) {
      this.set({ loading: false });
      return { success: true };
    }
    const failure = toAuthFailure(problem);
    this.set({ loading: false, error: failure.message, failure });
    return { success: false, error: failure.message, failure };
  }

  private set(patch: Partial<AuthState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}
