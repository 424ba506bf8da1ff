// Who a local "Google" sign-in is (GoTrue's createAccountFromExternalIdentity and linkIdentityToUser): the
// Google subject is derived from the email, so the same email is always the same Google account; a known
// identity signs its user in, a new one joins the user with that email, or else makes a new user. Linking
// attaches the identity to the signed-in user unless some user already has it.
import { createHash } from 'node:crypto';
import type { StackContext } from '../context';
import type { Queryable } from '../db/database';
import { addIdentity, createUser } from './accounts';
import { unprocessable } from './errors';
import { findUserByEmail, syncProviders } from './users';
import type { Json } from './users';

export function googleIdentityData(
  ctx: StackContext,
  email: string,
  name: string,
): { sub: string; data: Json } {
  const digest = createHash('sha256').update(`google:${email}`).digest('hex');
  const sub = `1${BigInt(`0x${digest.slice(0, 16)}`)
    .toString()
    .padStart(20, '0')}`;
  const fullName = name.trim() !== '' ? name.trim() : (email.split('@')[0] ?? email);
  const avatar = `${ctx.apiUrl()}/auth/v1/local/google/avatar.svg?name=${encodeURIComponent(fullName)}`;
  return {
    sub,
    data: {
      iss: 'https://accounts.google.com',
      sub,
      email,
      email_verified: true,
      phone_verified: false,
      full_name: fullName,
      name: fullName,
      avatar_url: avatar,
      picture: avatar,
      provider_id: sub,
    },
  };
}

async function googleOwner(tx: Queryable, sub: string): Promise<string | undefined> {
  const { rows } = await tx.query<{ user_id: string }>(
    "select user_id from auth.identities where provider = 'google' and provider_id = $1",
    [sub],
  );
  return rows[0]?.user_id;
}

/** The user this Google account signs in as, created or joined on first use. */
export async function findOrCreateGoogleUser(
  tx: Queryable,
  identity: { email: string; sub: string; data: Json },
  now: string,
): Promise<string> {
  const owner = await googleOwner(tx, identity.sub);
  if (owner !== undefined) {
    await tx.query(
      `update auth.identities set identity_data = $3, last_sign_in_at = $4, updated_at = $4
        where provider = 'google' and provider_id = $1 and user_id = $2`,
      [identity.sub, owner, JSON.stringify(identity.data), now],
    );
    await mergeUserMetadata(tx, owner, identity.data, now);
    return owner;
  }
  const existing = await findUserByEmail(tx, identity.email);
  if (existing) {
    await addIdentity(
      tx,
      { userId: existing.id, provider: 'google', providerId: identity.sub, data: identity.data },
      now,
    );
    await mergeUserMetadata(tx, existing.id, identity.data, now);
    return existing.id;
  }
  return createUser(
    tx,
    {
      email: identity.email,
      passwordHash: null,
      provider: 'google',
      userMetadata: identity.data,
      identity: { providerId: identity.sub, data: identity.data },
    },
    now,
  );
}

/** Adds the Google identity to `userId` (GET /user/identities/authorize then the sign-in page). */
export async function linkGoogleIdentity(
  tx: Queryable,
  userId: string,
  identity: { sub: string; data: Json },
  now: string,
): Promise<void> {
  const owner = await googleOwner(tx, identity.sub);
  if (owner === userId) throw unprocessable('identity_already_exists', 'Identity is already linked');
  if (owner !== undefined) {
    throw unprocessable('identity_already_exists', 'Identity is already linked to another user');
  }
  await addIdentity(tx, { userId, provider: 'google', providerId: identity.sub, data: identity.data }, now);
  await syncProviders(tx, userId, now);
}

async function mergeUserMetadata(tx: Queryable, userId: string, data: Json, now: string): Promise<void> {
  await tx.query(
    'update auth.users set raw_user_meta_data = raw_user_meta_data || $2::jsonb, updated_at = $3 where id = $1',
    [userId, JSON.stringify(data), now],
  );
}
