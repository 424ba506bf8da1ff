// Everything in auth that depends on time, on a second in-process stack whose clock the test moves: the
// refresh-token reuse window and family revocation, flow-state expiry (300 s), MFA challenge expiry (300 s)
// and emailed link expiry (1 h). The stack runs on in-memory PGlite with the platform schema only.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { startStack } from '../../supabase/local/stack';
import type { RunningStack } from '../../supabase/local/stack';
import { uniqueEmail } from '../support/supabase';
import { callbackParams, clientFor, completeGoogleSignIn, PASSWORD, REDIRECT_TO } from '../support/auth';

let stack: RunningStack;
let offsetMs = 0;
const now = () => Date.now() + offsetMs;
const advance = (seconds: number) => {
  offsetMs += seconds * 1000;
};

beforeAll(async () => {
  stack = await startStack({ config: { port: 0 }, migrationDirs: [], seedFile: null, now });
});
afterAll(async () => {
  await stack.close();
});

async function signedUp(flowType: 'pkce' | 'implicit' = 'implicit') {
  const client = clientFor(stack.url, flowType);
  const email = uniqueEmail('clock');
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD });
  expect(error).toBeNull();
  if (!data.session) throw new Error('no session');
  return { client, email, session: data.session };
}

describe('refresh-token reuse window', () => {
  test('a token reused 5 s after rotation returns the session it rotated to', async () => {
    const { client, session } = await signedUp();
    const rotated = await client.auth.refreshSession();
    advance(5);
    const reused = await clientFor(stack.url).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reused.error).toBeNull();
    expect(reused.data.session?.refresh_token).toBe(rotated.data.session?.refresh_token);
  });

  test('a token reused 11 s after rotation is refresh_token_already_used and revokes the family', async () => {
    const { client, session } = await signedUp();
    const rotated = await client.auth.refreshSession();
    advance(11);
    const reused = await clientFor(stack.url).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reused.error?.code).toBe('refresh_token_already_used');
    expect(reused.error?.status).toBe(400);
    // The whole family is gone: the rotated token and the session's access tokens stop working too.
    const child = await clientFor(stack.url).auth.refreshSession({
      refresh_token: rotated.data.session?.refresh_token ?? '',
    });
    expect(child.error?.code).toBe('refresh_token_already_used');
    const user = await fetch(`${stack.url}/auth/v1/user`, {
      headers: { Authorization: `Bearer ${rotated.data.session?.access_token ?? ''}` },
    });
    expect(user.status).toBe(403);
  });
});

describe('expiry', () => {
  test('a PKCE auth code exchanged more than 300 s after the flow started is flow_state_expired', async () => {
    const client = clientFor(stack.url, 'pkce');
    const { data } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: REDIRECT_TO, skipBrowserRedirect: true },
    });
    const { location } = await completeGoogleSignIn(data.url ?? '', uniqueEmail('late'));
    advance(301);
    const { error } = await client.auth.exchangeCodeForSession(
      new URL(location).searchParams.get('code') ?? '',
    );
    expect(error?.code).toBe('flow_state_expired');
    expect(error?.status).toBe(422);
  });

  test('the Google sign-in page submitted after 300 s returns flow_state_expired to the app', async () => {
    const client = clientFor(stack.url, 'pkce');
    const { data } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: REDIRECT_TO, skipBrowserRedirect: true },
    });
    const authorize = await fetch(data.url ?? '', { redirect: 'manual' });
    const page = authorize.headers.get('location') ?? '';
    advance(301);
    const back = await fetch(page.replace('/local/google?', '/callback?'), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=late%40test.local',
    });
    expect(callbackParams(back.headers.get('location') ?? '')).toMatchObject({
      error_code: 'flow_state_expired',
    });
  });

  test('an MFA challenge verified after 300 s is mfa_challenge_expired', async () => {
    const { client } = await signedUp();
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor?.id ?? '' });
    advance(301);
    const code = new TOTP({ secret: Secret.fromBase32(factor?.totp.secret ?? '') }).generate({
      timestamp: now(),
    });
    const { error } = await client.auth.mfa.verify({
      factorId: factor?.id ?? '',
      challengeId: challenge?.id ?? '',
      code,
    });
    expect(error?.code).toBe('mfa_challenge_expired');
  });

  test('a PKCE recovery link followed 10 minutes later still works: its 300 s start when it is followed', async () => {
    const { email } = await signedUp();
    const browser = clientFor(stack.url, 'pkce');
    await browser.auth.resetPasswordForEmail(email, { redirectTo: REDIRECT_TO });
    advance(600);
    const followed = await fetch(stack.mailbox.list(email)[0]?.link ?? '', { redirect: 'manual' });
    const code = new URL(followed.headers.get('location') ?? '').searchParams.get('code') ?? '';
    advance(60);
    const { error } = await browser.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
  });

  test('a recovery link followed after an hour is otp_expired', async () => {
    const { email } = await signedUp();
    await clientFor(stack.url).auth.resetPasswordForEmail(email, { redirectTo: REDIRECT_TO });
    const link = stack.mailbox.list(email)[0]?.link ?? '';
    advance(3601);
    const followed = await fetch(link, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    expect(callbackParams(followed.headers.get('location') ?? '')).toMatchObject({
      error_code: 'otp_expired',
    });
  });
});
