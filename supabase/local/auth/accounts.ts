// Creating users and their identities the way GoTrue does on sign-up and on a first external sign-in:
// an email sign-up is confirmed at once only when the stack auto-confirms (`mailer_autoconfirm`), otherwise
// when the mailed link is followed (verify.ts); an external provider's verified email counts as confirmed;
// every way of signing in is an auth.identities row (provider 'email' uses the user id as provider_id).
// jsonb values are bound as JSON text: node-postgres would turn a JS array into a Postgres array.
import type { Queryable } from '../db/database';
import type { Json } from './users';
import { syncProviders } from './users';

export const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface NewUser {
  email: string;
  passwordHash: string | null;
  provider: 'email' | 'google';
  userMetadata: Json;
  /** For external providers: the provider's subject and its claims; email users get GoTrue's defaults. */
  identity?: { providerId: string; data: Json };
  /** False leaves email_confirmed_at empty until the confirmation link is followed. */
  confirmed?: boolean;
}

export async function createUser(tx: Queryable, user: NewUser, now: string): Promise<string> {
  const id = crypto.randomUUID();
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, $5,
       $6, $7, $4, $4, false)`,
    [
      id,
      user.email,
      user.passwordHash,
      now,
      user.confirmed === false ? null : now,
      JSON.stringify({ provider: user.provider, providers: [user.provider] }),
      JSON.stringify(user.userMetadata),
    ],
  );
  const identity = user.identity ?? {
    providerId: id,
    data: { sub: id, email: user.email, email_verified: user.confirmed !== false, phone_verified: false },
  };
  await addIdentity(tx, { userId: id, provider: user.provider, ...identity }, now);
  return id;
}

export async function addIdentity(
  tx: Queryable,
  identity: { userId: string; provider: string; providerId: string; data: Json },
  now: string,
): Promise<void> {
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $5, $5)`,
    [identity.providerId, identity.userId, JSON.stringify(identity.data), identity.provider, now],
  );
  await syncProviders(tx, identity.userId, now);
}
