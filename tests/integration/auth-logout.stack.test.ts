// Sign-out scopes through supabase-js (§A5): local ends this session, others every other one, global all of
// them with their refresh tokens; an ended session's access token is then refused with session_not_found.
import { describe, expect, test } from 'vitest';
import { anonClient } from '../support/supabase';
import { authFetch, PASSWORD, signUp } from '../support/auth';

describe('sign-out scopes', () => {
  async function twoSessions() {
    const first = await signUp();
    const second = anonClient();
    await second.auth.signInWithPassword({ email: first.email, password: PASSWORD });
    const third = anonClient();
    await third.auth.signInWithPassword({ email: first.email, password: PASSWORD });
    return { first: first.client, second, third };
  }
  const userCall = async (client: ReturnType<typeof anonClient>) => {
    const { data } = await client.auth.getSession();
    return authFetch('/user', { headers: { Authorization: `Bearer ${data.session?.access_token ?? ''}` } });
  };

  test('local ends only this session', async () => {
    const { first, second } = await twoSessions();
    const { data } = await first.auth.getSession();
    expect((await first.auth.signOut({ scope: 'local' })).error).toBeNull();
    const gone = await authFetch('/user', {
      headers: { Authorization: `Bearer ${data.session?.access_token ?? ''}` },
    });
    expect(gone.status).toBe(403);
    expect(await gone.json()).toMatchObject({ code: 'session_not_found' });
    expect((await userCall(second)).status).toBe(200);
  });

  test('others ends every other session and keeps this one', async () => {
    const { first, second, third } = await twoSessions();
    expect((await first.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await userCall(first)).status).toBe(200);
    expect((await userCall(second)).status).toBe(403);
    expect((await userCall(third)).status).toBe(403);
  });

  test('global ends every session, and their refresh tokens with them', async () => {
    const { first, second } = await twoSessions();
    const { data } = await second.auth.getSession();
    expect((await first.auth.signOut()).error).toBeNull();
    expect((await userCall(second)).status).toBe(403);
    const refresh = await anonClient().auth.refreshSession({
      refresh_token: data.session?.refresh_token ?? '',
    });
    expect(refresh.error?.code).toBe('refresh_token_not_found');
  });

  test('an unknown scope is validation_failed', async () => {
    const { session } = await signUp();
    const response = await authFetch('/logout?scope=everyone', {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.access_token}` },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed' });
  });
});
