// Edge Function `send-receipt` (issue 22, supabase/SPEC.md [RCPT-16], §18): mails a sale's receipt.
//   POST /send-receipt  {"id": uuid, "sale_id"?: uuid, "email": "…"}  as a signed-in member of the sale's shop
// The database decides who may (receipt_email_request, as the caller), how many an hour ([MAIL-2]: 429
// `rate_limited`) and that each id is sent once (receipt_email_claim, receipt_email_sent, as the service
// role). One address per request, normalised ([MAIL-3]). The mail goes to MAIL_API_URL with MAIL_API_KEY (a
// provider's HTTP API; the local stack's mailbox locally). The link to the receipt's page is built from the
// SITE_URL secret only ([MAIL-1]): never from the request's Origin or Referer, which the caller chooses.
import { bearerToken, clientAs, secretOf, serviceClient } from '../_shared/clients.ts';
import {
  HttpError,
  fromDatabase,
  json,
  optionalUuidField,
  postHandler,
  readJsonObject,
  uuidField,
  type Body,
} from '../_shared/http.ts';
import { isMailbox, normalEmail } from '../_shared/mail-address.ts';
import { renderReceiptMail, type MailReceipt } from './render.ts';

const env = secretOf('send-receipt');

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** A request is a few hundred bytes; more is refused unread ([MAIL-5]). */
const MAX_BODY_BYTES = 16 * 1024;

/** The receipt's page on the app's configured address ([MAIL-1]); a SITE_URL that is no http(s) URL is a 500. */
function receiptLink(token: string): string {
  const site = env('SITE_URL').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s?#]+(\/[^\s?#]*)?$/.test(site)) {
    throw new HttpError(500, 'not_configured', 'The send-receipt function has no valid SITE_URL secret.');
  }
  return `${site}/r/${token}`;
}

/** One mailbox, trimmed and with its domain lower-cased ([MAIL-3]); anything else is 400 invalid_email. */
function emailField(body: Body): string {
  const email = typeof body.email === 'string' ? normalEmail(body.email) : '';
  if (!isMailbox(email)) {
    throw new HttpError(
      400,
      'invalid_email',
      'That email address does not look right: check it and try again.',
    );
  }
  return email;
}

async function send(request: Request): Promise<Response> {
  const token = bearerToken(request);
  const body = await readJsonObject(request, MAX_BODY_BYTES);
  const id = uuidField(body, 'id');
  const saleId = optionalUuidField(body, 'sale_id');
  const email = emailField(body);
  const caller = clientAs(env, token);
  const asked = await caller.rpc('receipt_email_request', { p_id: id, p_sale_id: saleId, p_email: email });
  if (asked.error) throw fromDatabase(asked.error);
  if ((asked.data as { sent_at: string | null }).sent_at !== null) return json({ status: 'already_sent' });
  const service = serviceClient(env);
  const claimed = await service.rpc('receipt_email_claim', { p_id: id, p_claim: true });
  if (claimed.error) throw fromDatabase(claimed.error);
  if (claimed.data !== true) return json({ status: 'already_sent' });
  try {
    const found = await service.rpc('receipt_for_mail', { p_id: id, p_new_token: newToken() });
    if (found.error) throw fromDatabase(found.error);
    const { receipt, token: linkToken } = found.data as { receipt: MailReceipt; token: string };
    const link = receiptLink(linkToken);
    const mail = renderReceiptMail(receipt, link);
    const sent = await fetch(env('MAIL_API_URL'), {
      method: 'POST',
      headers: { authorization: `Bearer ${env('MAIL_API_KEY')}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        from: Deno.env.get('MAIL_FROM') ?? 'receipts@tillpoint.local',
        to: email,
        ...mail,
        link,
      }),
    });
    if (!sent.ok) throw new HttpError(502, 'mail_failed', 'The mail could not be sent; try again.');
    const done = await service.rpc('receipt_email_sent', { p_id: id });
    if (done.error) throw fromDatabase(done.error);
    return json({ status: 'sent' });
  } catch (error) {
    // Not sent: release the claim so a retry can send it.
    await service.rpc('receipt_email_claim', { p_id: id, p_claim: false });
    throw error;
  }
}

Deno.serve(postHandler('send-receipt', send));
