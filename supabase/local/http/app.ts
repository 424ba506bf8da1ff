// The HTTP face of the local stack: the gateway rules Kong applies on Supabase (CORS, apikey on /rest/v1),
// then GoTrue under /auth/v1, PostgREST under /rest/v1, Edge Functions under /functions/v1, a fake Stripe
// under /v1 and the local mail catcher and Stripe controls under /local/v1.
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { StackContext } from '../context';
import { createAuthRoutes } from '../auth/routes';
import { createRestRoutes } from '../rest/routes';
import { sendQueuedMail } from '../mail-outbox';
import { createFunctionRoutes } from '../functions/runtime';
import { createStripeApiRoutes, createStripeLocalRoutes } from '../stripe/routes';

export const CORS_ALLOW_HEADERS = [
  'apikey',
  'authorization',
  'x-client-info',
  'content-type',
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'range-unit',
  'x-supabase-api-version',
  'x-retry-count',
];
export const CORS_EXPOSE_HEADERS = [
  'Content-Range',
  'Range-Unit',
  'Location',
  'Content-Location',
  'X-Supabase-Api-Version',
  'Preference-Applied',
  'x-sb-error-code',
];

export function createApp(ctx: StackContext): Hono {
  const app = new Hono();
  app.use(
    '*',
    cors({
      origin: (origin) => origin || '*',
      allowHeaders: CORS_ALLOW_HEADERS,
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      exposeHeaders: CORS_EXPOSE_HEADERS,
      maxAge: 86400,
    }),
  );
  app.route('/auth/v1', createAuthRoutes(ctx));
  // [ONB-8] Mail a call queued is sent before its answer leaves, so it is in the mailbox when the caller looks.
  app.use('/rest/v1/*', async (_c, next) => {
    await next();
    await sendQueuedMail(ctx.db, ctx.mailbox);
  });
  app.route('/rest/v1', createRestRoutes(ctx));
  app.route('/functions/v1', createFunctionRoutes(ctx));
  // Stripe's own paths (/v1/…) on the stack's port: the card-payments function's stripe client is pointed here.
  app.route('/v1', createStripeApiRoutes(ctx));
  app.route('/local/v1/stripe', createStripeLocalRoutes(ctx));
  app.get('/local/v1/mail', (c) => c.json(ctx.mailbox.list(c.req.query('to'))));
  // [RCPT-16] [PUR-15] The mail API send-receipt and send-purchase-order post to (MAIL_API_URL): a message lands
  // in the mailbox.
  app.post('/local/v1/mail/send', async (c) => {
    const body = (await c.req.json().catch(() => null)) as Partial<
      Record<'to' | 'subject' | 'text' | 'html' | 'link' | 'reply_to', unknown>
    > | null;
    const text = (key: 'to' | 'subject' | 'text' | 'html' | 'link' | 'reply_to') =>
      typeof body?.[key] === 'string' ? body[key] : undefined;
    const to = text('to');
    const subject = text('subject');
    const plain = text('text');
    if (!to || !subject || !plain) return c.json({ error: 'to, subject and text are required' }, 400);
    const html = text('html');
    const link = text('link');
    const replyTo = text('reply_to');
    const sent = ctx.mailbox.send({
      to,
      subject,
      text: plain,
      ...(html ? { html } : {}),
      ...(link ? { link } : {}),
      ...(replyTo ? { reply_to: replyTo } : {}),
    });
    return c.json({ id: sent.id });
  });
  app.get('/', (c) =>
    c.json({
      name: 'Tillpoint local stack',
      auth: `${ctx.apiUrl()}/auth/v1`,
      rest: `${ctx.apiUrl()}/rest/v1`,
      functions: `${ctx.apiUrl()}/functions/v1`,
    }),
  );
  app.notFound((c) => c.json({ message: 'no Route matched with those values' }, 404));
  // Never a stack trace: the server logs it and answers a plain 500, then keeps serving.
  app.onError((error, c) => {
    console.error('[stack] unhandled error:', error);
    return c.json({ message: 'An unexpected error occurred in the local stack.' }, 500);
  });
  return app;
}
