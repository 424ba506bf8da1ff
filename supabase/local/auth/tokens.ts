// The access token GoTrue signs (tokens.GenerateAccessToken, §A3): every claim is always present, `aud` is a
// string, `amr` is newest first, and `iss` is this stack's own /auth/v1 URL like the Supabase CLI's.
import type { StackContext } from '../context';
import { signJwt } from '../jwt';
import type { UserJson } from './users';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface TokenSubject {
  user: UserJson;
  sessionId: string;
  aal: string;
  amr: AmrEntry[];
}

export interface SignedAccessToken {
  token: string;
  expiresAt: number;
  expiresIn: number;
}

export async function signAccessToken(ctx: StackContext, subject: TokenSubject): Promise<SignedAccessToken> {
  const iat = Math.floor(ctx.now() / 1000);
  const expiresIn = ctx.config.jwtExpirySeconds;
  const { user } = subject;
  const token = await signJwt({
    iss: `${ctx.apiUrl()}/auth/v1`,
    sub: user.id,
    aud: user.aud,
    exp: iat + expiresIn,
    iat,
    email: user.email,
    phone: user.phone,
    app_metadata: user.app_metadata,
    user_metadata: user.user_metadata,
    role: user.role,
    aal: subject.aal,
    amr: subject.amr,
    session_id: subject.sessionId,
    is_anonymous: user.is_anonymous,
  });
  return { token, expiresAt: iat + expiresIn, expiresIn };
}
