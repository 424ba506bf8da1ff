// 'Send to supplier' ([PUR-15]): the back office asks the Edge Function `send-purchase-order` to mail one
// order to its supplier. The database decides who may, to whom and how often; a draft becomes ordered once
// the mail went. Online only: offline the person reads that it needs a connection, and nothing is lost.
import { msg, t } from '@lingui/core/macro';
import { newId } from '../../domain/ids';
import { err, ok, type Result } from '../../domain/result';
import { type CodeWords, unknownRefusal, wordsOf } from '../refusal-words';
import type { Supabase } from './supabase-client';

const WORDS: CodeWords = {
  no_supplier_email: msg`The supplier has no email address: add one to the supplier first.`,
  invalid_email: msg`The supplier's email address does not look right: correct it first.`,
  rate_limited: msg`Too many orders were mailed in the last hour: try again later.`,
  mail_failed: msg`The mail could not be sent; try again.`,
  wrong_status: msg`Only a draft or an ordered purchase order can be sent.`,
  insufficient_role: msg`Only managers and owners send purchase orders.`,
  unknown_purchase_order: msg`The server does not have this order yet: wait until it has synced.`,
};

export interface SupplierMailSent {
  /** The order's state after the mail: a draft becomes `ordered`. */
  status: string;
}

/** The code an Edge Function's refusal carries in its body (`{error: {code}}`), if it can be read. */
async function refusalCode(error: unknown): Promise<string | null> {
  const context = (error as { context?: Response }).context;
  if (!context) return null;
  const body = (await context.json().catch(() => null)) as { error?: { code?: string } } | null;
  return body?.error?.code ?? null;
}

export async function sendToSupplier(supabase: Supabase, orderId: string): Promise<Result<SupplierMailSent>> {
  try {
    // supabase-js types a function's error as any; it is one of its Functions*Error classes.
    const answer: { data: { status?: string } | null; error: unknown } = await supabase.functions.invoke<{
      status?: string;
    }>('send-purchase-order', { body: { id: newId(), purchase_order_id: orderId } });
    if (answer.error) {
      const code = await refusalCode(answer.error);
      if (code === null)
        return err('offline', t`Sending to the supplier needs a connection: try again online.`);
      return err(code, wordsOf(WORDS, code) ?? unknownRefusal(code));
    }
    return ok({ status: answer.data?.status ?? 'ordered' });
  } catch {
    return err('offline', t`Sending to the supplier needs a connection: try again online.`);
  }
}
