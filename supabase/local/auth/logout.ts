// POST /logout?scope=global|local|others (§A5): ends sessions (their refresh tokens and amr claims go with
// them by cascade) and answers 204. Access tokens stay valid JWTs until exp, but every endpoint here then
// refuses them with session_not_found.
import type { Hono } from 'hono';
import type { StackContext } from '../context';
import { validationFailed } from './errors';
import { authenticate } from './guard';

export function logoutRoutes(app: Hono, ctx: StackContext): void {
  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw validationFailed(`Unsupported logout scope "${scope}"`);
    }
    const { user, session } = await authenticate(c, ctx);
    const sql = {
      global: 'delete from auth.sessions where user_id = $1',
      local: 'delete from auth.sessions where user_id = $1 and id = $2',
      others: 'delete from auth.sessions where user_id = $1 and id <> $2',
    }[scope];
    await ctx.db.query(sql, scope === 'global' ? [user.id] : [user.id, session.id]);
    return c.body(null, 204);
  });
}
