// Google sign-in and identity linking (external.go, identity.go, §A6.3). GET /authorize and
// GET /user/identities/authorize start a flow state and send the browser to the local sign-in page; its form
// posts to /callback, which finds or creates the user and returns to redirect_to with `?code=` (PKCE) or the
// tokens in the fragment (implicit). Failures after the flow started are redirects carrying error params,
// never error pages, because the app is what must show them.
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { StackContext } from '../context';
import { EMAIL_FORMAT } from './accounts';
import { AuthError, validationFailed } from './errors';
import { createFlowState, FLOW_STATE_COLUMNS, isExpired, issueAuthCode, pkceParams } from './flow-state';
import type { FlowStateRow } from './flow-state';
import { findOrCreateGoogleUser, googleIdentityData, linkGoogleIdentity } from './google-accounts';
import { avatarSvg, errorPage, signInPage } from './google-page';
import { authenticate } from './guard';
import { clientIp, errorRedirect, redirectTarget, sessionFragment, userAgent, withQuery } from './request';
import { isoNow, startSession } from './sessions';
import { normaliseEmail } from './users';

const SIGN_IN_PAGE = '/local/google';
const BAD_STATE = 'bad_oauth_state';
const CallbackForm = z.object({ email: z.string().optional(), name: z.string().optional() });

export function oauthRoutes(app: Hono, ctx: StackContext): void {
  app.get('/authorize', (c) => startGoogleFlow(c, ctx, undefined));
  app.get('/user/identities/authorize', async (c) => {
    const { user } = await authenticate(c, ctx);
    return startGoogleFlow(c, ctx, user.id);
  });

  app.get(SIGN_IN_PAGE, async (c) => {
    const state = c.req.query('state') ?? '';
    const flow = await findFlow(ctx, state);
    if (flow?.auth_code !== null || isExpired(ctx, flow)) {
      return c.html(
        errorPage('This sign-in link is invalid or has expired. Start the sign-in again from the app.'),
        400,
      );
    }
    const callback = `${ctx.apiUrl()}/auth/v1/callback?state=${encodeURIComponent(state)}`;
    let email = '';
    if (flow.linking_target_id) {
      const { rows } = await ctx.db.query<{ email: string | null }>(
        'select email from auth.users where id = $1',
        [flow.linking_target_id],
      );
      email = rows[0]?.email ?? '';
    }
    return c.html(
      signInPage({
        action: callback,
        cancel: `${callback}&error=access_denied&error_description=${encodeURIComponent('User cancelled the sign-in')}`,
        email,
        linking: flow.linking_target_id !== null,
      }),
    );
  });

  app.get(`${SIGN_IN_PAGE}/avatar.svg`, (c) => {
    c.header('Content-Type', 'image/svg+xml');
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(avatarSvg(c.req.query('name') ?? ''));
  });

  app.get('/callback', async (c) =>
    finishGoogleFlow(c, ctx, { email: c.req.query('email'), name: c.req.query('name') }),
  );
  app.post('/callback', async (c) => {
    const form = CallbackForm.safeParse(await c.req.parseBody().catch(() => ({})));
    return finishGoogleFlow(c, ctx, form.success ? form.data : {});
  });
}

async function startGoogleFlow(
  c: Context,
  ctx: StackContext,
  linkingTargetId: string | undefined,
): Promise<Response> {
  const provider = c.req.query('provider') ?? '';
  if (provider !== 'google') throw validationFailed('Unsupported provider: provider is not enabled');
  const pkce = pkceParams(c.req.query('code_challenge'), c.req.query('code_challenge_method'));
  const flowId = await createFlowState(ctx.db, ctx, {
    pkce,
    providerType: 'google',
    authenticationMethod: 'oauth',
    redirectTo: redirectTarget(ctx, c.req.query('redirect_to')),
    ...(linkingTargetId === undefined ? {} : { linkingTargetId }),
  });
  const url = `${ctx.apiUrl()}/auth/v1${SIGN_IN_PAGE}?state=${flowId}`;
  if (c.req.query('skip_http_redirect') === 'true') return c.json({ url });
  return c.redirect(url, 302);
}

async function findFlow(ctx: StackContext, state: string): Promise<FlowStateRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(state)) return undefined;
  const { rows } = await ctx.db.query<FlowStateRow>(
    `select ${FLOW_STATE_COLUMNS} from auth.flow_state where id = $1 and provider_type = 'google'`,
    [state],
  );
  return rows[0];
}

async function finishGoogleFlow(
  c: Context,
  ctx: StackContext,
  form: { email?: string | undefined; name?: string | undefined },
): Promise<Response> {
  const badState = () =>
    c.redirect(
      errorRedirect(ctx.config.siteUrl, 'invalid_request', BAD_STATE, 'OAuth callback with invalid state'),
      302,
    );
  const flow = await findFlow(ctx, c.req.query('state') ?? '');
  if (flow?.auth_code !== null) return badState();
  const target = flow.redirect_to ?? ctx.config.siteUrl;
  const fail = async (error: string, code: string, description: string) => {
    await ctx.db.query('delete from auth.flow_state where id = $1', [flow.id]);
    return c.redirect(errorRedirect(target, error, code, description), 302);
  };
  if (isExpired(ctx, flow)) return fail('invalid_request', 'flow_state_expired', 'Flow state has expired');
  const denied = c.req.query('error');
  if (denied) return fail(denied, 'provider_error', c.req.query('error_description') ?? denied);
  const email = normaliseEmail(form.email ?? '');
  if (!EMAIL_FORMAT.test(email))
    return fail('invalid_request', 'validation_failed', 'A valid email is required');

  const identity = { email, ...googleIdentityData(ctx, email, form.name ?? '') };
  const client = { ip: clientIp(c), userAgent: userAgent(c) };
  try {
    const location = await ctx.db.transaction(async (tx) => {
      const now = isoNow(ctx);
      // Claim the flow under a row lock: of two submissions racing, the second finds it used.
      const claimed = await tx.query(
        'update auth.flow_state set updated_at = $2 where id = $1 and auth_code is null',
        [flow.id, now],
      );
      if (claimed.affectedRows !== 1) throw new AuthError(400, BAD_STATE, 'OAuth state already used');
      let userId: string;
      if (flow.linking_target_id) {
        userId = flow.linking_target_id;
        await linkGoogleIdentity(tx, userId, identity, now);
      } else {
        userId = await findOrCreateGoogleUser(tx, identity, now);
      }
      if (flow.code_challenge !== '') {
        return withQuery(target, { code: await issueAuthCode(tx, ctx, flow.id, userId) });
      }
      await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
      const session = await startSession(tx, ctx, { userId, method: 'oauth', client });
      return sessionFragment(target, session, { provider_token: `local-google-${identity.sub}` });
    });
    return c.redirect(location, 302);
  } catch (error) {
    if (error instanceof AuthError && error.code === BAD_STATE) return badState();
    if (error instanceof AuthError) return fail('server_error', error.code, error.message);
    throw error;
  }
}
