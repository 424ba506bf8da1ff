// POST /signup (§A4): email + password, auto-confirmed, answered with a session. A taken email is GoTrue's
// 422 user_already_exists, whichever provider created the existing account.
import type { Hono } from 'hono';
import { z } from 'zod';
import type { StackContext } from '../context';
import { DatabaseError } from '../db/database';
import { createUser, EMAIL_FORMAT } from './accounts';
import { AuthError, unprocessable, validationFailed } from './errors';
import { checkPasswordStrength, hashPassword } from './passwords';
import { clientIp, optionalString, readJson, userAgent } from './request';
import { isoNow, startSession } from './sessions';
import { findUserByEmail, normaliseEmail } from './users';

const SignupBody = z.object({
  email: optionalString,
  phone: optionalString,
  password: optionalString,
  data: z.record(z.string(), z.unknown()).nullish(),
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
    const client = { ip: clientIp(c), userAgent: userAgent(c) };
    const alreadyRegistered = unprocessable('user_already_exists', 'User already registered');
    try {
      const session = await ctx.db.transaction(async (tx) => {
        if (await findUserByEmail(tx, email)) throw alreadyRegistered;
        const userMetadata = body.data ?? {};
        const userId = await createUser(
          tx,
          { email, passwordHash, provider: 'email', userMetadata },
          isoNow(ctx),
        );
        return startSession(tx, ctx, { userId, method: 'password', client });
      });
      return c.json(session);
    } catch (error) {
      // Two sign-ups racing for one email: the unique index decides, the loser gets the same answer.
      if (error instanceof DatabaseError && error.code === '23505') throw alreadyRegistered;
      throw error;
    }
  });
}
