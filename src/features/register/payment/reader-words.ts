// What the register says about a payment on the till's card reader (issue 20), in a cashier's words: the
// reader's state, a decline's reason, and why 'Card' fell back to an external terminal. Stripe's decline
// codes are for developers; a lost or stolen card is said as a plain decline, as Stripe advises.
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { CardPayment } from '../../../data/remote/card-payments';

// Descriptors, translated when a decline is shown (a module-level t would stay English: issue 35).
const DECLINED = msg`Declined: the card was declined.`;
const DECLINES: Readonly<Record<string, MessageDescriptor>> = {
  generic_decline: DECLINED,
  card_declined: DECLINED,
  insufficient_funds: msg`Declined: the card has insufficient funds.`,
  expired_card: msg`Declined: the card has expired.`,
  incorrect_pin: msg`Declined: the PIN was wrong.`,
  pin_try_exceeded: msg`Declined: the PIN was wrong too many times.`,
  incorrect_number: msg`Declined: the card number is wrong.`,
  card_not_supported: msg`Declined: this card is not accepted.`,
  currency_not_supported: msg`Declined: this card cannot pay in this currency.`,
  do_not_honor: msg`Declined: the bank declined the card.`,
  lost_card: DECLINED,
  stolen_card: DECLINED,
  pickup_card: DECLINED,
  fraudulent: DECLINED,
  processing_error: msg`Declined: the card could not be processed.`,
};

export const READER_TIMEOUT = 'terminal_reader_timeout';

/** [CARD-12] A failed payment's words: the reader's time-out, or "Declined: <reason>". */
export function failureWords(payment: Pick<CardPayment, 'failure_code' | 'failure_message'>): string {
  if (payment.failure_code === READER_TIMEOUT) return t`The reader timed out. Try again, or pay another way.`;
  const known = payment.failure_code !== null ? DECLINES[payment.failure_code] : undefined;
  if (known) return t(known);
  // Stripe's own words for a code we do not know: better than nothing, though in English.
  const reason = payment.failure_message?.replace(/\.$/, '');
  return reason ? t`Declined: ${reason}.` : t(DECLINED);
}

export const waitingWords = (label: string): string => t`Waiting for the card on ${label}`;

/** Why 'Card' is taken on an external terminal here, in one line. */
export function externalWords(reason: 'offline' | 'no_reader' | 'chosen'): string {
  if (reason === 'offline') return t`Offline: take the card on your terminal and type its reference.`;
  if (reason === 'no_reader') {
    return t`No card reader on this till: take the card on your terminal and type its reference.`;
  }
  return t`Card on another terminal: take the card on your terminal and type its reference.`;
}
