// Database clients of the Edge Functions, made per request from the function's environment: the service
// role's, and the caller's own (their token, so the database judges membership, role and second factor).
import { createClient } from '@supabase/supabase-js';
import { HttpError } from './http.ts';

/** A secret of the function, or a 500 naming it: a deployment that forgot one says which. */
export function secretOf(fn: string): (name: string) => string {
  return (name) => {
    const value = Deno.env.get(name);
    if (!value) throw new HttpError(500, 'not_configured', `The ${fn} function has no ${name} secret.`);
    return value;
  };
}

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/** One way to connect, so the service role's client and the caller's are one type. */
function connect(secret: (name: string) => string, key: string, headers: Record<string, string> = {}) {
  return createClient(secret('SUPABASE_URL'), key, { auth: noSession, global: { headers } });
}

export function serviceClient(secret: (name: string) => string) {
  return connect(secret, secret('SUPABASE_SERVICE_ROLE_KEY'));
}

/** A database client: the service role's or the caller's. */
export type Db = ReturnType<typeof serviceClient>;

/** The caller's bearer token; none is a 401. */
export function bearerToken(request: Request): string {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token) throw new HttpError(401, 'not_signed_in', 'Sign in first.');
  return token;
}

/** The database as the token's user: RLS and the functions' role checks apply to them. */
export function clientAs(secret: (name: string) => string, token: string): Db {
  return connect(secret, secret('SUPABASE_ANON_KEY'), { Authorization: `Bearer ${token}` });
}
