// Refresh-token rotation (tokens.Service.RefreshTokenGrant in GoTrue, §A5): every use revokes the token
// and issues a child on the same session. A revoked token may be presented again within the reuse interval
// (the client lost the response); after it, the whole family is revoked and the caller gets
// refresh_token_already_used.
import type { StackContext } from '../context';
import type { Queryable } from '../db/database';
import { badRequest, validationFailed } from './errors';
import type { AuthError } from './errors';
import { insertRefreshToken, isoNow, sessionResponse } from './sessions';
import type { Json } from './users';

interface RefreshTokenRow {
  id: number;
  token: string;
  user_id: string;
  session_id: string;
  parent: string | null;
  revoked: boolean;
  updated_at: Date;
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
  const { rows: sessions } = await tx.query<{ not_after: Date | null; banned_until: Date | null }>(
    `select s.not_after, u.banned_until from auth.sessions s join auth.users u on u.id = s.user_id
      where s.id = $1`,
    [token.session_id],
  );
  // A banned user (a paired till a manager unpaired) refreshes nothing, as GoTrue's refresh grant says.
  const bannedUntil = sessions[0]?.banned_until;
  if (bannedUntil && bannedUntil.getTime() > ctx.now()) throw badRequest('user_banned', 'User is banned');
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
