// Password recovery and email change through captured mail (§A6.2): supabase-js asks for the link, the test
// reads it from GET /local/v1/mail, follows it like a browser and finishes the flow with supabase-js.
import { describe, expect, test } from 'vitest';
import type { AuthChangeEvent } from '@supabase/supabase-js';
import { anonClient, stackUrl, uniqueEmail } from '../support/supabase';
import {
  callbackParams,
  jwtClaims,
  latestMail,
  navigate,
  PASSWORD,
  REDIRECT_TO,
  signUp,
} from '../support/auth';

const NEW_PASSWORD = 'brand-new-password-9';

describe('password recovery', () => {
  test('PKCE: mail link → 303 to redirectTo?code= → exchange → PASSWORD_RECOVERY → new password works', async () => {
    const { email } = await signUp();
    const browser = anonClient({ flowType: 'pkce' });
    const events: AuthChangeEvent[] = [];
    browser.auth.onAuthStateChange((event) => events.push(event));
    expect((await browser.auth.resetPasswordForEmail(email, { redirectTo: REDIRECT_TO })).error).toBeNull();

    const mail = await latestMail(email);
    expect(mail.subject).toBe('Reset Your Password');
    expect(mail.link).toContain(`${stackUrl()}/auth/v1/verify?token=pkce_`);
    const followed = await navigate(mail.link ?? '');
    expect(followed.status).toBe(303);
    expect(followed.location.startsWith(`${REDIRECT_TO}?code=`)).toBe(true);

    const { data, error } = await browser.auth.exchangeCodeForSession(
      new URL(followed.location).searchParams.get('code') ?? '',
    );
    expect(error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');
    expect(jwtClaims(data.session?.access_token ?? '').amr).toEqual([
      { method: 'recovery', timestamp: expect.any(Number) as number },
    ]);
    expect((await browser.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: NEW_PASSWORD })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe(
      'invalid_credentials',
    );
  });

  test('implicit: the link returns the session in the fragment with type=recovery', async () => {
    const { email } = await signUp();
    const browser = anonClient();
    await browser.auth.resetPasswordForEmail(email, { redirectTo: REDIRECT_TO });
    const mail = await latestMail(email);
    expect(mail.link).not.toContain('pkce_');
    const followed = await navigate(mail.link ?? '');
    expect(followed.status).toBe(303);
    const params = callbackParams(followed.location);
    expect(params).toMatchObject({ type: 'recovery', token_type: 'bearer' });
    const { error } = await browser.auth.setSession({
      access_token: params.access_token ?? '',
      refresh_token: params.refresh_token ?? '',
    });
    expect(error).toBeNull();
    expect((await browser.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: NEW_PASSWORD })).error).toBeNull();
  });

  test('verifyOtp with the emailed code signs in for recovery', async () => {
    const { email } = await signUp();
    await anonClient().auth.resetPasswordForEmail(email);
    const code = /code: (\d{6})/.exec((await latestMail(email)).text)?.[1] ?? '';
    const browser = anonClient();
    const { data, error } = await browser.auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  test('a link works once; the second visit is an otp_expired error redirect', async () => {
    const { email } = await signUp();
    await anonClient().auth.resetPasswordForEmail(email, { redirectTo: REDIRECT_TO });
    const link = (await latestMail(email)).link ?? '';
    expect((await navigate(link)).status).toBe(303);
    const again = await navigate(link);
    expect(again.status).toBe(303);
    expect(callbackParams(again.location)).toMatchObject({
      error: 'access_denied',
      error_code: 'otp_expired',
    });
  });

  test('an unknown email gets {} and no mail', async () => {
    const email = uniqueEmail('nobody');
    const { error } = await anonClient().auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    await expect(latestMail(email)).rejects.toThrow('no mail captured');
  });

  test('POST /verify with a bad token hash is otp_expired (403)', async () => {
    const { error } = await anonClient().auth.verifyOtp({ token_hash: 'not-a-token', type: 'recovery' });
    expect(error?.code).toBe('otp_expired');
    expect(error?.status).toBe(403);
  });
});

describe('email change', () => {
  test('updateUser({email}) mails the new address; following the link changes the email', async () => {
    const { client } = await signUp();
    const newEmail = uniqueEmail('changed');
    const { data, error } = await client.auth.updateUser(
      { email: newEmail },
      { emailRedirectTo: REDIRECT_TO },
    );
    expect(error).toBeNull();
    expect(data.user?.new_email).toBe(newEmail);
    const followed = await navigate((await latestMail(newEmail)).link ?? '');
    expect(callbackParams(followed.location)).toMatchObject({ type: 'email_change' });
    const { data: after } = await client.auth.getUser();
    expect(after.user?.email).toBe(newEmail);
    expect(
      (await anonClient().auth.signInWithPassword({ email: newEmail, password: PASSWORD })).error,
    ).toBeNull();
  });
});
