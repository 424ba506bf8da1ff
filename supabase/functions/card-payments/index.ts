// Edge Function `card-payments` (issue 20): card payments on Stripe Terminal readers, server-driven.
//   POST /card-payments          {"action": "...", ...}  as a signed-in member; see ACTIONS in actions.ts
//   POST /card-payments/webhook  Stripe's events, verified by the Stripe-Signature header
// Secrets: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET (supabase secrets set); SUPABASE_URL, SUPABASE_ANON_KEY
// and SUPABASE_SERVICE_ROLE_KEY come from Supabase. Deploy with --no-verify-jwt: Stripe's webhook carries no
// JWT, and every action verifies the caller's token itself.
import { ACTIONS } from './actions.ts';
import { callerOf, serviceClient, stripeClient, webhookSecret } from './clients.ts';
import { HttpError, json, postHandler } from './http.ts';
import { handleWebhook } from './webhook.ts';

async function route(request: Request): Promise<Response> {
  const service = serviceClient();
  if (new URL(request.url).pathname.endsWith('/webhook')) {
    return await handleWebhook(request, stripeClient(), webhookSecret(), service);
  }
  const caller = await callerOf(request, service);
  const body: unknown = await request.json().catch(() => null);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'invalid_args', 'The body must be a JSON object with an action.');
  }
  const record = body as Record<string, unknown>;
  // Only the table's own names: `constructor` or `valueOf` would otherwise reach Object's own functions
  // and answer with the clients they are handed, service key and all.
  const name = record.action;
  const action = typeof name === 'string' && Object.hasOwn(ACTIONS, name) ? ACTIONS[name] : undefined;
  if (!action) throw new HttpError(400, 'unknown_action', `Actions: ${Object.keys(ACTIONS).join(', ')}.`);
  return json(await action({ caller, service, stripe: stripeClient() }, record));
}

Deno.serve(postHandler('card-payments', route));
