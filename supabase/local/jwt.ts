// HS256 tokens with the demo secret, as the Supabase CLI's local stack signs them. Verification allows the
// 30 s clock skew PostgREST allows.
import { SignJWT, jwtVerify, errors } from 'jose';
import { JWT_SECRET } from './config';

const secret = new TextEncoder().encode(JWT_SECRET);
const CLOCK_SKEW_SECONDS = 30;

export type JwtClaims = Record<string, unknown> & { role?: string; sub?: string; exp?: number };

export async function signJwt(claims: JwtClaims): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
}

export class JwtError extends Error {
  readonly reason: 'expired' | 'invalid';
  constructor(reason: 'expired' | 'invalid', message: string) {
    super(message);
    this.name = 'JwtError';
    this.reason = reason;
  }
}

/** The token's claims, or a JwtError saying whether it expired or is not ours. */
export async function verifyJwt(token: string): Promise<JwtClaims> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      clockTolerance: CLOCK_SKEW_SECONDS,
    });
    return payload;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new JwtError('expired', 'JWT expired');
    throw new JwtError('invalid', error instanceof Error ? error.message : 'invalid JWT');
  }
}

/** The bearer token of an Authorization header, or undefined when there is none. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
