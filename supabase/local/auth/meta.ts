// The endpoints that describe this GoTrue rather than act on a user: settings (what the app may offer),
// health, and JWKS. Tokens here are HS256 with the shared secret, and GoTrue never lists symmetric keys,
// so the key set is empty — auth-js then verifies tokens by calling GET /user, as it does on the CLI stack.
import type { Hono } from 'hono';
import type { StackContext } from '../context';

export const GOTRUE_VERSION = 'v2.180.0-local';

export function metaRoutes(app: Hono, ctx: StackContext): void {
  app.get('/settings', (c) =>
    c.json({
      external: {
        anonymous_users: false,
        apple: false,
        azure: false,
        bitbucket: false,
        discord: false,
        facebook: false,
        figma: false,
        github: false,
        gitlab: false,
        google: true,
        keycloak: false,
        kakao: false,
        linkedin_oidc: false,
        notion: false,
        slack_oidc: false,
        spotify: false,
        twitch: false,
        twitter: false,
        workos: false,
        zoom: false,
        email: true,
        phone: false,
      },
      disable_signup: false,
      mailer_autoconfirm: ctx.config.mailerAutoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );
  app.get('/health', (c) =>
    c.json({
      version: GOTRUE_VERSION,
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API (Tillpoint local stack)',
    }),
  );
  app.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=600');
    return c.json({ keys: [] });
  });
}
