// POST /signup (§A4): email + password. With mailer_autoconfirm on (the default) it is confirmed at once and
// answered with a session; off, it is answered with the user alone and a confirmation link goes to the mailbox
// (confirmation.ts). A taken email is GoTrue's 422 user_already_exists, whichever provider created the
// existing account; signing up again before confirming sends a fresh link instead, as GoTrue does.
import type { Hono } from 'hono';
import { z } from 'zod';
import type { StackContext } from '../context';
import { DatabaseError } from '../db/database';
import { createUser, EMAIL_FORMAT } from './accounts';
import { linkMail } from './mailbox-links';
import type { Mail } from './mailbox-links';
import { AuthError, unprocessable, validationFailed } from './errors';
import { checkPasswordStrength, hashPassword } from './passwords';
import { pkceParams } from './flow-state';
import { clientIp, optionalString, readJson, redirectTarget, userAgent } from './request';
import { isoNow, startSession } from './sessions';
import { findUserByEmail, loadUserJson, normaliseEmail } from './users';
import type { Json } from './users';

const SignupBody = z.object({
  email: optionalString,
  phone: optionalString,
  password: optionalString,
  data: z.record(z.string(), z.unknown()).nullish(),
  code_challenge: optionalString,
  code_challenge_method: optionalString,
});

export function signupRoutes(app: Hono, ctx: StackContext): void {
  app.post('/signup', async (c) => {
    const body = await readJson(c, SignupBody);
    if (!body.email) {
      // supabase-js's signInAnonymously() posts a body with neither; settings say anonymous_users: false.
      if (!body.phone && !body.password) {
        throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
      }
      if (body.phone) throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
      throw validationFailed('To signup, please provide your email');
    }
    const email = normaliseEmail(body.email);
    if (!EMAIL_FORMAT.test(email)) throw validationFailed('Unable to validate email address: invalid format');
    if (!body.password) throw validationFailed('Signup requires a valid password');
    checkPasswordStrength(body.password);
    const passwordHash = await hashPassword(body.password);
    const pkce = pkceParams(body.code_challenge, body.code_challenge_method);
    const redirectTo = redirectTarget(ctx, c.req.query('redirect_to'));
    const client = { ip: clientIp(c), userAgent: userAgent(c) };
    const alreadyRegistered = unprocessable('user_already_exists', 'User already registered');
    const confirmed = ctx.config.mailerAutoconfirm;
    try {
      const answer = await ctx.db.transaction(async (tx): Promise<{ body: Json; mail?: Mail }> => {
        const existing = await findUserByEmail(tx, email);
        if (existing?.email_confirmed_at || (existing && confirmed)) throw alreadyRegistered;
        const userMetadata = body.data ?? {};
        let userId: string;
        if (existing) {
          // Whoever follows the link owns the mailbox, so the newest sign-up's password is the one kept.
          userId = existing.id;
          await tx.query(
            'update auth.users set encrypted_password = $2, raw_user_meta_data = $3, updated_at = $4 where id = $1',
            [userId, passwordHash, JSON.stringify(userMetadata), isoNow(ctx)],
          );
        } else {
          const account = { email, passwordHash, provider: 'email' as const, userMetadata, confirmed };
          userId = await createUser(tx, account, isoNow(ctx));
        }
        if (confirmed) return { body: await startSession(tx, ctx, { userId, method: 'password', client }) };
        const mail = await linkMail(tx, ctx, 'signup', { userId, email, pkce, redirectTo });
        return { body: await loadUserJson(tx, userId), mail };
      });
      // Sent only once the account and its token are committed, so a link in the mailbox always works.
      if (answer.mail) ctx.mailbox.send(answer.mail);
      return c.json(answer.body);
    } catch (error) {
      // Two sign-ups racing for one email: the unique index decides, the loser gets the same answer.
      if (error instanceof DatabaseError && error.code === '23505') throw alreadyRegistered;
      throw error;
    }
  });
}
