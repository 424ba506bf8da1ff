// GoTrue's admin API, the subset Edge Functions use (reference §A; supabase-js `auth.admin`): POST
// /admin/users creates a user (pair-device makes one per paired till) and DELETE /admin/users/:id removes
// one. Only a service-role key may call them; anyone else gets GoTrue's 403 `not_admin` "User not allowed".
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { StackContext } from '../context';
import { DatabaseError } from '../db/database';
import { bearerToken, verifyJwt } from '../jwt';
import { createUser, EMAIL_FORMAT } from './accounts';
import { AuthError, forbidden, notFound, unprocessable, validationFailed } from './errors';
import { checkPasswordStrength, hashPassword } from './passwords';
import { optionalString, readJson } from './request';
import { isoNow } from './sessions';
import { loadUserJson, normaliseEmail } from './users';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const CreateBody = z.object({
  email: optionalString,
  phone: optionalString,
  password: optionalString,
  email_confirm: z.boolean().nullish(),
  app_metadata: z.record(z.string(), z.unknown()).nullish(),
  user_metadata: z.record(z.string(), z.unknown()).nullish(),
});

/** GoTrue's requireAdmin: a JWT of ours whose role is an admin role. */
async function requireAdmin(c: Context): Promise<void> {
  const token = bearerToken(c.req.header('authorization'));
  if (token === undefined) {
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  }
  const claims = await verifyJwt(token).catch(() => {
    throw forbidden('bad_jwt', 'invalid JWT: unable to parse or verify signature');
  });
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') {
    throw forbidden('not_admin', 'User not allowed');
  }
}

export function adminRoutes(app: Hono, ctx: StackContext): void {
  app.post('/admin/users', async (c) => {
    await requireAdmin(c);
    const body = await readJson(c, CreateBody);
    if (!body.email) {
      if (body.phone) throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
      throw validationFailed('Unable to validate email address: invalid format');
    }
    const email = normaliseEmail(body.email);
    if (!EMAIL_FORMAT.test(email)) throw validationFailed('Unable to validate email address: invalid format');
    if (body.password !== undefined) checkPasswordStrength(body.password);
    const passwordHash = body.password === undefined ? null : await hashPassword(body.password);
    const now = isoNow(ctx);
    try {
      const user = await ctx.db.transaction(async (tx) => {
        const account = {
          email,
          passwordHash,
          provider: 'email' as const,
          userMetadata: body.user_metadata ?? {},
          confirmed: body.email_confirm === true,
        };
        const id = await createUser(tx, account, now);
        // GoTrue keeps provider/providers and merges what the admin sent over them.
        await tx.query('update auth.users set raw_app_meta_data = raw_app_meta_data || $2 where id = $1', [
          id,
          JSON.stringify(body.app_metadata ?? {}),
        ]);
        return loadUserJson(tx, id);
      });
      return c.json(user);
    } catch (error) {
      if (error instanceof DatabaseError && error.code === '23505') {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
      throw error;
    }
  });

  app.delete('/admin/users/:id', async (c) => {
    await requireAdmin(c);
    const id = c.req.param('id');
    if (!UUID.test(id)) throw notFound('user_not_found', 'User not found');
    const { rows } = await ctx.db.query<{ id: string }>('delete from auth.users where id = $1 returning id', [
      id,
    ]);
    if (rows.length === 0) throw notFound('user_not_found', 'User not found');
    return c.json({});
  });
}
