// Email + password through the real supabase-js: sign-up, sign-in, the access token's claims (§A3),
// refresh-token rotation, GET/PUT /user and sign-out scopes, against the test stack's /auth/v1.
import { describe, expect, test } from 'vitest';
import { anonClient, stackUrl, uniqueEmail } from '../support/supabase';
import { authFetch, jwtClaims, PASSWORD, signUp } from '../support/auth';

describe('sign-up and sign-in', () => {
  test('signUp auto-confirms and returns a session with the email identity', async () => {
    const client = anonClient();
    const email = uniqueEmail('signup');
    const { data, error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { shop: 'Demo' } },
    });
    expect(error).toBeNull();
    expect(data.session?.token_type).toBe('bearer');
    expect(data.session?.refresh_token).toMatch(/^[a-z0-9]{12}$/);
    expect(data.user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { shop: 'Demo' },
      is_anonymous: false,
    });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.identities?.[0]).toMatchObject({
      provider: 'email',
      identity_data: { email, sub: data.user?.id },
    });
  });

  test('signing up twice with one email is user_already_exists', async () => {
    const { email } = await signUp();
    const { error } = await anonClient().auth.signUp({ email, password: PASSWORD });
    expect(error?.code).toBe('user_already_exists');
    expect(error?.status).toBe(422);
  });

  test('anonymous sign-in is anonymous_provider_disabled, as settings say', async () => {
    const { error } = await anonClient().auth.signInAnonymously();
    expect(error?.code).toBe('anonymous_provider_disabled');
  });

  test('a short password is weak_password with its reasons', async () => {
    const { error } = await anonClient().auth.signUp({ email: uniqueEmail(), password: '123' });
    expect(error?.code).toBe('weak_password');
    expect(error).toHaveProperty('reasons', ['length']);
  });

  test('signInWithPassword returns a session whose token carries every GoTrue claim', async () => {
    const { email } = await signUp();
    const client = anonClient();
    const { data, error } = await client.auth.signInWithPassword({
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(error).toBeNull();
    const claims = jwtClaims(data.session?.access_token ?? '');
    expect(claims).toMatchObject({
      iss: `${stackUrl()}/auth/v1`,
      aud: 'authenticated',
      sub: data.user?.id,
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      app_metadata: { provider: 'email' },
      user_metadata: {},
      is_anonymous: false,
    });
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) as number }]);
    expect(claims.session_id).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
  });

  test('a wrong password is invalid_credentials (400), as is an unknown email', async () => {
    const { email } = await signUp();
    const wrong = await anonClient().auth.signInWithPassword({ email, password: 'not-the-password' });
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.message).toBe('Invalid login credentials');
    const unknown = await anonClient().auth.signInWithPassword({ email: uniqueEmail(), password: PASSWORD });
    expect(unknown.error?.code).toBe('invalid_credentials');
  });

  test('the demo users that seed.sql makes with pgcrypto sign in with demo-password', async () => {
    for (const email of ['owner@demo.test', 'manager@demo.test', 'cashier@demo.test']) {
      const { data, error } = await anonClient().auth.signInWithPassword({
        email,
        password: 'demo-password',
      });
      expect(error, email).toBeNull();
      expect(data.user?.identities?.[0]?.provider).toBe('email');
    }
  });

  test('an unknown grant_type is invalid_credentials "unsupported_grant_type"', async () => {
    const response = await authFetch('/token?grant_type=magic', { method: 'POST', body: '{}' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
    expect(response.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });
});

describe('refresh tokens', () => {
  test('refreshSession rotates the refresh token and keeps the session', async () => {
    const { client, session } = await signUp();
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(jwtClaims(data.session?.access_token ?? '').session_id).toBe(
      jwtClaims(session.access_token).session_id,
    );
  });

  test('an unknown refresh token is refresh_token_not_found', async () => {
    const { error } = await anonClient().auth.refreshSession({ refresh_token: 'zzzzzzzzzzzz' });
    expect(error?.code).toBe('refresh_token_not_found');
  });

  test('a refresh token reused within the 10 s window still returns a session', async () => {
    const { client, session } = await signUp();
    const first = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(first.error).toBeNull();
    const reused = await anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reused.error).toBeNull();
    // The lost answer is handed back: the active child, not a new fork.
    expect(reused.data.session?.refresh_token).toBe(first.data.session?.refresh_token);
  });
});

describe('GET and PUT /user', () => {
  test('getUser answers the signed-in user', async () => {
    const { client, email } = await signUp();
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  test('updateUser merges data and removes keys set to null', async () => {
    const { client } = await signUp();
    await client.auth.updateUser({ data: { name: 'Ann', till: 'T1' } });
    const { data, error } = await client.auth.updateUser({ data: { till: null, shift: 'early' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ name: 'Ann', shift: 'early' });
  });

  test('updateUser changes the password; the old one stops working', async () => {
    const { client, email } = await signUp();
    const { error } = await client.auth.updateUser({
      password: 'another-password-2',
      current_password: PASSWORD,
    });
    expect(error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe(
      'invalid_credentials',
    );
    expect(
      (await anonClient().auth.signInWithPassword({ email, password: 'another-password-2' })).error,
    ).toBeNull();
  });

  test('updateUser to the same password is same_password; a short one is weak_password', async () => {
    const { client } = await signUp();
    expect(
      (await client.auth.updateUser({ password: PASSWORD, current_password: PASSWORD })).error?.code,
    ).toBe('same_password');
    expect((await client.auth.updateUser({ password: 'abc' })).error?.code).toBe('weak_password');
  });

  test('updateUser to an email another user has is email_exists', async () => {
    const other = await signUp();
    const { client } = await signUp();
    const { error } = await client.auth.updateUser({ email: other.email });
    expect(error?.code).toBe('email_exists');
  });

  test('app_metadata cannot be changed by the user (not_admin)', async () => {
    const { session } = await signUp();
    const response = await authFetch('/user', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${session.access_token}` },
      body: JSON.stringify({ app_metadata: { role: 'owner' } }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'not_admin' });
  });
});
