// "Confirm email" on (GOTRUE_MAILER_AUTOCONFIRM=false, a hosted project's default) on a second in-process
// stack: sign-ups are answered without a session and mail a confirmation link, sign-in waits for it, and an
// account confirmed that way may use an invite bound to its address with a password session [AUTH-7]
// [ONB-7]. The shared test stack auto-confirms, as DESIGN §3 and the CLI do.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MIGRATIONS_DIR, startStack } from '../../supabase/local/stack';
import type { RunningStack } from '../../supabase/local/stack';
import { callbackParams, clientFor, jwtClaims, navigate, PASSWORD, REDIRECT_TO } from '../support/auth';
import { uniqueEmail } from '../support/supabase';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startStack({
    config: { port: 0, mailerAutoconfirm: false },
    migrationDirs: [MIGRATIONS_DIR],
    seedFile: null,
  });
});
afterAll(async () => {
  await stack.close();
});

function latestMail(to: string) {
  const message = stack.mailbox.list(to)[0];
  if (!message) throw new Error(`no mail captured for ${to}`);
  return message;
}

describe('sign-up confirmed by mail', () => {
  test('[AUTH-7] signUp answers the unconfirmed user and mails a link; no session, no sign-in until it is followed', async () => {
    const client = clientFor(stack.url);
    const email = uniqueEmail('signup');
    const { data, error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { shop: 'Demo' }, emailRedirectTo: REDIRECT_TO },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { shop: 'Demo' },
      is_anonymous: false,
    });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.confirmation_sent_at).toBeTruthy();
    expect(data.user?.identities?.[0]).toMatchObject({
      provider: 'email',
      identity_data: { email, sub: data.user?.id, email_verified: false },
    });
    const early = await clientFor(stack.url).auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(early.error?.status).toBe(400);

    const mail = latestMail(email);
    expect(mail.subject).toBe('Confirm Your Signup');
    const followed = await navigate(mail.link ?? '');
    expect(followed.status).toBe(303);
    const params = callbackParams(followed.location);
    expect(followed.location.startsWith(REDIRECT_TO)).toBe(true);
    expect(params).toMatchObject({ type: 'signup', token_type: 'bearer' });
    const { data: confirmed } = await client.auth.setSession({
      access_token: params.access_token ?? '',
      refresh_token: params.refresh_token ?? '',
    });
    expect(confirmed.user?.email_confirmed_at).toBeTruthy();
    expect(confirmed.user?.identities?.[0]?.identity_data).toMatchObject({ email_verified: true });
    expect(
      (await clientFor(stack.url).auth.signInWithPassword({ email, password: PASSWORD })).error,
    ).toBeNull();
    // The link was used up.
    expect(callbackParams((await navigate(mail.link ?? '')).location)).toMatchObject({
      error_code: 'otp_expired',
    });
  });

  test('[AUTH-7] the link of a PKCE sign-up comes back with a code the same browser exchanges', async () => {
    const browser = clientFor(stack.url, 'pkce');
    const email = uniqueEmail('pkce-signup');
    const { data } = await browser.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: REDIRECT_TO },
    });
    expect(data.session).toBeNull();
    const mail = latestMail(email);
    expect(mail.link).toContain('token=pkce_');
    const followed = await navigate(mail.link ?? '');
    expect(followed.location.startsWith(`${REDIRECT_TO}?code=`)).toBe(true);
    const exchanged = await browser.auth.exchangeCodeForSession(
      new URL(followed.location).searchParams.get('code') ?? '',
    );
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(email);
    expect(exchanged.data.user?.email_confirmed_at).toBeTruthy();
  });

  test('[AUTH-7] signing up again before confirming sends a fresh link and keeps the newest password; resend too', async () => {
    const email = uniqueEmail('again');
    await clientFor(stack.url).auth.signUp({ email, password: 'first-password-1' });
    const firstLink = latestMail(email).link ?? '';
    const again = await clientFor(stack.url).auth.signUp({ email, password: PASSWORD });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    const secondLink = latestMail(email).link ?? '';
    expect(secondLink).not.toBe(firstLink);
    expect(callbackParams((await navigate(firstLink)).location)).toMatchObject({ error_code: 'otp_expired' });

    expect((await clientFor(stack.url).auth.resend({ type: 'signup', email })).error).toBeNull();
    const resentLink = latestMail(email).link ?? '';
    expect(resentLink).not.toBe(secondLink);
    expect(callbackParams((await navigate(resentLink)).location)).toMatchObject({ type: 'signup' });
    expect(
      (await clientFor(stack.url).auth.signInWithPassword({ email, password: 'first-password-1' })).error
        ?.code,
    ).toBe('invalid_credentials');
    expect(
      (await clientFor(stack.url).auth.signInWithPassword({ email, password: PASSWORD })).error,
    ).toBeNull();
    // Once confirmed, neither a resend nor an unknown address tells anything or sends anything.
    const mailsBefore = stack.mailbox.list().length;
    expect((await clientFor(stack.url).auth.resend({ type: 'signup', email })).error).toBeNull();
    expect(
      (await clientFor(stack.url).auth.resend({ type: 'signup', email: uniqueEmail('nobody') })).error,
    ).toBeNull();
    expect(stack.mailbox.list()).toHaveLength(mailsBefore);
  });

  test('[ONB-7] an account confirmed by its mailed link uses an invite for its address with a password session', async () => {
    const owner = clientFor(stack.url);
    const ownerEmail = uniqueEmail('owner');
    await owner.auth.signUp({ email: ownerEmail, password: PASSWORD });
    await navigate(latestMail(ownerEmail).link ?? '');
    expect((await owner.auth.signInWithPassword({ email: ownerEmail, password: PASSWORD })).error).toBeNull();
    const made = await owner.rpc('create_company', { p_name: 'Confirmed Shop', p_currency: 'EUR' });
    expect(made.error).toBeNull();
    const companyId = (made.data as { company_id: string }).company_id;
    const invitedEmail = uniqueEmail('invited');
    const invite = await owner.rpc('create_invite', {
      p_company: companyId,
      p_role: 'cashier',
      p_email: invitedEmail,
    });
    expect(invite.error).toBeNull();

    const invited = clientFor(stack.url);
    await invited.auth.signUp({ email: invitedEmail, password: PASSWORD });
    await navigate(latestMail(invitedEmail).link ?? '');
    expect(
      (await invited.auth.signInWithPassword({ email: invitedEmail, password: PASSWORD })).error,
    ).toBeNull();
    const joined = await invited.rpc('join_company', { p_code: (invite.data as { code: string }).code });
    expect(joined.error).toBeNull();
    expect(joined.data).toMatchObject({ company_id: companyId, role: 'cashier' });
  });
});

describe('magic links (POST /otp)', () => {
  test('[AUTH-8] a PKCE magic link comes back with a code; its session signs in with amr otp', async () => {
    const email = uniqueEmail('magic');
    await clientFor(stack.url).auth.signUp({ email, password: PASSWORD });
    await navigate(latestMail(email).link ?? '');
    const browser = clientFor(stack.url, 'pkce');
    const sent = await browser.auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false, emailRedirectTo: REDIRECT_TO },
    });
    expect(sent.error).toBeNull();
    const mail = latestMail(email);
    expect(mail.subject).toBe('Your Magic Link');
    expect(mail.link).toContain('type=magiclink');
    expect(mail.link).toContain('token=pkce_');
    const followed = await navigate(mail.link ?? '');
    expect(followed.location.startsWith(`${REDIRECT_TO}?code=`)).toBe(true);
    const { data, error } = await browser.auth.exchangeCodeForSession(
      new URL(followed.location).searchParams.get('code') ?? '',
    );
    expect(error).toBeNull();
    expect(jwtClaims(data.session?.access_token ?? '').amr).toEqual([
      expect.objectContaining({ method: 'otp' }),
    ]);
  });

  test('[AUTH-8] an unknown address is otp_disabled when sign-ups are not wanted, else created and confirmed by the link', async () => {
    const refused = await clientFor(stack.url).auth.signInWithOtp({
      email: uniqueEmail('stranger'),
      options: { shouldCreateUser: false },
    });
    expect(refused.error?.code).toBe('otp_disabled');
    expect(refused.error?.status).toBe(422);

    const email = uniqueEmail('newcomer');
    const client = clientFor(stack.url);
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    const code = /code: (\d{6})/.exec(latestMail(email).text)?.[1] ?? '';
    const verified = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
  });
});
