// Emailed one-time tokens (GoTrue models.OneTimeToken): a 6-digit code plus its hash
// hex(sha224(email + code)), which is what links carry. A link for a PKCE flow carries `pkce_<hash>` and
// finishes by handing out an auth code instead of tokens. Tokens expire after an hour (CLI otp_expiry).
import { createHash, randomInt } from 'node:crypto';
import type { StackContext } from '../context';
import type { Queryable } from '../db/database';
import { isoNow } from './sessions';

export const OTP_TTL_SECONDS = 3600;
export const PKCE_PREFIX = 'pkce_';

export type OneTimeTokenType = 'confirmation_token' | 'recovery_token' | 'email_change_token_new';

export interface IssuedToken {
  otp: string;
  /** What the emailed link carries: the hash, prefixed with pkce_ for PKCE flows. */
  tokenHash: string;
}

export interface ConsumedToken {
  userId: string;
  type: OneTimeTokenType;
  relatesTo: string;
  pkce: boolean;
}

const hashOf = (email: string, otp: string): string =>
  createHash('sha224')
    .update(email + otp)
    .digest('hex');

/** A fresh token; older ones of the same type for the user stop working, as in GoTrue. */
export async function issueOneTimeToken(
  tx: Queryable,
  ctx: StackContext,
  token: { userId: string; type: OneTimeTokenType; email: string; pkce: boolean },
): Promise<IssuedToken> {
  const otp = String(randomInt(1_000_000)).padStart(6, '0');
  const tokenHash = (token.pkce ? PKCE_PREFIX : '') + hashOf(token.email, otp);
  await tx.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [
    token.userId,
    token.type,
  ]);
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at)
     values ($1, $2, $3, $4, $5)`,
    [token.userId, token.type, tokenHash, token.email, isoNow(ctx)],
  );
  return { otp, tokenHash };
}

/**
 * Uses up a token found by its hash (links, verifyOtp({token_hash})) or by email + code (verifyOtp({email,
 * token})). Undefined when there is no such live token; an expired one is deleted on the way.
 */
export async function consumeOneTimeToken(
  tx: Queryable,
  ctx: StackContext,
  lookup: {
    types: OneTimeTokenType[];
    tokenHash?: string | undefined;
    email?: string | undefined;
    otp?: string | undefined;
  },
): Promise<ConsumedToken | undefined> {
  const hashes: string[] = [];
  if (lookup.tokenHash) hashes.push(lookup.tokenHash);
  if (lookup.email && lookup.otp) {
    const hash = hashOf(lookup.email.trim().toLowerCase(), lookup.otp.trim());
    hashes.push(hash, PKCE_PREFIX + hash);
  }
  if (hashes.length === 0) return undefined;
  const { rows } = await tx.query<{
    id: string;
    user_id: string;
    token_type: OneTimeTokenType;
    token_hash: string;
    relates_to: string;
    created_at: Date;
  }>(
    `delete from auth.one_time_tokens where token_hash = any($1::text[]) and token_type = any($2::text[])
     returning id, user_id, token_type, token_hash, relates_to, created_at`,
    [hashes, lookup.types],
  );
  const row = rows[0];
  if (!row || ctx.now() > row.created_at.getTime() + OTP_TTL_SECONDS * 1000) return undefined;
  return {
    userId: row.user_id,
    type: row.token_type,
    relatesTo: row.relates_to,
    pkce: row.token_hash.startsWith(PKCE_PREFIX),
  };
}
