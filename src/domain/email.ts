// One rule for an email address across the app (sign-up, sign-in, password reset and customers), so an
// address one screen refuses is not accepted by another. It asks for a dot after the @ ("zoe@nope" is a typo,
// not a mailbox), stricter than the server's own `x@y` check ([CUST-1]), which it never contradicts.
import { msg } from '@lingui/core/macro';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Translated where shown: `i18n._(EMAIL_HINT)`. */
export const EMAIL_HINT = msg`An email address looks like name@example.com.`;

/** Leading and trailing spaces are not part of the address. */
export function isEmailAddress(text: string): boolean {
  return EMAIL.test(text.trim());
}
