// GoTrue subset (/auth/v1, reference §A and §D): one small module per endpoint group, composed here. Every
// failure leaves through errors.ts in GoTrue's shape; a malformed request never produces a stack trace.
//
//   meta.ts        GET /settings, /health, /.well-known/jwks.json
//   signup.ts      POST /signup (auto-confirmed, answers a session)
//   token.ts       POST /token?grant_type=password|refresh_token|pkce
//   logout.ts      POST /logout?scope=global|local|others
//   user.ts        GET /user, PUT /user
//   oauth.ts       GET /authorize, GET /user/identities/authorize, GET|POST /callback, and the local-only
//                  Google sign-in page GET /local/google (+ /local/google/avatar.svg)
//   identities.ts  DELETE /user/identities/:id
//   recover.ts     POST /recover;  verify.ts  GET|POST /verify
//   mfa.ts         POST /factors, /factors/:id/challenge, /factors/:id/verify; DELETE /factors/:id
//   admin.ts       POST /admin/users, DELETE /admin/users/:id (service role only)
import { Hono } from 'hono';
import type { StackContext } from '../context';
import { adminRoutes } from './admin';
import { errorResponse } from './errors';
import { identityRoutes } from './identities';
import { logoutRoutes } from './logout';
import { metaRoutes } from './meta';
import { otpRoutes, resendRoutes } from './mailbox-links';
import { mfaRoutes } from './mfa';
import { oauthRoutes } from './oauth';
import { recoverRoutes } from './recover';
import { signupRoutes } from './signup';
import { tokenRoutes } from './token';
import { userRoutes } from './user';
import { verifyRoutes } from './verify';

export function createAuthRoutes(ctx: StackContext): Hono {
  const app = new Hono();
  app.onError((error, c) => errorResponse(c, error));
  metaRoutes(app, ctx);
  signupRoutes(app, ctx);
  tokenRoutes(app, ctx);
  logoutRoutes(app, ctx);
  userRoutes(app, ctx);
  oauthRoutes(app, ctx);
  identityRoutes(app, ctx);
  recoverRoutes(app, ctx);
  resendRoutes(app, ctx);
  otpRoutes(app, ctx);
  verifyRoutes(app, ctx);
  mfaRoutes(app, ctx);
  adminRoutes(app, ctx);
  return app;
}
