// Digital receipts from the back office (supabase/SPEC.md §14): a sale's receipt links (RLS, [RCPT-11]), the
// manager's revoke ([RCPT-14]) and a mail sent at once through the Edge Function `send-receipt` ([RCPT-16]).
import type { Supabase } from './supabase-client';
import { msg, t } from '@lingui/core/macro';
import { type CodeWords, wordsOf } from '../refusal-words';

export interface ReceiptLinkRow {
  token: string;
  revoked_at: string | null;
}

export interface ReceiptActions {
  /** The sale's links on the server, newest first. */
  links: (saleId: string) => Promise<ReceiptLinkRow[]>;
  /** Revokes every live link of the sale; answers how many. */
  revoke: (saleId: string) => Promise<number>;
  /** Mails the receipt now; `id` makes a retry the same mail. */
  email: (request: { id: string; saleId: string; email: string }) => Promise<'sent' | 'already_sent'>;
}

/** A refusal in words a cashier understands. */
export class ReceiptActionError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const WORDS: CodeWords = {
  insufficient_role: msg`Only a manager or the owner can do this.`,
  not_member: msg`This sale is not one of your shop’s.`,
  not_signed_in: msg`Sign in again first.`,
  invalid_email: msg`That email address does not look right: check it and try again.`,
  unknown_sale: msg`This sale is not on the server yet: sync the till first.`,
  // [MAIL-2] Over send-receipt's hourly limits; a till's queued mail says it waits (receipt-mailer.ts).
  rate_limited: msg`Too many receipts were mailed in the last hour: try again later.`,
  payload_too_large: msg`The receipt request was too large to send.`,
};

function refusal(code: string | undefined, fallback: string): ReceiptActionError {
  const key = code ?? 'error';
  return new ReceiptActionError(key, wordsOf(WORDS, key) ?? fallback);
}

export function receiptActions(supabase: Supabase): ReceiptActions {
  return {
    async links(saleId) {
      const { data, error } = await supabase
        .from('receipt_links')
        .select('token, revoked_at')
        .eq('sale_id', saleId)
        .order('created_at', { ascending: false });
      if (error) throw refusal(error.hint, t`The receipt link could not be read.`);
      return data;
    },
    async revoke(saleId) {
      const { data, error } = await supabase.rpc('revoke_receipt_link', { p_sale_id: saleId });
      if (error) throw refusal(error.hint, t`The receipt link could not be revoked; try again.`);
      return data;
    },
    async email({ id, saleId, email }) {
      // supabase-js types a function's error as any; it is one of its Functions*Error classes.
      const answer: { data: { status: 'sent' | 'already_sent' } | null; error: unknown } =
        await supabase.functions.invoke<{ status: 'sent' | 'already_sent' }>('send-receipt', {
          body: { id, sale_id: saleId, email },
        });
      const { data, error } = answer;
      if (error) {
        const context = (error as { context?: Response }).context;
        const body = context
          ? ((await context.json().catch(() => null)) as { error?: { code?: string } } | null)
          : null;
        throw refusal(body?.error?.code, t`The receipt could not be sent; try again.`);
      }
      return data?.status ?? 'sent';
    },
  };
}
