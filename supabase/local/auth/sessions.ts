// Sessions and refresh tokens (tokens.Service in GoTrue, §A5). A session row carries its AAL; its amr claims
// live in auth.mfa_amr_claims; refresh tokens are GoTrue's legacy 12-character form, rotated on every use.
// A revoked token may be presented again within the reuse interval (the client lost the response); after
// it, the whole family is revoked and the caller gets refresh_token_already_used.
import { randomInt } from 'node:crypto';
import type { StackContext } from '../context';
import type { Queryable } from '../db/database';
import { badRequest, validationFailed } from './errors';
import type { AuthError } from './errors';
import { signAccessToken } from './tokens';
import type { AmrEntry } from './tokens';
import { loadUserJson } from './users';
import type { Json } from './users';

const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const TOKEN_LENGTH = 12;

export type AmrMethod = 'password' | 'oauth' | 'recovery' | 'otp' | 'totp' | 'email_change';

export interface Client {
  ip: string;
  userAgent: string;
}

interface RefreshTokenRow {
  id: number;
  token: string;
  user_id: string;
  session_id: string;
  parent: string | null;
  revoked: boolean;
  updated_at: Date;
}

export const isoNow = (ctx: StackContext): string => new Date(ctx.now()).toISOString();

function newRefreshToken(): string {
  let token = '';
  for (let i = 0; i < TOKEN_LENGTH; i++) token += TOKEN_ALPHABET.charAt(randomInt(TOKEN_ALPHABET.length));
  return token;
}

async function insertRefreshToken(
  tx: Queryable,
  ctx: StackContext,
  session: { id: string; userId: string },
  parent: string | null,
): Promise<string> {
  const token = newRefreshToken();
  const now = isoNow(ctx);
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, session_id, parent, revoked, created_at, updated_at)
     values ($1, $2, $3, $4, false, $5, $5)`,
    [token, session.userId, session.id, parent, now],
  );
  return token;
}

/** Records (or refreshes) how the session was authenticated; GoTrue keeps one row per method. */
export async function addAmrClaim(
  tx: Queryable,
  sessionId: string,
  method: AmrMethod,
  now: string,
): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method, created_at, updated_at)
     values ($1, $2, $3, $3)
     on conflict (session_id, authentication_method) do update set updated_at = excluded.updated_at`,
    [sessionId, method, now],
  );
}

/** A new session for a user who just proved who they are, answered as GoTrue's AccessTokenResponse. */
export async function startSession(
  tx: Queryable,
  ctx: StackContext,
  grant: { userId: string; method: AmrMethod; client: Client },
): Promise<Json> {
  const now = isoNow(ctx);
  const sessionId = crypto.randomUUID();
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, ip, user_agent)
     values ($1, $2, $3, $3, 'aal1', $4, $5)`,
    [sessionId, grant.userId, now, grant.client.ip, grant.client.userAgent],
  );
  await addAmrClaim(tx, sessionId, grant.method, now);
  await tx.query('update auth.users set last_sign_in_at = $2, updated_at = $2 where id = $1', [
    grant.userId,
    now,
  ]);
  const refreshToken = await insertRefreshToken(tx, ctx, { id: sessionId, userId: grant.userId }, null);
  return sessionResponse(tx, ctx, { sessionId, userId: grant.userId, refreshToken });
}

/** The access token + refresh token + user for a session, as every grant answers. */
export async function sessionResponse(
  tx: Queryable,
  ctx: StackContext,
  session: { sessionId: string; userId: string; refreshToken: string },
): Promise<Json> {
  const user = await loadUserJson(tx, session.userId);
  const { rows: sessions } = await tx.query<{ aal: string }>('select aal from auth.sessions where id = $1', [
    session.sessionId,
  ]);
  const { rows: claims } = await tx.query<{ method: string; at: Date }>(
    `select authentication_method as method, updated_at as at from auth.mfa_amr_claims
      where session_id = $1 order by updated_at desc, created_at desc`,
    [session.sessionId],
  );
  const amr: AmrEntry[] = claims.map((c) => ({
    method: c.method,
    timestamp: Math.floor(c.at.getTime() / 1000),
  }));
  const access = await signAccessToken(ctx, {
    user,
    sessionId: session.sessionId,
    aal: sessions[0]?.aal ?? 'aal1',
    amr,
  });
  return {
    access_token: access.token,
    token_type: 'bearer',
    expires_in: access.expiresIn,
    expires_at: access.expiresAt,
    refresh_token: session.refreshToken,
    user,
  };
}

async function activeToken(tx: Queryable, sessionId: string): Promise<RefreshTokenRow | undefined> {
  const { rows } = await tx.query<RefreshTokenRow>(
    `select id, token, user_id, session_id, parent, revoked, updated_at from auth.refresh_tokens
      where session_id = $1 and not revoked order by id desc limit 1`,
    [sessionId],
  );
  return rows[0];
}

/** Revokes `token` and issues its child on the same session. */
async function swap(tx: Queryable, ctx: StackContext, token: RefreshTokenRow): Promise<string> {
  await tx.query(
    'update auth.refresh_tokens set revoked = true, updated_at = $2 where id = $1 and not revoked',
    [token.id, isoNow(ctx)],
  );
  return insertRefreshToken(tx, ctx, { id: token.session_id, userId: token.user_id }, token.token);
}

/** Rotates the session's current refresh token (after MFA verify, so a pre-MFA token cannot mint aal2). */
export async function rotateSessionToken(
  tx: Queryable,
  ctx: StackContext,
  session: { id: string; userId: string },
): Promise<string> {
  const current = await activeToken(tx, session.id);
  return current ? swap(tx, ctx, current) : insertRefreshToken(tx, ctx, session, null);
}

/**
 * POST /token?grant_type=refresh_token. A late reuse answers `{error}` instead of throwing, because the
 * family revocation it made must be committed, not rolled back with the failed request.
 */
export async function refreshGrant(
  tx: Queryable,
  ctx: StackContext,
  presented: string,
): Promise<{ session: Json } | { error: AuthError }> {
  if (presented.trim() === '') throw validationFailed('Refresh token is not valid');
  const { rows } = await tx.query<RefreshTokenRow>(
    `select id, token, user_id, session_id, parent, revoked, updated_at from auth.refresh_tokens
      where token = $1 for update`,
    [presented],
  );
  const token = rows[0];
  if (!token) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const alreadyUsed = {
    error: badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  };
  const { rows: sessions } = await tx.query<{ not_after: Date | null }>(
    'select not_after from auth.sessions where id = $1',
    [token.session_id],
  );
  const notAfter = sessions[0]?.not_after;
  if (notAfter && ctx.now() >= notAfter.getTime()) {
    if (token.revoked) return alreadyUsed;
    throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
  }
  let issued: string;
  if (token.revoked) {
    const reuseUntil = token.updated_at.getTime() + ctx.config.refreshTokenReuseIntervalSeconds * 1000;
    if (ctx.now() > reuseUntil) {
      // A revoked token replayed late was probably stolen: revoke the whole family (GoTrue's
      // RevokeTokenFamily) and end the session, so that the freshly revoked child cannot pass as "reused
      // within the window" and no access token of the session is accepted any more.
      const now = isoNow(ctx);
      await tx.query(
        'update auth.refresh_tokens set revoked = true, updated_at = $2 where session_id = $1 and not revoked',
        [token.session_id, now],
      );
      await tx.query('update auth.sessions set not_after = $2, updated_at = $2 where id = $1', [
        token.session_id,
        now,
      ]);
      return alreadyUsed;
    }
    const active = await activeToken(tx, token.session_id);
    // The client lost the answer to its last refresh: hand back the child it never stored.
    issued = active?.parent === token.token ? active.token : await swap(tx, ctx, token);
  } else {
    issued = await swap(tx, ctx, token);
  }
  await tx.query('update auth.sessions set refreshed_at = $2, updated_at = $2 where id = $1', [
    token.session_id,
    isoNow(ctx),
  ]);
  const session = await sessionResponse(tx, ctx, {
    sessionId: token.session_id,
    userId: token.user_id,
    refreshToken: issued,
  });
  return { session };
}
