// Whether a card tender was taken on this shop's card reader or on an external terminal (issue 20, issue 33).
// A reader's payment becomes a tender whose reference is its PaymentIntent id ([CARD-10]); any other card
// tender (a slip number typed in, or none) was taken on a terminal the till cannot see, and nothing but the
// shop's own records can confirm its money: reports show it apart, as unverified.
import { msg } from '@lingui/core/macro';

/** A PaymentIntent id, as a card tender taken on a reader carries it ([CARD-7]). */
export function isPaymentIntentId(reference: string | null | undefined): reference is string {
  return typeof reference === 'string' && /^pi_[A-Za-z0-9_]+$/.test(reference);
}

/** [FLAGUI-5] A card tender no reader payment stands behind. */
export function isUnverifiedCard(payment: {
  method: string;
  reference?: string | null | undefined;
}): boolean {
  return payment.method === 'card' && !isPaymentIntentId(payment.reference);
}

/** How reports name that part of the card takings, on screen and on paper alike (translated where shown). */
export const UNVERIFIED_CARD_WORDS = msg`Unverified card: external terminal`;
