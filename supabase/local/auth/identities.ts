// DELETE /user/identities/:id (identity.go DeleteIdentity): unlinking keeps at least one identity, and
// app_metadata.providers follows what is left. GET /user/identities/authorize lives with the Google flow.
import type { Hono } from 'hono';
import type { StackContext } from '../context';
import { notFound, unprocessable } from './errors';
import { authenticate } from './guard';
import { isoNow } from './sessions';
import { identitiesOf, syncProviders } from './users';

export function identityRoutes(app: Hono, ctx: StackContext): void {
  app.delete('/user/identities/:id', async (c) => {
    const { user } = await authenticate(c, ctx);
    const id = c.req.param('id');
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('validation_failed', 'identity_id must be an UUID');
    await ctx.db.transaction(async (tx) => {
      const identities = await identitiesOf(tx, user.id);
      if (identities.length <= 1) {
        throw unprocessable(
          'single_identity_not_deletable',
          'User must have at least 1 identity after unlinking',
        );
      }
      if (!identities.some((identity) => identity.id === id)) {
        throw unprocessable('identity_not_found', "Identity doesn't exist");
      }
      await tx.query('delete from auth.identities where id = $1 and user_id = $2', [id, user.id]);
      await syncProviders(tx, user.id, isoNow(ctx));
    });
    return c.json({});
  });
}
