// Serves /functions/v1/<name> as Supabase's edge runtime does, in-process: supabase/functions/<name>/index.ts
// is imported once, under a minimal Deno shim that captures the handler it gives Deno.serve and answers
// Deno.env from the stack (per request, so two stacks in one process each see their own URL and secrets).
// The request reaches the handler as Request, its body still a stream, and its Response goes back unchanged.
// Bodies are limited as REST bodies are ([MAIL-5]): over 10 MB is 413 before the body is read whole.
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { WebSocket } from 'ws';
import type { StackContext } from '../context';
import { ANON_KEY, LOCAL_STRIPE, SERVICE_ROLE_KEY } from '../config';
import { bearerToken, verifyJwt } from '../jwt';
import { MAX_BODY_BYTES } from '../rest/routes';

type Handler = (request: Request) => Response | Promise<Response>;

export const FUNCTIONS_DIR = fileURLToPath(new URL('../../functions', import.meta.url));
const FUNCTION_NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/;

const envScope = new AsyncLocalStorage<Record<string, string>>();
const handlers = new Map<string, Promise<Handler>>();
let loading: ((handler: Handler) => void) | undefined;
// Loads run one after another, so each Deno.serve call is captured for the module being imported.
let loads: Promise<unknown> = Promise.resolve();

function installDenoShim(): void {
  const global = globalThis as { Deno?: unknown; WebSocket?: unknown };
  if (global.Deno !== undefined) return;
  // Deno has a WebSocket global, which supabase-js looks for when it builds a client; Node 20 has none.
  global.WebSocket ??= WebSocket;
  global.Deno = {
    env: { get: (name: string) => envScope.getStore()?.[name] ?? process.env[name] },
    serve(handler: Handler) {
      if (!loading) throw new Error('Deno.serve called outside a function load');
      loading(handler);
      return { finished: Promise.resolve() };
    },
  };
}

/** Imports a function's index.ts once and returns the handler it served; loads run one at a time. */
function loadHandler(name: string, dir: string): Promise<Handler> {
  const key = `${dir}/${name}`;
  let handler = handlers.get(key);
  if (!handler) {
    handler = loads
      .catch(() => undefined)
      .then(async () => {
        installDenoShim();
        let captured: Handler | undefined;
        loading = (h) => (captured = h);
        try {
          await import(pathToFileURL(`${dir}/${name}/index.ts`).href);
        } finally {
          loading = undefined;
        }
        if (!captured) throw new Error(`supabase/functions/${name} never called Deno.serve`);
        return captured;
      });
    handlers.set(key, handler);
    loads = handler;
  }
  return handler;
}

/** What Supabase gives every function, plus the secrets `supabase secrets set` would, pointed at the stack. */
export function functionEnv(ctx: StackContext): Record<string, string> {
  const api = new URL(ctx.apiUrl());
  return {
    SUPABASE_URL: ctx.apiUrl(),
    SUPABASE_ANON_KEY: ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
    STRIPE_SECRET_KEY: LOCAL_STRIPE.secretKey,
    STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE.webhookSecret,
    // Only the local stack sets these: the function's stripe client then talks to the stack's fake Stripe.
    STRIPE_API_HOST: api.hostname,
    STRIPE_API_PORT: api.port,
    STRIPE_API_PROTOCOL: api.protocol.replace(':', ''),
    // send-receipt's mail API: the stack's mailbox (GET /local/v1/mail lists what it captured).
    MAIL_API_URL: `${ctx.apiUrl()}/local/v1/mail/send`,
    MAIL_API_KEY: 'local-mail',
    // The app's origin for receipt links when a caller sends no Origin header (a server, or a test in Node).
    SITE_URL: ctx.config.siteUrl,
  };
}

/**
 * verify_jwt (supabase/config.toml): the platform answers 401 before the function runs when a call carries no
 * JWT, or one that does not verify; the anon key is a JWT and passes. A CORS preflight is never refused.
 */
async function refusedByGateway(request: Request, verify: boolean): Promise<Response | null> {
  if (!verify || request.method === 'OPTIONS') return null;
  const token = bearerToken(request.headers.get('authorization') ?? undefined);
  if (token === undefined) {
    return Response.json({ code: 401, message: 'Missing authorization header' }, { status: 401 });
  }
  try {
    await verifyJwt(token);
    return null;
  } catch {
    return Response.json({ code: 401, message: 'Invalid JWT' }, { status: 401 });
  }
}

export function createFunctionRoutes(ctx: StackContext, dir = FUNCTIONS_DIR): Hono {
  const app = new Hono();
  // A declared length over the limit is refused unread; a body sent without one is counted as it arrives.
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        c.json(
          {
            error: {
              code: 'payload_too_large',
              message: `The request body is larger than ${String(MAX_BODY_BYTES)} bytes.`,
            },
          },
          413,
        ),
    }),
  );
  app.all('/:name{[^/]+}/*', (c) => serveFunction(c.req.raw, c.req.param('name')));
  app.all('/:name{[^/]+}', (c) => serveFunction(c.req.raw, c.req.param('name')));

  async function serveFunction(request: Request, name: string): Promise<Response> {
    if (!FUNCTION_NAME.test(name) || !existsSync(`${dir}/${name}/index.ts`)) {
      return Response.json(
        { code: 'NOT_FOUND', message: 'Requested function was not found' },
        { status: 404 },
      );
    }
    const refused = await refusedByGateway(request, ctx.config.functionsVerifyJwt[name] ?? true);
    if (refused) return refused;
    const handler = await loadHandler(name, dir);
    // The edge runtime hands the function its path without the /functions/v1 prefix.
    const url = new URL(request.url);
    url.pathname = url.pathname.replace(/^\/functions\/v1/, '');
    // The body stays a stream, as the edge runtime hands it over: a function reads (and limits) it itself.
    const body = ['GET', 'HEAD'].includes(request.method) ? null : request.body;
    const init = { method: request.method, headers: request.headers, body, duplex: 'half' };
    const inner = new Request(url, init as RequestInit);
    return envScope.run(functionEnv(ctx), () => handler(inner));
  }
  return app;
}
