// Who is asking: the gateway's apikey rule (Kong key-auth on Supabase, reference §0) and PostgREST's JWT
// check (§B1). The API key must be one of the stack's two keys; the user's `Authorization: Bearer` token
// wins over it; the token's `role` claim becomes the database role, `anon` when it has none.
import { ANON_KEY, SERVICE_ROLE_KEY } from '../config';
import { bearerToken, JwtError, verifyJwt } from '../jwt';
import { JSON_CONTENT_TYPE, RestError } from './errors';

export interface RequestAuth {
  role: string;
  claims: Record<string, unknown>;
}

const KNOWN_KEYS = new Set([ANON_KEY, SERVICE_ROLE_KEY]);

/** Kong answers missing or unknown keys itself, in its own shape (not PostgREST's). */
export function gatewayRejection(headers: Headers): Response | undefined {
  const key = headers.get('apikey');
  const body = !key
    ? { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }
    : KNOWN_KEYS.has(key)
      ? undefined
      : { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' };
  if (body === undefined) return undefined;
  return new Response(JSON.stringify(body), { status: 401, headers: { 'Content-Type': JSON_CONTENT_TYPE } });
}

function jwtRejection(message: string): RestError {
  return new RestError(
    401,
    { code: 'PGRST301', message },
    { headers: { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"` } },
  );
}

/** The role and claims of a request that passed the gateway; a RestError (401 PGRST301) for a bad token. */
export async function authenticate(headers: Headers): Promise<RequestAuth> {
  const token = bearerToken(headers.get('authorization') ?? undefined) ?? headers.get('apikey') ?? '';
  const parts = token.split('.').length;
  if (parts !== 3) throw jwtRejection(`Expected 3 parts in JWT; got ${parts}`);
  try {
    const claims = await verifyJwt(token);
    return { role: typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon', claims };
  } catch (error) {
    if (error instanceof JwtError && error.reason === 'expired') throw jwtRejection('JWT expired');
    throw jwtRejection('JWSError JWSInvalidSignature');
  }
}
