// Who is calling an authenticated endpoint (GoTrue's requireAuthentication + maybeLoadUserOrSession): a
// Bearer JWT signed by us, not expired, whose user and session still exist. A logged-out session's access
// token stays cryptographically valid until exp, so the session row is what ends it here.
import type { Context } from 'hono';
import type { StackContext } from '../context';
import { bearerToken, JwtError, verifyJwt } from '../jwt';
import type { JwtClaims } from '../jwt';
import { AuthError, forbidden } from './errors';
import { findUserById } from './users';
import type { UserRow } from './users';

export interface Caller {
  claims: JwtClaims;
  user: UserRow;
  session: { id: string; aal: string };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function authenticate(c: Context, ctx: StackContext): Promise<Caller> {
  const token = bearerToken(c.req.header('authorization'));
  if (token === undefined) {
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  }
  let claims: JwtClaims;
  try {
    claims = await verifyJwt(token);
  } catch (error) {
    const reason =
      error instanceof JwtError && error.reason === 'expired' ? 'token is expired' : 'signature is invalid';
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (!UUID.test(sub)) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  const user = await findUserById(ctx.db, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
  const { rows } = UUID.test(sessionId)
    ? await ctx.db.query<{ id: string; aal: string }>(
        'select id, aal from auth.sessions where id = $1 and user_id = $2 and (not_after is null or not_after > $3)',
        [sessionId, sub, new Date(ctx.now()).toISOString()],
      )
    : { rows: [] };
  const session = rows[0];
  if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  return { claims, user, session };
}
