// GET /user and PUT /user (§A4). PUT merges user_metadata (null removes a key), changes the password (not
// to the same one; other sessions end, as GoTrue's UpdatePassword does) and starts an email change, which
// completes when the link mailed to the new address is followed. With a verified TOTP factor, changing the
// email or password needs an aal2 session. A new password needs the current one ([ACCOUNT-2]) as GoTrue's
// `security.update_password_require_current_password` makes it (on in this stack, `StackConfig`): missing is
// `current_password_required`, wrong is `current_password_invalid`, both 400; a session from an emailed link
// (amr recovery, otp or magiclink: GoTrue's Session.IsRecovery) and an account with no password yet are
// exempt, as there.
import type { Hono } from 'hono';
import { z } from 'zod';
import type { StackContext } from '../context';
import type { MailMessage } from '../mail';
import { EMAIL_FORMAT } from './accounts';
import { AuthError, badRequest, forbidden, unprocessable, validationFailed } from './errors';
import { createFlowState, pkceParams } from './flow-state';
import { authenticate } from './guard';
import type { Caller } from './guard';
import { issueOneTimeToken } from './one-time-tokens';
import { checkPasswordStrength, hashPassword, verifyPassword } from './passwords';
import { optionalString, readJson, redirectTarget, withQuery } from './request';
import { isoNow } from './sessions';
import { factorsOf, findUserByEmail, loadUserJson, normaliseEmail } from './users';

const UpdateBody = z.object({
  email: optionalString,
  password: optionalString,
  current_password: optionalString,
  nonce: optionalString,
  phone: optionalString,
  data: z.record(z.string(), z.unknown()).nullish(),
  app_metadata: z.unknown().optional(),
  code_challenge: optionalString,
  code_challenge_method: optionalString,
});
type UpdateBody = z.infer<typeof UpdateBody>;

export function userRoutes(app: Hono, ctx: StackContext): void {
  app.get('/user', async (c) => {
    const caller = await authenticate(c, ctx);
    return c.json(await loadUserJson(ctx.db, caller.user.id));
  });

  app.put('/user', async (c) => {
    const caller = await authenticate(c, ctx);
    const body = await readJson(c, UpdateBody);
    const email = body.email ? normaliseEmail(body.email) : undefined;
    const changesEmail = email !== undefined && email !== caller.user.email;
    await checkUpdate(ctx, caller, body, changesEmail);
    if (email !== undefined && !EMAIL_FORMAT.test(email)) {
      throw validationFailed('Unable to validate email address: invalid format');
    }
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    const redirectTo = redirectTarget(ctx, c.req.query('redirect_to'));
    const { user, mail } = await ctx.db.transaction(async (tx) => {
      const now = isoNow(ctx);
      let mail: Omit<MailMessage, 'id' | 'sent_at'> | undefined;
      if (passwordHash !== undefined) {
        await tx.query('update auth.users set encrypted_password = $2, updated_at = $3 where id = $1', [
          caller.user.id,
          passwordHash,
          now,
        ]);
        await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [
          caller.user.id,
          caller.session.id,
        ]);
      }
      if (body.data) {
        // Merged in SQL, so two updates of different keys at once both land.
        const removed = Object.keys(body.data).filter((key) => body.data?.[key] === null);
        const set = Object.fromEntries(Object.entries(body.data).filter(([, value]) => value !== null));
        await tx.query(
          `update auth.users set raw_user_meta_data = (raw_user_meta_data || $2::jsonb) - $3::text[], updated_at = $4
            where id = $1`,
          [caller.user.id, JSON.stringify(set), removed, now],
        );
      }
      if (changesEmail) {
        if (await findUserByEmail(tx, email)) {
          throw unprocessable('email_exists', 'A user with this email address has already been registered');
        }
        const pkce = pkceParams(body.code_challenge, body.code_challenge_method);
        if (pkce) {
          await createFlowState(tx, ctx, {
            pkce,
            providerType: 'email_change',
            authenticationMethod: 'email_change',
            redirectTo,
            userId: caller.user.id,
          });
        }
        await tx.query('update auth.users set email_change = $2, updated_at = $3 where id = $1', [
          caller.user.id,
          email,
          now,
        ]);
        const issued = await issueOneTimeToken(tx, ctx, {
          userId: caller.user.id,
          type: 'email_change_token_new',
          email,
          pkce: pkce !== undefined,
        });
        const link = withQuery(`${ctx.apiUrl()}/auth/v1/verify`, {
          token: issued.tokenHash,
          type: 'email_change',
          redirect_to: redirectTo,
        });
        mail = {
          to: email,
          subject: 'Confirm Change of Email',
          text: `Follow this link to confirm the update of your email to ${email}:\n${link}\n\nOr enter the code: ${issued.otp}`,
          link,
        };
      }
      return { user: await loadUserJson(tx, caller.user.id), mail };
    });
    // Sent once the token is committed, so a link in the mailbox always works.
    if (mail) ctx.mailbox.send(mail);
    return c.json(user);
  });
}

/** The refusals GoTrue makes before touching anything, in its order. */
async function checkUpdate(
  ctx: StackContext,
  caller: Caller,
  body: UpdateBody,
  changesEmail: boolean,
): Promise<void> {
  if (body.app_metadata !== undefined) {
    throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  }
  if (body.password !== undefined) checkPasswordStrength(body.password);
  const changesPassword = body.password !== undefined && body.password !== '';
  if ((changesPassword || changesEmail) && caller.session.aal !== 'aal2') {
    const factors = await factorsOf(ctx.db, caller.user.id);
    if (factors.some((f) => f.status === 'verified')) {
      throw new AuthError(
        401,
        'insufficient_aal',
        'AAL2 session is required to update email or password when MFA is enabled.',
      );
    }
  }
  if (changesPassword && ctx.config.updatePasswordRequireCurrentPassword) {
    await checkCurrentPassword(ctx, caller, body.current_password);
  }
  if (changesPassword && (await verifyPassword(body.password ?? '', caller.user.encrypted_password))) {
    throw unprocessable('same_password', 'New password should be different from the old password.');
  }
}

/** How GoTrue's Session.IsRecovery reads a session: signed in from an emailed link. */
const FROM_EMAILED_LINK = ['recovery', 'otp', 'magiclink'];

/** [ACCOUNT-2] GoTrue's current-password check (user.go), with its codes and its one message for both. */
async function checkCurrentPassword(ctx: StackContext, caller: Caller, current: string | undefined) {
  const hash = caller.user.encrypted_password;
  if (hash === null || hash === '') return; // no password yet (Google only): the first one needs none
  const { rows } = await ctx.db.query<{ method: string }>(
    'select authentication_method as method from auth.mfa_amr_claims where session_id = $1',
    [caller.session.id],
  );
  if (rows.some((row) => FROM_EMAILED_LINK.includes(row.method))) return;
  const message = 'Current password required when setting new password.';
  if (current === undefined || current === '') throw badRequest('current_password_required', message);
  if (!(await verifyPassword(current, hash))) throw badRequest('current_password_invalid', message);
}
