// The mailed receipt's words (issue 35, supabase/SPEC.md [RLANG-2]), in the English the catalogues translate.
// send-receipt runs on the edge (Deno), where Lingui's macro cannot run, so its words are written here, where
// `npm run i18n:extract` finds them like every other receipt word (the counter part), and the same sentence
// the paper prints ('Total', 'Your receipt online') is one message translated once. scripts/mail-catalog.ts
// compiles them per shipped language with Lingui's own compiler into
// supabase/functions/send-receipt/mail-messages.gen.ts, keyed by the names below; i18n:extract and i18n:fill
// rewrite it and i18n:check fails when it is stale or a language lacks a word.
import { msg } from '@lingui/core/macro';

export const MAIL_WORDS = {
  subject: msg({ message: 'Your receipt {number}', comment: "The receipt mail's subject" }),
  heading: msg({ message: 'Receipt {number}, {when}', comment: 'The receipt mail: number and date' }),
  discount: msg`Discount`,
  moreLines: msg({
    message: '{count, plural, one {… and # more line} other {… and # more lines}}',
    comment: 'The receipt mail lists at most 100 lines',
  }),
  paid: msg({ message: 'Paid ({method})', comment: 'The receipt mail: a payment, e.g. "Paid (Card)"' }),
  total: msg`Total`,
  saved: msg`You saved`,
  totalWithTax: msg({ message: 'Total: {total} (tax {tax})', comment: 'The receipt mail, text version' }),
  online: msg`Your receipt online`,
  onlineLink: msg({ message: 'Your receipt online: {link}', comment: 'The receipt mail, text version' }),
  cash: msg`Cash`,
  card: msg`Card`,
  other: msg`Other`,
  // [VAL-R1] [VAL-R2] Customer value, in the words the paper uses ('Gift card ••••0001', 'Points earned').
  gift_card: msg`Gift card`,
  store_credit: msg`Store credit`,
  on_account: msg`On account`,
  loyalty: msg`Points`,
  giftCardLast4: msg({ message: 'Gift card ••••{last4}', comment: "A gift card by its code's last four" }),
  pointsEarned: msg`Points earned`,
} as const;

export type MailWord = keyof typeof MAIL_WORDS;
