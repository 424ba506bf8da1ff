// Refunding a sale paid on a reader back to its card (issue 20, [CARD-22]): the till knows the sale's
// PaymentIntent ids (its card tenders' references); the server's `card_payments` rows (RLS: members read
// their shop's) say which of them has money left; `refund_payment` sends `amount` of it back through Stripe
// with the refund's own id as `refund_id`, so a retry after a lost answer refunds once ([CARD-8]).
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { err, ok, type Result } from '../../domain/result';
import { CardPaymentError, cardPaymentsClient, cardReadError } from './card-payments';
import { decode } from './decode';
import { msg, t } from '@lingui/core/macro';
import { type CodeWords, unknownRefusal, wordsOf } from '../refusal-words';

/** What went back to the card: the Stripe refund (`re_…`), the refund tender's reference. */
export interface CardRefundDone {
  stripeRefundId: string;
  amount: number;
}

export interface CardRefunds {
  refund(args: {
    intentIds: readonly string[];
    amount: number;
    refundId: string;
  }): Promise<Result<CardRefundDone>>;
}

const rowsSchema = z.array(
  z.object({
    id: z.string(),
    payment_intent_id: z.string(),
    status: z.string(),
    amount: z.number().int(),
    refunded_amount: z.number().int(),
  }),
);
/** Where a reader payment stands on the server: its status, amount and what went back to the card. */
export type CardPaymentStanding = z.infer<typeof rowsSchema>[number];

/**
 * The `card_payments` rows of these PaymentIntents (RLS: the caller's shop's only). A fetch that never reached
 * the server is the CardPaymentError `unreachable`, like the function's.
 */
export async function cardPaymentsOfIntents(
  supabase: SupabaseClient,
  intentIds: readonly string[],
): Promise<CardPaymentStanding[]> {
  const { data, error } = await supabase
    .from('card_payments')
    .select('id, payment_intent_id, status, amount, refunded_amount')
    .in('payment_intent_id', [...intentIds]);
  // A PostgREST error has a code; a fetch that never reached the server has none.
  if (error) throw cardReadError(error);
  return decode(rowsSchema, data, 'card_payments of a sale');
}

// Said at the refund form, where cash and another terminal are still there to choose.
const REFUND_WORDS: CodeWords = {
  unreachable: msg`The till is offline, so the money cannot go back to the card now. Refund in cash or on another card terminal, or try again when the till is online.`,
  insufficient_role: msg`Only a manager or the owner can send money back to a card. Ask one to sign in on this till (or to switch it to shared mode), or refund in cash or on another card terminal.`,
  second_factor_required: msg`Sending money back to a card needs your second factor first (Account → Security). Or refund in cash.`,
  refund_exceeds_payment: msg`That is more than is left to refund on this card payment. Refund the rest in cash or on another card terminal.`,
  not_refundable: msg`This card payment cannot be refunded through Stripe (it did not go through, or the server does not know it). Refund in cash or on another card terminal.`,
  stripe_unreachable: msg`Stripe cannot be reached right now. Try again in a moment, or refund in cash or on another card terminal.`,
};

function refusal(error: unknown): Result<never> {
  if (error instanceof CardPaymentError) {
    // The CardPaymentError's message is already the app's sentence (card-payments.ts), never Stripe's.
    const message = error.message;
    return err(error.code, wordsOf(REFUND_WORDS, error.code) ?? t`Stripe did not refund it: ${message}`);
  }
  return err('server_error', unknownRefusal('server_error'));
}

export function cardRefundsOf(supabase: SupabaseClient): CardRefunds {
  const client = cardPaymentsClient(supabase);
  return {
    async refund({ intentIds, amount, refundId }) {
      let rows: CardPaymentStanding[];
      try {
        rows = await cardPaymentsOfIntents(supabase, intentIds);
      } catch (error) {
        return refusal(error);
      }
      // The payment with the most left: a sale split over two reader payments refunds from the larger first.
      const [payment] = rows
        .filter((row) => row.status === 'succeeded')
        .sort((a, b) => b.amount - b.refunded_amount - (a.amount - a.refunded_amount));
      if (!payment) return refusal(new CardPaymentError('not_refundable', '', 409));
      try {
        const { refund } = await client.refundPayment({ paymentId: payment.id, amount, refundId });
        // A retry that reuses refundId with other quantities gets the first refund back from Stripe.
        if (refund.amount !== amount) {
          return err(
            'refund_amount_changed',
            t`This refund already sent a different amount back to the card. Complete it with the quantities first chosen.`,
          );
        }
        return ok({ stripeRefundId: refund.id, amount: refund.amount });
      } catch (error) {
        return refusal(error);
      }
    },
  };
}
