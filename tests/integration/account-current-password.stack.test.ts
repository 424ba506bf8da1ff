// Account changes ask for the current password (issue 33, [ACCOUNT-1], [ACCOUNT-2]) against the stack's
// GoTrue through the real supabase-js: a new password needs the current one, even by a direct API call; a
// recovery link's session is exempt; and the app's fresh password check answers right or wrong without
// touching the session it runs beside.
import { describe, expect, test } from 'vitest';
import { passwordCheckFor } from '../../src/data/remote/password-check';
import { ANON_KEY } from '../../supabase/local/config';
import { anonClient, clientOptions, stackUrl } from '../support/supabase';
import { authFetch, PASSWORD, signUp } from '../support/auth';

const NEW_PASSWORD = 'brand-new-password-3';

async function signsIn(email: string, password: string): Promise<boolean> {
  return (await anonClient().auth.signInWithPassword({ email, password })).error === null;
}

describe('[ACCOUNT-2] a new password needs the current one', () => {
  test('without it: current_password_required, and nothing changes', async () => {
    const { client, email } = await signUp();
    const { error } = await client.auth.updateUser({ password: NEW_PASSWORD });
    expect(error?.code).toBe('current_password_required');
    expect(error?.status).toBe(400);
    expect(await signsIn(email, PASSWORD)).toBe(true);
    expect(await signsIn(email, NEW_PASSWORD)).toBe(false);
  });

  test('a wrong one: current_password_invalid, and nothing changes', async () => {
    const { client, email } = await signUp();
    const { error } = await client.auth.updateUser({ password: NEW_PASSWORD, current_password: 'a-guess-1' });
    expect(error?.code).toBe('current_password_invalid');
    expect(await signsIn(email, PASSWORD)).toBe(true);
  });

  test('a direct PUT /user with a bare access token is refused the same way', async () => {
    const { session } = await signUp();
    const response = await authFetch('/user', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${session.access_token}` },
      body: JSON.stringify({ password: NEW_PASSWORD }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'current_password_required' });
  });

  test('the right one changes it', async () => {
    const { client, email } = await signUp();
    const { error } = await client.auth.updateUser({ password: NEW_PASSWORD, current_password: PASSWORD });
    expect(error).toBeNull();
    expect(await signsIn(email, NEW_PASSWORD)).toBe(true);
    expect(await signsIn(email, PASSWORD)).toBe(false);
  });

  test('other changes (the profile data) need no password', async () => {
    const { client } = await signUp();
    expect((await client.auth.updateUser({ data: { till: 'T1' } })).error).toBeNull();
  });
});

describe("[ACCOUNT-1] the app's fresh password check", () => {
  const { realtime } = clientOptions('implicit');
  const check = passwordCheckFor({ supabaseUrl: stackUrl(), supabaseAnonKey: ANON_KEY }, { realtime });

  test('answers right and wrong, and leaves the session beside it signed in', async () => {
    const { client, email } = await signUp();
    expect(await check(email, 'a-guess-1')).toMatchObject({ ok: false, reason: 'wrong' });
    expect(await check(email, PASSWORD)).toEqual({ ok: true });
    // The app's own session is untouched: it still reads the user and refreshes.
    expect((await client.auth.getUser()).error).toBeNull();
    expect((await client.auth.refreshSession()).error).toBeNull();
  });

  test('with no server to ask it says so, and is not "wrong"', async () => {
    const offline = passwordCheckFor(
      { supabaseUrl: 'http://127.0.0.1:9', supabaseAnonKey: ANON_KEY },
      { realtime },
    );
    expect(await offline('someone@demo.test', PASSWORD)).toMatchObject({ ok: false, reason: 'offline' });
  });
});
