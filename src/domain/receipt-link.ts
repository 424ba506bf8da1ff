// Digital receipts (issue 22, supabase/SPEC.md §14): the token a till draws for a sale's public receipt page
// ([RCPT-10]: 16 random bytes, 128 bits, as base64url), the page's address, the mail address check, and the
// arguments of the `receipt.link` and `receipt.email` ops.
import { z } from 'zod';
import { uuid } from './command-fields';

/** What the server accepts ([RCPT-10]); the till draws 22 characters. */
export const RECEIPT_TOKEN = /^[A-Za-z0-9_-]{22,86}$/;

const TOKEN_BYTES = 16;

/** A fresh token from the device's cryptographic random source: unguessable, safe in a URL. */
export function newReceiptToken(
  bytes: Uint8Array = crypto.getRandomValues(new Uint8Array(TOKEN_BYTES)),
): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The receipt's public page on the app's own origin (the till knows no other). */
export function receiptLinkUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/r/${token}`;
}

/** As the server checks ([RCPT-15], private.is_email): one @, a dot in the domain, no spaces, ≤ 254. */
export function isEmailAddress(text: string): boolean {
  return text.length <= 254 && /^[^@\s]+@[^@\s]+\.[^@\s.]+$/.test(text);
}

export const BAD_EMAIL = 'That email address does not look right: check it and try again.';

export const receiptLinkSchema = z.strictObject({
  terminal_id: uuid,
  sale_id: uuid,
  token: z.string().regex(RECEIPT_TOKEN, 'a receipt token is 22 to 86 base64url characters'),
});

export type ReceiptLinkArgs = z.infer<typeof receiptLinkSchema>;

export const receiptEmailSchema = z.strictObject({
  id: uuid,
  terminal_id: uuid,
  sale_id: uuid,
  email: z.string().refine(isEmailAddress, BAD_EMAIL),
});

export type ReceiptEmailArgs = z.infer<typeof receiptEmailSchema>;
