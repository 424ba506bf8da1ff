// auth.users, auth.identities and auth.mfa_factors as GoTrue's models.User serialises them (§A2): the JSON
// every session and GET /user carries. `factors` is left out when empty, as GoTrue's omitempty does, but
// supabase-js's mfa.listFactors() and getAuthenticatorAssuranceLevel() read it when present.
import type { Queryable } from '../db/database';
import { unprocessable } from './errors';

export type Json = Record<string, unknown>;

/** The fields of the User JSON that tokens copy; the rest are passed through as they are. */
export interface UserJson extends Json {
  id: string;
  aud: string;
  role: string;
  email: string;
  phone: string;
  app_metadata: Json;
  user_metadata: Json;
  is_anonymous: boolean;
}

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  confirmed_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Json;
  raw_user_meta_data: Json;
  created_at: Date;
  updated_at: Date;
  phone: string | null;
  phone_confirmed_at: Date | null;
  banned_until: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Json;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  secret: string | null;
  created_at: Date;
  updated_at: Date;
  last_challenged_at: Date | null;
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_sent_at,
  confirmed_at, recovery_sent_at, email_change, last_sign_in_at, raw_app_meta_data, raw_user_meta_data,
  created_at, updated_at, phone, phone_confirmed_at, banned_until, is_anonymous`;

export const iso = (value: Date | string | null | undefined): string | undefined =>
  value === null || value === undefined ? undefined : new Date(value).toISOString();

/** GoTrue lower-cases and trims emails before storing or comparing them. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`,
    [id],
  );
  return rows[0];
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = $1 and deleted_at is null`,
    [normaliseEmail(email)],
  );
  return rows[0];
}

export async function identitiesOf(q: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await q.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = $1 order by created_at, id`,
    [userId],
  );
  return rows;
}

export async function factorsOf(q: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await q.query<FactorRow>(
    `select id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at, last_challenged_at
       from auth.mfa_factors where user_id = $1 order by created_at, id`,
    [userId],
  );
  return rows;
}

export function identityJson(row: IdentityRow): Json {
  return {
    identity_id: row.id,
    id: row.provider_id,
    user_id: row.user_id,
    identity_data: row.identity_data,
    provider: row.provider,
    last_sign_in_at: iso(row.last_sign_in_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    email: row.email ?? undefined,
  };
}

export function factorJson(row: FactorRow): Json {
  return {
    id: row.id,
    friendly_name: row.friendly_name ?? '',
    factor_type: row.factor_type,
    status: row.status,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    last_challenged_at: iso(row.last_challenged_at),
  };
}

export function userJson(user: UserRow, identities: IdentityRow[], factors: FactorRow[]): UserJson {
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change ?? undefined,
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: identities.map(identityJson),
    factors: factors.length > 0 ? factors.map(factorJson) : undefined,
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
}

/** The user as JSON, read inside the caller's transaction so it reflects what the caller just wrote. */
export async function loadUserJson(q: Queryable, userId: string): Promise<UserJson> {
  const user = await findUserById(q, userId);
  if (!user) throw unprocessable('user_not_found', 'User not found');
  return userJson(user, await identitiesOf(q, userId), await factorsOf(q, userId));
}

/** app_metadata.providers follows the identities a user has, as GoTrue's UpdateAppMetaDataProviders does. */
export async function syncProviders(q: Queryable, userId: string, now: string): Promise<void> {
  await q.query(
    `update auth.users set raw_app_meta_data = raw_app_meta_data || jsonb_build_object('providers',
       coalesce((select jsonb_agg(distinct provider) from auth.identities where user_id = $1), '[]'::jsonb)),
       updated_at = $2
     where id = $1`,
    [userId, now],
  );
}
