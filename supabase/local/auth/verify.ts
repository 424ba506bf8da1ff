// GET and POST /verify (verify.go) for the links this stack mails: sign-up confirmation, magic link, recovery
// and email change. A GET is a
// browser following the link: 303 to redirect_to with `?code=` (PKCE links, `pkce_…`) or the session in
// the fragment (implicit), and errors as redirect params. A POST is verifyOtp() and answers a session.
import type { Hono } from 'hono';
import { z } from 'zod';
import type { StackContext } from '../context';
import type { Queryable } from '../db/database';
import { AuthError, forbidden, notFound, unprocessable, validationFailed } from './errors';
import { issueAuthCode } from './flow-state';
import { consumeOneTimeToken, OTP_TTL_SECONDS } from './one-time-tokens';
import type { ConsumedToken, OneTimeTokenType } from './one-time-tokens';
import {
  clientIp,
  errorRedirect,
  optionalString,
  readJson,
  redirectTarget,
  sessionFragment,
  userAgent,
  withQuery,
} from './request';
import { isoNow, startSession } from './sessions';
import type { AmrMethod, Client } from './sessions';
import { findUserByEmail } from './users';

const TOKEN_TYPES: Record<string, OneTimeTokenType[]> = {
  recovery: ['recovery_token'],
  email_change: ['email_change_token_new'],
  signup: ['confirmation_token'],
  // A magic link is a recovery token in GoTrue too; `email` is verifyOtp's type for either kind of code.
  magiclink: ['recovery_token'],
  email: ['recovery_token', 'confirmation_token'],
  // A valid GoTrue type this stack never mails: always "expired or invalid".
  invite: [],
};

const METHOD: Record<OneTimeTokenType, AmrMethod> = {
  confirmation_token: 'otp',
  recovery_token: 'recovery',
  email_change_token_new: 'email_change',
};

/** How the session signed in: a recovery token followed as a magic link is an `otp` sign-in. */
const methodOf = (type: string, consumed: ConsumedToken): AmrMethod =>
  type === 'magiclink' || type === 'email' ? 'otp' : METHOD[consumed.type];

const VerifyBody = z.object({
  type: optionalString,
  token_hash: optionalString,
  token: optionalString,
  email: optionalString,
});

interface Lookup {
  type: string;
  tokenHash?: string | undefined;
  email?: string | undefined;
  otp?: string | undefined;
}

export function verifyRoutes(app: Hono, ctx: StackContext): void {
  app.get('/verify', async (c) => {
    const type = c.req.query('type') ?? '';
    const redirectTo = redirectTarget(ctx, c.req.query('redirect_to'));
    const client = { ip: clientIp(c), userAgent: userAgent(c) };
    try {
      const location = await ctx.db.transaction(async (tx) => {
        const consumed = await verifyToken(tx, ctx, { type, tokenHash: c.req.query('token') });
        const method = methodOf(type, consumed);
        if (consumed.pkce) return withQuery(redirectTo, { code: await pkceCode(tx, ctx, consumed, method) });
        const session = await startSession(tx, ctx, { userId: consumed.userId, method, client });
        return sessionFragment(redirectTo, session, { type });
      });
      return c.redirect(location, 303);
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      const description =
        error.code === 'otp_expired' ? 'Email link is invalid or has expired' : error.message;
      return c.redirect(errorRedirect(redirectTo, 'access_denied', error.code, description), 303);
    }
  });

  app.post('/verify', async (c) => {
    const body = await readJson(c, VerifyBody);
    if (!body.type) throw validationFailed('Verify requires a verification type');
    if (!body.token_hash && !(body.email && body.token)) {
      throw validationFailed('Verify requires either a token or a token hash');
    }
    const client: Client = { ip: clientIp(c), userAgent: userAgent(c) };
    const lookup: Lookup = {
      type: body.type,
      tokenHash: body.token_hash,
      email: body.email,
      otp: body.token,
    };
    const session = await ctx.db.transaction(async (tx) => {
      const consumed = await verifyToken(tx, ctx, lookup);
      return startSession(tx, ctx, {
        userId: consumed.userId,
        method: methodOf(lookup.type, consumed),
        client,
      });
    });
    return c.json(session);
  });
}

/**
 * Uses the token up and applies what it confirms (a sign-up or a recovery confirms the email; a change swaps
 * it).
 */
async function verifyToken(tx: Queryable, ctx: StackContext, lookup: Lookup): Promise<ConsumedToken> {
  const types = Object.hasOwn(TOKEN_TYPES, lookup.type) ? TOKEN_TYPES[lookup.type] : undefined;
  if (types === undefined) throw validationFailed(`Unsupported verification type "${lookup.type}"`);
  const consumed = await consumeOneTimeToken(tx, ctx, { ...lookup, types });
  if (!consumed) throw forbidden('otp_expired', 'Token has expired or is invalid');
  const now = isoNow(ctx);
  if (consumed.type === 'confirmation_token') {
    await tx.query(
      `update auth.users set confirmation_token = null, email_confirmed_at = coalesce(email_confirmed_at, $2),
         updated_at = $2 where id = $1`,
      [consumed.userId, now],
    );
    await tx.query(
      `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb,
         updated_at = $2 where user_id = $1 and provider = 'email'`,
      [consumed.userId, now],
    );
  } else if (consumed.type === 'recovery_token') {
    await tx.query(
      `update auth.users set recovery_token = null, email_confirmed_at = coalesce(email_confirmed_at, $2),
         updated_at = $2 where id = $1`,
      [consumed.userId, now],
    );
  } else {
    const taken = await findUserByEmail(tx, consumed.relatesTo);
    if (taken && taken.id !== consumed.userId) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    await tx.query(
      `update auth.users set email = $2, email_change = null, email_confirmed_at = $3, updated_at = $3
        where id = $1 and email_change = $2`,
      [consumed.userId, consumed.relatesTo, now],
    );
    await tx.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text),
         updated_at = $3 where user_id = $1 and provider = 'email'`,
      [consumed.userId, consumed.relatesTo, now],
    );
  }
  return consumed;
}

/**
 * The auth code for the PKCE flow the token belongs to: the user's newest open one for this purpose, started
 * no longer ago than the emailed token lives.
 */
async function pkceCode(
  tx: Queryable,
  ctx: StackContext,
  consumed: ConsumedToken,
  method: AmrMethod,
): Promise<string> {
  const oldest = new Date(ctx.now() - OTP_TTL_SECONDS * 1000).toISOString();
  const { rows } = await tx.query<{ id: string }>(
    `select id from auth.flow_state
      where user_id = $1 and authentication_method = $2 and auth_code is null and created_at >= $3
      order by created_at desc limit 1`,
    [consumed.userId, method, oldest],
  );
  const flow = rows[0];
  if (!flow) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  return issueAuthCode(tx, ctx, flow.id, consumed.userId);
}
