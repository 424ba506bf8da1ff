// Edge Function `send-purchase-order` (issue 38, supabase/SPEC.md [PUR-15]): mails a purchase order to its
// supplier.
//   POST /send-purchase-order  {"id": uuid, "purchase_order_id": uuid}  as a signed-in manager of the order's shop
// The database decides who may, to whom and how often (purchase_order_mail_request, as the caller: managers,
// a draft or ordered order, a supplier with an email, [PUR-15]'s limits → 429 `rate_limited`), and records the
// mail once it went (purchase_order_mail_sent, as the service role: a draft becomes ordered, an event 'sent').
// The mail is plain text with no link; its Reply-To is the sender's own confirmed address. MAIL_API_URL and
// MAIL_API_KEY are the provider's, as for send-receipt.
import { bearerToken, clientAs, secretOf, serviceClient } from '../_shared/clients.ts';
import { HttpError, fromDatabase, json, postHandler, readJsonObject, uuidField } from '../_shared/http.ts';
import { isMailbox } from '../_shared/mail-address.ts';
import { renderPurchaseOrderMail, type PurchaseOrderMail } from './render.ts';

const env = secretOf('send-purchase-order');

/** A request is a few dozen bytes; more is refused unread ([MAIL-5]). */
const MAX_BODY_BYTES = 16 * 1024;

interface MailRequest {
  number: string;
  status: string;
  sent_at: string | null;
  to: string;
  reply_to: string | null;
  mail: PurchaseOrderMail;
}

async function send(request: Request): Promise<Response> {
  const token = bearerToken(request);
  const body = await readJsonObject(request, MAX_BODY_BYTES);
  const id = uuidField(body, 'id');
  const orderId = uuidField(body, 'purchase_order_id');
  const caller = clientAs(env, token);
  const asked = await caller.rpc('purchase_order_mail_request', { p_id: id, p_purchase_order_id: orderId });
  if (asked.error) throw fromDatabase(asked.error);
  const found = asked.data as MailRequest;
  if (found.sent_at !== null) return json({ sent: true, number: found.number, status: found.status });
  // [MAIL-3] One mailbox, as the server normalised it; a supplier address that is not one is never mailed.
  if (!isMailbox(found.to)) {
    throw new HttpError(
      400,
      'invalid_email',
      "The supplier's email address does not look right: correct it first.",
    );
  }
  const mail = renderPurchaseOrderMail(found.mail);
  const sent = await fetch(env('MAIL_API_URL'), {
    method: 'POST',
    headers: { authorization: `Bearer ${env('MAIL_API_KEY')}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      from: Deno.env.get('MAIL_FROM') ?? 'orders@tillpoint.local',
      to: found.to,
      ...(found.reply_to && isMailbox(found.reply_to) ? { reply_to: found.reply_to } : {}),
      ...mail,
    }),
  });
  if (!sent.ok) throw new HttpError(502, 'mail_failed', 'The mail could not be sent; try again.');
  const done = await serviceClient(env).rpc('purchase_order_mail_sent', { p_id: id });
  if (done.error) throw fromDatabase(done.error);
  return json(done.data);
}

Deno.serve(postHandler('send-purchase-order', send));
