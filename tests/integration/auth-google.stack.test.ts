// Google sign-in through the local stand-in for Google (§A6.3), driven like a browser: supabase-js builds the
// /authorize URL, the test follows the redirects, submits the local sign-in page and hands the returned code
// (PKCE) or fragment tokens (implicit) back to supabase-js. Also identity linking and unlinking.
import { describe, expect, test } from 'vitest';
import { anonClient, stackUrl, uniqueEmail } from '../support/supabase';
import {
  authFetch,
  callbackParams,
  completeGoogleSignIn,
  jwtClaims,
  navigate,
  REDIRECT_TO,
  signUp,
} from '../support/auth';

async function googleUrl(client: ReturnType<typeof anonClient>, redirectTo = REDIRECT_TO): Promise<string> {
  const { data, error } = await client.auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo, skipBrowserRedirect: true },
  });
  expect(error).toBeNull();
  return data.url ?? '';
}

describe('Google sign-in with PKCE', () => {
  test('a new Google user lands on redirectTo?code= and exchanges it for a google session', async () => {
    const client = anonClient({ flowType: 'pkce' });
    const email = uniqueEmail('google');
    const { page, location } = await completeGoogleSignIn(await googleUrl(client), email);
    expect(page).toContain('Local Google sign-in (Tillpoint local stack — not Google)');
    expect(page).toMatch(/<label for="email">Email<\/label>/);
    expect(page).toMatch(/<button type="submit">Continue<\/button>/);
    expect(location.startsWith(`${REDIRECT_TO}?code=`)).toBe(true);

    const code = new URL(location).searchParams.get('code') ?? '';
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.user?.app_metadata).toMatchObject({ provider: 'google', providers: ['google'] });
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['google']);
    const metadata = data.user?.user_metadata ?? {};
    expect(metadata).toMatchObject({ iss: 'https://accounts.google.com', email, email_verified: true });
    for (const key of ['sub', 'full_name', 'name', 'avatar_url', 'picture', 'provider_id']) {
      expect(metadata[key], key).toEqual(expect.any(String));
    }
    expect(jwtClaims(data.session?.access_token ?? '').amr).toEqual([
      { method: 'oauth', timestamp: expect.any(Number) as number },
    ]);
  });

  test('an auth code works once: the second exchange is flow_state_not_found', async () => {
    const client = anonClient({ flowType: 'pkce' });
    const { location } = await completeGoogleSignIn(await googleUrl(client), uniqueEmail('google'));
    const code = new URL(location).searchParams.get('code') ?? '';
    expect((await client.auth.exchangeCodeForSession(code)).error).toBeNull();
    const again = await authFetch('/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(64) }),
    });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: 'flow_state_not_found' });
  });

  test('a wrong code verifier is bad_code_verifier', async () => {
    const client = anonClient({ flowType: 'pkce' });
    const { location } = await completeGoogleSignIn(await googleUrl(client), uniqueEmail('google'));
    const response = await authFetch('/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({
        auth_code: new URL(location).searchParams.get('code'),
        code_verifier: 'y'.repeat(64),
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'bad_code_verifier' });
  });

  test('the same Google email signs in as the same user; an email user gains a google identity', async () => {
    const { email, session } = await signUp({ label: 'both' });
    const first = anonClient({ flowType: 'pkce' });
    const one = await completeGoogleSignIn(await googleUrl(first), email);
    const a = await first.auth.exchangeCodeForSession(new URL(one.location).searchParams.get('code') ?? '');
    expect(a.data.user?.id).toBe(session.user.id);
    expect(a.data.user?.app_metadata.providers).toEqual(expect.arrayContaining(['email', 'google']));
    const second = anonClient({ flowType: 'pkce' });
    const two = await completeGoogleSignIn(await googleUrl(second), email);
    const b = await second.auth.exchangeCodeForSession(new URL(two.location).searchParams.get('code') ?? '');
    expect(b.data.user?.id).toBe(session.user.id);
    expect(b.data.user?.identities).toHaveLength(2);
  });

  test('a redirect_to outside the allowed URLs falls back to the site URL', async () => {
    const client = anonClient({ flowType: 'pkce' });
    const url = await googleUrl(client, 'https://evil.example/steal');
    const { location } = await completeGoogleSignIn(url, uniqueEmail('google'));
    expect(location.startsWith('http://localhost:4173?code=')).toBe(true);
  });
});

describe('Google sign-in, implicit flow and errors', () => {
  test('the implicit flow returns the tokens in the fragment', async () => {
    const client = anonClient();
    const { location } = await completeGoogleSignIn(await googleUrl(client), uniqueEmail('implicit'));
    const params = callbackParams(location);
    expect(params).toMatchObject({ token_type: 'bearer', expires_in: '3600' });
    expect(new URL(location).search).toBe('');
    const { data, error } = await client.auth.setSession({
      access_token: params.access_token ?? '',
      refresh_token: params.refresh_token ?? '',
    });
    expect(error).toBeNull();
    expect(data.user?.app_metadata.provider).toBe('google');
  });

  test('an unsupported provider is validation_failed', async () => {
    const response = await authFetch('/authorize?provider=myspace');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed' });
  });

  test('cancelling on the sign-in page returns error params to the app', async () => {
    const client = anonClient({ flowType: 'pkce' });
    const authorize = await navigate(await googleUrl(client));
    const state = new URL(authorize.location).searchParams.get('state') ?? '';
    const back = await navigate(`${stackUrl()}/auth/v1/callback?state=${state}&error=access_denied`);
    expect(back.status).toBe(302);
    expect(callbackParams(back.location)).toMatchObject({
      error: 'access_denied',
      error_code: 'provider_error',
    });
  });

  test('a callback with an unknown state is bad_oauth_state; a used state cannot be used again', async () => {
    const unknown = await navigate(`${stackUrl()}/auth/v1/callback?state=${crypto.randomUUID()}`, {
      method: 'POST',
    });
    expect(callbackParams(unknown.location)).toMatchObject({ error_code: 'bad_oauth_state' });
    const client = anonClient({ flowType: 'pkce' });
    const authorize = await navigate(await googleUrl(client));
    await completeGoogleSignIn(authorize.location, uniqueEmail('once'));
    const page = await fetch(authorize.location);
    expect(page.status).toBe(400);
    const replay = await navigate(authorize.location.replace('/local/google?', '/callback?'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=someone%40test.local',
    });
    expect(callbackParams(replay.location)).toMatchObject({ error_code: 'bad_oauth_state' });
  });
});

describe('identities', () => {
  test('linkIdentity adds a google identity; unlinkIdentity removes it but never the last one', async () => {
    const { client, session } = await signUp({ flowType: 'pkce', label: 'link' });
    const { data, error } = await client.auth.linkIdentity({
      provider: 'google',
      options: { redirectTo: REDIRECT_TO, skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    const { location } = await completeGoogleSignIn(data.url ?? '', uniqueEmail('linked-google'));
    const exchanged = await client.auth.exchangeCodeForSession(
      new URL(location).searchParams.get('code') ?? '',
    );
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.id).toBe(session.user.id);

    const identities = await client.auth.getUserIdentities();
    expect(identities.data?.identities.map((i) => i.provider).sort()).toEqual(['email', 'google']);
    const google = identities.data?.identities.find((i) => i.provider === 'google');
    if (!google) throw new Error('no google identity');
    expect((await client.auth.unlinkIdentity(google)).error).toBeNull();

    const { data: after } = await client.auth.getUser();
    expect(after.user?.identities?.map((i) => i.provider)).toEqual(['email']);
    expect(after.user?.app_metadata.providers).toEqual(['email']);
    const last = after.user?.identities?.[0];
    if (!last) throw new Error('no email identity');
    expect((await client.auth.unlinkIdentity(last)).error?.code).toBe('single_identity_not_deletable');
  });

  test('linking a Google account another user has is identity_already_exists', async () => {
    const googleEmail = uniqueEmail('taken-google');
    const owner = anonClient({ flowType: 'pkce' });
    const first = await completeGoogleSignIn(await googleUrl(owner), googleEmail);
    await owner.auth.exchangeCodeForSession(new URL(first.location).searchParams.get('code') ?? '');

    const { client } = await signUp({ flowType: 'pkce' });
    const { data } = await client.auth.linkIdentity({
      provider: 'google',
      options: { redirectTo: REDIRECT_TO, skipBrowserRedirect: true },
    });
    const { location } = await completeGoogleSignIn(data.url ?? '', googleEmail);
    expect(callbackParams(location)).toMatchObject({ error_code: 'identity_already_exists' });
  });
});
