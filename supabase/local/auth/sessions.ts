// Sessions (GoTrue models.Session): a session row carries its AAL, its amr claims live in
// auth.mfa_amr_claims, and every grant answers the same AccessTokenResponse built here. Refresh tokens are
// GoTrue's legacy 12-character form; their rotation and reuse rules are in refresh-tokens.ts.
import { randomInt } from 'node:crypto';
import type { StackContext } from '../context';
import type { Queryable } from '../db/database';
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

export const isoNow = (ctx: StackContext): string => new Date(ctx.now()).toISOString();

function newRefreshToken(): string {
  let token = '';
  for (let i = 0; i < TOKEN_LENGTH; i++) token += TOKEN_ALPHABET.charAt(randomInt(TOKEN_ALPHABET.length));
  return token;
}

export async function insertRefreshToken(
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
