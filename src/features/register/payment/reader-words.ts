// What the register says about a payment on the till's card reader (issue 20), in a cashier's words: the
// reader's state, a decline's reason, and why 'Card' fell back to an external terminal. Stripe's decline
// codes are for developers; a lost or stolen card is said as a plain decline, as Stripe advises.
import type { CardPayment } from '../../../data/remote/card-payments';

const DECLINES: Readonly<Record<string, string>> = {
  generic_decline: 'the card was declined',
  card_declined: 'the card was declined',
  insufficient_funds: 'the card has insufficient funds',
  expired_card: 'the card has expired',
  incorrect_pin: 'the PIN was wrong',
  pin_try_exceeded: 'the PIN was wrong too many times',
  incorrect_number: 'the card number is wrong',
  card_not_supported: 'this card is not accepted',
  currency_not_supported: 'this card cannot pay in this currency',
  do_not_honor: 'the bank declined the card',
  lost_card: 'the card was declined',
  stolen_card: 'the card was declined',
  pickup_card: 'the card was declined',
  fraudulent: 'the card was declined',
  processing_error: 'the card could not be processed',
};

export const READER_TIMEOUT = 'terminal_reader_timeout';

/** [CARD-12] A failed payment's words: the reader's time-out, or "Declined: <reason>". */
export function failureWords(payment: Pick<CardPayment, 'failure_code' | 'failure_message'>): string {
  if (payment.failure_code === READER_TIMEOUT) return 'The reader timed out. Try again, or pay another way.';
  const known = payment.failure_code !== null ? DECLINES[payment.failure_code] : undefined;
  const reason = known ?? payment.failure_message?.replace(/\.$/, '') ?? 'the card was declined';
  return `Declined: ${reason}.`;
}

export const waitingWords = (label: string): string => `Waiting for the card on ${label}`;

/** Why 'Card' is taken on an external terminal here, in one line. */
export const EXTERNAL_TERMINAL = 'take the card on your terminal and type its reference.';
export function externalWords(reason: 'offline' | 'no_reader' | 'chosen'): string {
  if (reason === 'offline') return `Offline: ${EXTERNAL_TERMINAL}`;
  if (reason === 'no_reader') return `No card reader on this till: ${EXTERNAL_TERMINAL}`;
  return `Card on another terminal: ${EXTERNAL_TERMINAL}`;
}
