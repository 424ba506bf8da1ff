// The auth store's state machine against a fake supabase auth client (DESIGN §6 "Auth first", issue 4).
import { describe, expect, test } from 'vitest';
import { AuthStore } from './auth-store';
import { deriveAuth } from './auth-context';
import {
  authError,
  FakeAuth,
  makeSession,
  makeUser,
  MemoryStorage,
  STORAGE_KEY,
  withVerifiedTotp,
} from '../../../tests/support/fake-auth';

function setup({ online = true } = {}) {
  const fake = new FakeAuth();
  const storage = new MemoryStorage();
  const network = { online };
  const store = new AuthStore({
    auth: fake.port(),
    storage,
    storageKey: STORAGE_KEY,
    isOnline: () => network.online,
    origin: 'http://localhost:4173',
  });
  return { fake, storage, store, network };
}

const never = () => new Promise<never>(() => undefined);

describe('initialize', () => {
  test('with nothing stored, asks supabase-js and settles signed out', async () => {
    const { store, fake } = setup();
    await store.initialize();
    expect(store.getState()).toMatchObject({ user: null, initialized: true, loading: false, error: null });
    expect(fake.called('getSession')).toHaveLength(1);
  });

  test('is idempotent: a second call (StrictMode, guards) does not subscribe or ask again', async () => {
    const { store, fake } = setup();
    await Promise.all([store.initialize(), store.initialize()]);
    await store.initialize();
    expect(fake.called('getSession')).toHaveLength(1);
  });

  test('a stored session signs the user in at once, without waiting on getSession()', async () => {
    const { store, fake, storage } = setup({ online: false });
    storage.storeSession(makeSession(makeUser('cashier@demo.test'), { expiresAt: 1 }));
    fake.answers.getSession = never; // offline, supabase-js retries a refresh for ~25 s
    await store.initialize();
    expect(store.getState()).toMatchObject({ initialized: true, offline: true });
    expect(deriveAuth(store.getState())).toMatchObject({
      isAuthenticated: true,
      userEmail: 'cashier@demo.test',
    });
  });

  test('offline, "no session" with a retryable error and the session still stored stays signed in', async () => {
    const { store, fake, storage } = setup({ online: false });
    storage.storeSession(makeSession(makeUser(), { expiresAt: 1 }));
    const retryable = authError('unexpected_failure', 'Failed to fetch', 0, 'AuthRetryableFetchError');
    fake.answers.getSession = () => Promise.resolve({ data: { session: null }, error: retryable });
    await store.initialize();
    fake.emit('INITIAL_SESSION', null);
    await Promise.resolve();
    expect(deriveAuth(store.getState()).isAuthenticated).toBe(true);
    expect(store.getState().offline).toBe(true);
  });

  test('online, a session supabase-js dropped (refresh token revoked) signs the user out', async () => {
    const { store, fake, storage } = setup();
    storage.storeSession(makeSession());
    fake.answers.getSession = () => {
      storage.removeItem(STORAGE_KEY);
      return Promise.resolve({
        data: { session: null },
        error: authError('refresh_token_not_found', 'Invalid'),
      });
    };
    await store.initialize();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getState().user).toBeNull();
  });

  test('online, the confirmed session replaces the stored one', async () => {
    const { store, fake, storage } = setup();
    storage.storeSession(makeSession(makeUser('old@demo.test')));
    const fresh = makeSession(makeUser('owner@demo.test'));
    fake.answers.getSession = () => Promise.resolve({ data: { session: fresh }, error: null });
    await store.initialize();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getState()).toMatchObject({ offline: false, user: { email: 'owner@demo.test' } });
  });
});

describe('auth events', () => {
  test.each([
    'INITIAL_SESSION',
    'SIGNED_IN',
    'TOKEN_REFRESHED',
    'USER_UPDATED',
    'MFA_CHALLENGE_VERIFIED',
    'PASSWORD_RECOVERY',
  ] as const)('%s updates the user and clears the error', async (event) => {
    const { store, fake } = setup();
    await store.initialize();
    fake.answers.signInWithPassword = () =>
      Promise.resolve({
        data: { user: null, session: null },
        error: authError('invalid_credentials', 'Invalid login credentials'),
      });
    await store.signIn('a@b.test', 'x');
    expect(store.getState().error).toBe('Invalid login credentials');
    fake.emit(event, makeSession(makeUser('new@demo.test')));
    expect(store.getState()).toMatchObject({ error: null, failure: null, user: { email: 'new@demo.test' } });
  });

  test('SIGNED_OUT clears the user, even with a session still stored', async () => {
    const { store, fake, storage } = setup({ online: false });
    storage.storeSession(makeSession());
    fake.answers.getSession = never;
    await store.initialize();
    fake.emit('SIGNED_OUT', null);
    expect(store.getState().user).toBeNull();
  });

  test('listeners hear every change', async () => {
    const { store, fake } = setup();
    await store.initialize();
    let heard = 0;
    const stop = store.subscribe(() => heard++);
    fake.emit('SIGNED_IN', makeSession());
    stop();
    fake.emit('SIGNED_OUT', null);
    expect(heard).toBeGreaterThan(0);
    expect(store.getState().user).toBeNull();
  });
});

describe('signIn / signUp', () => {
  test('signIn sets loading while it works and signs the user in', async () => {
    const { store, fake } = setup();
    await store.initialize();
    let resolve: (value: { data: unknown; error: null }) => void = () => undefined;
    fake.answers.signInWithPassword = () => new Promise((r) => (resolve = r));
    const pending = store.signIn('owner@demo.test', 'demo-password');
    expect(store.getState().loading).toBe(true);
    const session = makeSession();
    resolve({ data: { user: session.user, session }, error: null });
    expect(await pending).toEqual({ success: true });
    expect(store.getState()).toMatchObject({
      loading: false,
      error: null,
      user: { email: 'owner@demo.test' },
    });
    expect(fake.called('signInWithPassword')).toEqual([
      [{ email: 'owner@demo.test', password: 'demo-password' }],
    ]);
  });

  test('a failed signIn keeps the provider message and returns it', async () => {
    const { store, fake } = setup();
    await store.initialize();
    fake.answers.signInWithPassword = () =>
      Promise.resolve({
        data: { user: null, session: null },
        error: authError('invalid_credentials', 'Invalid login credentials'),
      });
    const result = await store.signIn('owner@demo.test', 'wrong');
    expect(result).toMatchObject({ success: false, error: 'Invalid login credentials' });
    expect(store.getState()).toMatchObject({
      loading: false,
      error: 'Invalid login credentials',
      user: null,
    });
  });

  test('a thrown network error is a failure too, not an exception', async () => {
    const { store, fake } = setup();
    await store.initialize();
    fake.answers.signInWithPassword = () => Promise.reject(new TypeError('Failed to fetch'));
    const result = await store.signIn('owner@demo.test', 'x');
    expect(result).toMatchObject({ success: false, error: 'Failed to fetch' });
  });

  test('signUp sends the full name as user metadata and the callback as redirect', async () => {
    const { store, fake } = setup();
    await store.initialize();
    const user = makeUser('ada@example.com', { user_metadata: { full_name: 'Ada Lovelace' } });
    const session = makeSession(user);
    fake.answers.signUp = () => Promise.resolve({ data: { user, session }, error: null });
    expect(
      await store.signUp({ email: 'ada@example.com', password: 'secret1', fullName: 'Ada Lovelace' }),
    ).toEqual({
      success: true,
    });
    expect(fake.called('signUp')[0]?.[0]).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
      options: {
        data: { full_name: 'Ada Lovelace' },
        emailRedirectTo: 'http://localhost:4173/auth/callback',
      },
    });
    expect(deriveAuth(store.getState()).userName).toBe('Ada Lovelace');
  });

  test('a duplicate signUp fails with the provider message', async () => {
    const { store, fake } = setup();
    await store.initialize();
    fake.answers.signUp = () =>
      Promise.resolve({
        data: { user: null, session: null },
        error: authError('user_already_exists', 'User already registered', 422),
      });
    const result = await store.signUp({ email: 'a@b.test', password: 'secret1', fullName: 'A' });
    expect(result).toMatchObject({ success: false, error: 'User already registered' });
  });

  test('Google sign-in asks for the callback with the redirect to follow', async () => {
    const { store, fake } = setup();
    await store.initialize();
    await store.signInWithGoogle('/dashboard/sales?x=1');
    expect(fake.called('signInWithOAuth')[0]?.[0]).toEqual({
      provider: 'google',
      options: { redirectTo: 'http://localhost:4173/auth/callback?redirect=%2Fdashboard%2Fsales%3Fx%3D1' },
    });
  });
});

describe('two-step verification', () => {
  test('a password sign-in on an account with a verified factor still owes a code', async () => {
    const { store, fake } = setup();
    await store.initialize();
    const user = withVerifiedTotp(makeUser());
    fake.answers.signInWithPassword = () =>
      Promise.resolve({ data: { user, session: makeSession(user, { aal: 'aal1' }) }, error: null });
    await store.signIn('owner@demo.test', 'demo-password');
    expect(store.getState().needsSecondFactor).toBe(true);
    expect(deriveAuth(store.getState()).isAuthenticated).toBe(false);

    fake.answers.challengeAndVerify = () => Promise.resolve({ data: { user }, error: null });
    expect(await store.verifySecondFactor('123456')).toEqual({ success: true });
    expect(fake.called('challengeAndVerify')).toEqual([[{ factorId: 'factor-1', code: '123456' }]]);
    expect(deriveAuth(store.getState()).isAuthenticated).toBe(true);
  });

  test('an aal2 session with a verified factor owes nothing', async () => {
    const { store, fake } = setup();
    await store.initialize();
    fake.emit('SIGNED_IN', makeSession(withVerifiedTotp(makeUser()), { aal: 'aal2' }));
    expect(store.getState().needsSecondFactor).toBe(false);
  });

  test('a wrong code keeps the user waiting with the provider message', async () => {
    const { store, fake } = setup();
    await store.initialize();
    fake.emit('SIGNED_IN', makeSession(withVerifiedTotp(makeUser())));
    fake.answers.challengeAndVerify = () =>
      Promise.resolve({
        data: null,
        error: authError('mfa_verification_failed', 'Invalid TOTP code entered', 422),
      });
    expect(await store.verifySecondFactor('000000')).toMatchObject({ success: false });
    expect(store.getState()).toMatchObject({ needsSecondFactor: true, error: 'Invalid TOTP code entered' });
  });
});

describe('signOut', () => {
  test('clears the user', async () => {
    const { store, fake } = setup();
    await store.initialize();
    fake.emit('SIGNED_IN', makeSession());
    await store.signOut();
    expect(store.getState()).toMatchObject({ user: null, loading: false, initialized: true });
    expect(fake.called('signOut')).toEqual([[]]);
  });

  test.each([401, 403, 404])('still clears the local session when the server answers %i', async (status) => {
    const { store, fake } = setup();
    await store.initialize();
    fake.emit('SIGNED_IN', makeSession());
    fake.answers.signOut = (options) =>
      Promise.resolve({ data: null, error: options ? null : authError('session_not_found', 'gone', status) });
    await store.signOut();
    expect(fake.called('signOut')).toEqual([[], [{ scope: 'local' }]]);
    expect(store.getState().user).toBeNull();
  });

  test('offline, signs out on this device', async () => {
    const { store, fake } = setup({ online: false });
    await store.initialize();
    fake.emit('SIGNED_IN', makeSession());
    fake.answers.signOut = (options) =>
      options
        ? Promise.resolve({ data: null, error: null })
        : Promise.reject(new TypeError('Failed to fetch'));
    await store.signOut();
    expect(fake.called('signOut')).toEqual([[], [{ scope: 'local' }]]);
    expect(store.getState().user).toBeNull();
  });
});

describe('derived values', () => {
  test('userName comes from user_metadata.full_name, and is null when blank', () => {
    const base = {
      loading: false,
      initialized: true,
      error: null,
      failure: null,
      offline: false,
      needsSecondFactor: false,
    };
    expect(deriveAuth({ ...base, user: makeUser() }).userName).toBe('Olive Owner');
    expect(
      deriveAuth({ ...base, user: makeUser('x@y.z', { user_metadata: { full_name: ' ' } }) }).userName,
    ).toBeNull();
    expect(deriveAuth({ ...base, user: null })).toEqual({
      isAuthenticated: false,
      userEmail: null,
      userName: null,
    });
  });
});
