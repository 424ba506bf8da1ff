// Links that prove someone reads a mailbox (verify.ts follows them): the sign-up confirmation of GoTrue's
// sendConfirmation and POST /resend — with mailer_autoconfirm off, a new email account has no
// email_confirmed_at and cannot sign in until it is followed —, the magic link of POST /otp, whose session
// signs in with amr `otp`, and the recovery link of POST /recover. A PKCE flow's link finishes with an auth
// code.
import type { Hono } from 'hono';
import { z } from 'zod';
import type { StackContext } from '../context';
import type { Queryable } from '../db/database';
import type { MailMessage } from '../mail';
import { createUser, EMAIL_FORMAT } from './accounts';
import { unprocessable, validationFailed } from './errors';
import { createFlowState, pkceParams } from './flow-state';
import type { Pkce } from './flow-state';
import { issueOneTimeToken } from './one-time-tokens';
import type { OneTimeTokenType } from './one-time-tokens';
import { optionalString, readJson, redirectTarget, withQuery } from './request';
import { isoNow } from './sessions';
import type { AmrMethod } from './sessions';
import { findUserByEmail, normaliseEmail } from './users';

export type Mail = Omit<MailMessage, 'id' | 'sent_at'>;

/** What each kind of mailed link is: its token, the columns GoTrue stamps, and the words of its mail. */
const LINKS = {
  signup: {
    token: 'confirmation_token',
    stamp: 'update auth.users set confirmation_token = $2, confirmation_sent_at = $3 where id = $1',
    providerType: 'email',
    method: 'otp',
    subject: 'Confirm Your Signup',
    lead: 'Follow this link to confirm your user:',
  },
  magiclink: {
    token: 'recovery_token',
    stamp: 'update auth.users set recovery_token = $2, recovery_sent_at = $3 where id = $1',
    providerType: 'magiclink',
    method: 'otp',
    subject: 'Your Magic Link',
    lead: 'Follow this link to login:',
  },
  recovery: {
    token: 'recovery_token',
    stamp: 'update auth.users set recovery_token = $2, recovery_sent_at = $3 where id = $1',
    providerType: 'recovery',
    method: 'recovery',
    subject: 'Reset Your Password',
    lead: 'Follow this link to reset the password for your user:',
  },
} as const satisfies Record<
  string,
  {
    token: OneTimeTokenType;
    stamp: string;
    providerType: string;
    method: AmrMethod;
    subject: string;
    lead: string;
  }
>;

/**
 * Issues the token of a `kind` of link (and the PKCE flow it finishes) and writes its mail; the caller sends
 * it once the transaction committed, so a link in the mailbox always works.
 */
export async function linkMail(
  tx: Queryable,
  ctx: StackContext,
  kind: keyof typeof LINKS,
  account: { userId: string; email: string; pkce: Pkce | undefined; redirectTo: string },
): Promise<Mail> {
  const link = LINKS[kind];
  if (account.pkce) {
    await createFlowState(tx, ctx, {
      pkce: account.pkce,
      providerType: link.providerType,
      authenticationMethod: link.method,
      redirectTo: account.redirectTo,
      userId: account.userId,
    });
  }
  const issued = await issueOneTimeToken(tx, ctx, {
    userId: account.userId,
    type: link.token,
    email: account.email,
    pkce: !!account.pkce,
  });
  await tx.query(link.stamp, [account.userId, issued.tokenHash, isoNow(ctx)]);
  const url = withQuery(`${ctx.apiUrl()}/auth/v1/verify`, {
    token: issued.tokenHash,
    type: kind,
    redirect_to: account.redirectTo,
  });
  return {
    to: account.email,
    subject: link.subject,
    text: `${link.lead}\n${url}\n\nAlternatively, enter the code: ${issued.otp}`,
    link: url,
  };
}

const ResendBody = z.object({ type: optionalString, email: optionalString });

/**
 * POST /resend for sign-ups: a fresh link to an account that has not confirmed yet. Like /recover it answers
 * {} for unknown and already confirmed addresses, so it never tells who has an account.
 */
export function resendRoutes(app: Hono, ctx: StackContext): void {
  app.post('/resend', async (c) => {
    const body = await readJson(c, ResendBody);
    if (body.type !== 'signup') {
      throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
    }
    if (!body.email) throw validationFailed('Resend requires an email');
    const email = normaliseEmail(body.email);
    if (!EMAIL_FORMAT.test(email)) throw validationFailed('Unable to validate email address: invalid format');
    const redirectTo = redirectTarget(ctx, c.req.query('redirect_to'));
    const mail = await ctx.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (!user || user.email_confirmed_at) return undefined;
      return linkMail(tx, ctx, 'signup', { userId: user.id, email, pkce: undefined, redirectTo });
    });
    // Sent only once the token is committed, so a link in the mailbox always works.
    if (mail) ctx.mailbox.send(mail);
    return c.json({});
  });
}

const OtpBody = z.object({
  email: optionalString,
  phone: optionalString,
  create_user: z.boolean().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
  code_challenge: optionalString,
  code_challenge_method: optionalString,
});

/**
 * POST /otp (signInWithOtp by email): a magic link to a known address; an unknown one is created unconfirmed
 * and gets the same link (following it confirms the address), unless `create_user` is false, which GoTrue
 * answers 422 otp_disabled.
 */
export function otpRoutes(app: Hono, ctx: StackContext): void {
  app.post('/otp', async (c) => {
    const body = await readJson(c, OtpBody);
    if (!body.email) {
      if (body.phone) throw validationFailed('Unsupported phone provider');
      throw validationFailed('An email address or phone number is required');
    }
    const email = normaliseEmail(body.email);
    if (!EMAIL_FORMAT.test(email)) throw validationFailed('Unable to validate email address: invalid format');
    const pkce = pkceParams(body.code_challenge, body.code_challenge_method);
    const redirectTo = redirectTarget(ctx, c.req.query('redirect_to'));
    const mail = await ctx.db.transaction(async (tx) => {
      let userId = (await findUserByEmail(tx, email))?.id;
      if (userId === undefined) {
        if (body.create_user === false) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
        const account = { email, passwordHash: null, provider: 'email' as const, confirmed: false };
        userId = await createUser(tx, { ...account, userMetadata: body.data ?? {} }, isoNow(ctx));
      }
      return linkMail(tx, ctx, 'magiclink', { userId, email, pkce, redirectTo });
    });
    // Sent only once the token is committed, so a link in the mailbox always works.
    ctx.mailbox.send(mail);
    return c.json({});
  });
}
