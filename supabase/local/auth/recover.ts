// POST /recover (recover.go): mails a password-reset link to a known email and answers {} for any email,
// so the endpoint never tells who has an account. With a PKCE challenge the link carries `pkce_<hash>` and
// the flow state that will turn it into an auth code. Nothing is sent anywhere: the mailbox keeps it for
// GET /local/v1/mail.
import type { Hono } from 'hono';
import { z } from 'zod';
import type { StackContext } from '../context';
import { EMAIL_FORMAT } from './accounts';
import { validationFailed } from './errors';
import { pkceParams } from './flow-state';
import { linkMail } from './mailbox-links';
import type { Mail } from './mailbox-links';
import { optionalString, readJson, redirectTarget } from './request';
import { findUserByEmail, normaliseEmail } from './users';

const RecoverBody = z.object({
  email: optionalString,
  code_challenge: optionalString,
  code_challenge_method: optionalString,
});

export function recoverRoutes(app: Hono, ctx: StackContext): void {
  app.post('/recover', async (c) => {
    const body = await readJson(c, RecoverBody);
    if (!body.email) throw validationFailed('Password recovery requires an email');
    const email = normaliseEmail(body.email);
    if (!EMAIL_FORMAT.test(email)) throw validationFailed('Unable to validate email address: invalid format');
    const pkce = pkceParams(body.code_challenge, body.code_challenge_method);
    const redirectTo = redirectTarget(ctx, c.req.query('redirect_to'));
    const message = await ctx.db.transaction(async (tx): Promise<Mail | undefined> => {
      const user = await findUserByEmail(tx, email);
      if (!user) return undefined;
      return linkMail(tx, ctx, 'recovery', { userId: user.id, email, pkce, redirectTo });
    });
    // Sent only once the token is committed, so a link in the mailbox always works.
    if (message) ctx.mailbox.send(message);
    return c.json({});
  });
}
