// The purchase order mail's words (issue 38, supabase/SPEC.md [PUR-15]), in the English the catalogues
// translate. send-purchase-order runs on the edge like send-receipt, so scripts/mail-catalog.ts compiles
// them per shipped language into supabase/functions/send-purchase-order/mail-messages.gen.ts, keyed by the
// names below; the mail is written in the shop's language ([RLANG-2]).
import { msg } from '@lingui/core/macro';

export const ORDER_MAIL_WORDS = {
  subject: msg({
    message: 'Purchase order {number} from {shop}',
    comment: "The purchase order mail's subject: the order's number and the shop's name",
  }),
  heading: msg({ message: 'Purchase order {number}', comment: 'The purchase order mail: its first line' }),
  from: msg({ message: 'From: {shop}', comment: 'The purchase order mail: the shop that orders' }),
  to: msg({ message: 'To: {supplier}', comment: 'The purchase order mail: the supplier' }),
  deliverTo: msg({
    message: 'Deliver to: {place}',
    comment: 'The purchase order mail: the store and its address',
  }),
  expectedOn: msg({ message: 'Expected on: {date}', comment: 'The purchase order mail: the day it is due' }),
  note: msg({ message: 'Note: {note}', comment: "The purchase order mail: the manager's note" }),
  confirm: msg({
    message: 'Please reply to this mail to confirm the order.',
    comment: 'The purchase order mail: its last line, to the supplier',
  }),
} as const;
