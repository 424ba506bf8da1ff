// How a receipt names a tender (issue 34, [WORDS-2]): the customer reads the card's brand and last four
// digits when the reader told them, else just "Card" — never the processor's PaymentIntent id, which is the
// shop's key to the payment, means nothing to a customer, and is long enough to push the totals off the slip.
// Words in the screen's language, or the shop's (`shopI18n`) on a receipt (issue 35).
import { i18n as screenI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isPaymentIntentId } from './card-tender';
import type { TenderMethod } from './tender';

/** A tender method's name, translated where shown: `i18n._(METHOD_NAMES.cash)`. */
export const METHOD_NAMES: Readonly<Record<TenderMethod, MessageDescriptor>> = {
  cash: msg`Cash`,
  card: msg`Card`,
  other: msg`Other`,
  // DESIGN §13's labels, exactly: receipts, the register and the cash-up say these ([VAL-34]).
  gift_card: msg`Gift card`,
  store_credit: msg`Store credit`,
  on_account: msg`On account`,
  loyalty: msg`Points`,
};

/** Stripe's `card_present.brand` values as a card says them; an unknown brand reads as "Card". */
const CARD_BRANDS: Readonly<Record<string, string>> = {
  amex: 'American Express',
  cartes_bancaires: 'Cartes Bancaires',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos',
  girocard: 'girocard',
  interac: 'Interac',
  jcb: 'JCB',
  link: 'Link',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

export interface PaymentForWords {
  method: TenderMethod;
  reference?: string | null | undefined;
  /** The card's brand as the reader reported it (Stripe's `card_present.brand`), when known. */
  card_brand?: string | null | undefined;
  /** The card's last four digits, when known. */
  card_last4?: string | null | undefined;
  /** [VAL-35] A gift card's last four symbols, when known. */
  code_last4?: string | null | undefined;
}

/**
 * [WORDS-2] "Visa •••• 4242" when the brand or the last four digits are known; "Card" for a reader's payment
 * otherwise (its reference is a PaymentIntent id); "Card (A1)" for a slip number typed for an external
 * terminal, which matches the terminal's own slip; "Cash"; "Other (V12)"; "Gift card ••••0001" ([VAL-35]).
 */
export function paymentLabel(payment: PaymentForWords, i18n: I18n = screenI18n): string {
  const name = i18n._(METHOD_NAMES[payment.method]);
  // [VAL-35] A gift card by its last four, as a bank card is; never its code.
  if (payment.method === 'gift_card' && /^[A-Z0-9]{4}$/.test(payment.code_last4 ?? '')) {
    return `${name} ••••${payment.code_last4 ?? ''}`;
  }
  if (payment.method === 'card') {
    const last4 = /^\d{4}$/.test(payment.card_last4 ?? '') ? (payment.card_last4 ?? '') : null;
    const brand = payment.card_brand ? (CARD_BRANDS[payment.card_brand] ?? name) : name;
    if (last4 !== null) return `${brand} •••• ${last4}`;
    if (brand !== name) return brand;
    if (isPaymentIntentId(payment.reference)) return name;
  }
  return payment.reference ? `${name} (${payment.reference})` : name;
}
