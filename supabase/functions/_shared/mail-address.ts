// One receipt address ([MAIL-3]), as private.is_email and the till's src/domain/receipt-link.ts read it: one
// mailbox, trimmed, its domain lower-cased, ASCII, at most 254 characters (64 before the @), so nothing a mail
// API could take for a second recipient or a header (commas, semicolons, spaces, quotes, angle brackets,
// line breaks). tests/integration/mail-address-agree.test.ts holds the three copies to one answer.

const MAILBOX =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** Trimmed, with the domain lower-cased; the local part is the mailbox owner's and kept as typed. */
export function normalEmail(text: string): string {
  const trimmed = text.replace(/^[ \t]+|[ \t]+$/g, '');
  const at = trimmed.indexOf('@');
  if (at < 0) return trimmed;
  return trimmed.slice(0, at + 1) + trimmed.slice(at + 1).toLowerCase();
}

/** True for one well-formed, normalised mailbox. */
export function isMailbox(address: string): boolean {
  return address.length <= 254 && address.indexOf('@') <= 64 && MAILBOX.test(address);
}
