// POST /token (§A4): the password, refresh_token and pkce grants. Any other grant_type is GoTrue's
// 400 invalid_credentials "unsupported_grant_type".
import type { Hono } from 'hono';
import { z } from 'zod';
import type { StackContext } from '../context';
import { badRequest, validationFailed } from './errors';
import { pkceGrant } from './flow-state';
import { MIN_PASSWORD_LENGTH, verifyPassword } from './passwords';
import { clientIp, optionalString, readJson, userAgent } from './request';
import { refreshGrant } from './refresh-tokens';
import { isoNow, startSession } from './sessions';
import { findUserByEmail } from './users';

const PasswordBody = z.object({
  email: optionalString,
  phone: optionalString,
  password: optionalString,
});
const RefreshBody = z.object({ refresh_token: optionalString });
const PkceBody = z.object({ auth_code: optionalString, code_verifier: optionalString });

const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');

export function tokenRoutes(app: Hono, ctx: StackContext): void {
  app.post('/token', async (c) => {
    const client = { ip: clientIp(c), userAgent: userAgent(c) };
    switch (c.req.query('grant_type')) {
      case 'password': {
        const body = await readJson(c, PasswordBody);
        if (!body.email) {
          if (body.phone) throw invalidCredentials();
          throw validationFailed('missing email or phone');
        }
        const email = body.email;
        const password = body.password ?? '';
        const user = await findUserByEmail(ctx.db, email);
        // One answer for an unknown user, a user without a password and a wrong password.
        if (!user || !(await verifyPassword(password, user.encrypted_password))) throw invalidCredentials();
        if (user.banned_until && user.banned_until.getTime() > ctx.now()) {
          throw badRequest('user_banned', 'User is banned');
        }
        if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
        const session = await ctx.db.transaction(async (tx) => {
          await tx.query(
            "update auth.identities set last_sign_in_at = $2 where user_id = $1 and provider = 'email'",
            [user.id, isoNow(ctx)],
          );
          return startSession(tx, ctx, { userId: user.id, method: 'password', client });
        });
        // GoTrue signs in with a password that no longer meets the policy, and says so.
        if (password.length < MIN_PASSWORD_LENGTH) {
          session.weak_password = {
            message: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
            reasons: ['length'],
          };
        }
        return c.json(session);
      }
      case 'refresh_token': {
        const body = await readJson(c, RefreshBody);
        const outcome = await ctx.db.transaction((tx) => refreshGrant(tx, ctx, body.refresh_token ?? ''));
        if ('error' in outcome) throw outcome.error;
        return c.json(outcome.session);
      }
      case 'pkce': {
        const body = await readJson(c, PkceBody);
        const grant = { authCode: body.auth_code ?? '', codeVerifier: body.code_verifier ?? '', client };
        return c.json(await ctx.db.transaction((tx) => pkceGrant(tx, ctx, grant)));
      }
      default:
        throw badRequest('invalid_credentials', 'unsupported_grant_type');
    }
  });
}
