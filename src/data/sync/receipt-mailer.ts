// Receipts queued at the till go by mail after sync (supabase/SPEC.md [RCPT-15], [RCPT-16]): once the server
// answered a `receipt.email` op applied or duplicate, its ledger row is synced, and the till asks the Edge
// Function `send-receipt` to mail it with the address it kept. The function sends each id once, so a retry
// after a lost answer never mails twice. The address is forgotten once sent, unless the cashier attached a
// customer to the sale (that customer's email is the shop's to keep). Nothing here throws: a failure stays
// on the row, in words, and the next sync tries again — a 429 `rate_limited` too ([MAIL-6]): the mail stays
// queued with the sentence saying why until the hour's limit lets it go.
import type { LedgerDb } from '../local/ledger-db';
import type { LedgerReceiptEmail } from '../local/ledger-types';
import { t } from '@lingui/core/macro';

/** Mails one receipt now; `id` is the op's request id, so the same id is the same mail. */
export type SendReceipt = (request: {
  id: string;
  saleId: string;
  email: string;
}) => Promise<'sent' | 'already_sent'>;

/**
 * [MAIL-6] A queued mail over the hour's limits is not lost: the register shows "Not sent yet: <this> The till
 * tries again at its next sync." (email-receipt.tsx), and a later sync sends it.
 */
export function rateLimitedWords(): string {
  return t`Too many receipts were mailed in the last hour.`;
}

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

/** send-receipt's 429 `rate_limited`, as the remote adapter's error carries it in `code`. */
function rateLimited(error: unknown): boolean {
  return codeOf(error) === 'rate_limited';
}

function due(
  row: LedgerReceiptEmail,
  companies: ReadonlySet<string> | null,
): row is LedgerReceiptEmail & {
  email: string;
} {
  return row.sent_at === null && row.email !== null && (companies === null || companies.has(row.company_id));
}

async function sendOne(
  ledger: LedgerDb,
  send: SendReceipt,
  row: LedgerReceiptEmail & { email: string },
  now: () => Date,
): Promise<boolean> {
  try {
    await send({ id: row.id, saleId: row.sale_id, email: row.email });
  } catch (error) {
    // The adapter's refusal (a coded Error, receipt-links.ts) is already the app's sentence: it is stored as
    // said, in the language of the moment, and shown until the next try. Any other error is not words.
    const why = rateLimited(error)
      ? rateLimitedWords()
      : error instanceof Error && typeof codeOf(error) === 'string' && error.message
        ? error.message
        : t`The receipt could not be sent.`;
    await ledger.receiptEmails.update(row.id, { send_error: why });
    return false;
  }
  const sale = await ledger.sales.get(row.sale_id);
  const keep = (sale?.customer_id ?? null) !== null;
  await ledger.receiptEmails.update(row.id, {
    sent_at: now().toISOString(),
    send_error: null,
    ...(keep ? {} : { email: null }),
  });
  return true;
}

/**
 * Mails every receipt the server has recorded and this till has not sent yet, of the shops in `companies`
 * (the signed-in user's; null for all). Answers how many went; never throws.
 */
export async function mailSyncedReceipts(
  ledger: LedgerDb,
  send: SendReceipt,
  companies: ReadonlySet<string> | null,
  now: () => Date = () => new Date(),
): Promise<number> {
  try {
    const rows = await ledger.receiptEmails.where('sync').equals('synced').toArray();
    let sent = 0;
    // One at a time: a till has a handful at most, and the function claims each id anyway.
    for (const row of rows) {
      if (due(row, companies) && (await sendOne(ledger, send, row, now))) sent += 1;
    }
    return sent;
  } catch (error) {
    console.warn('Queued receipts were not mailed; the next sync tries again', error);
    return 0;
  }
}

/** One run at a time: a cycle that ends while the last run still sends does not start a second one. */
export function receiptMailer(
  ledger: LedgerDb,
  send: SendReceipt,
): (companies: ReadonlySet<string> | null) => Promise<number> {
  let running: Promise<number> | null = null;
  return (companies) => {
    running ??= mailSyncedReceipts(ledger, send, companies).finally(() => {
      running = null;
    });
    return running;
  };
}
