// Digital receipts (issue 22, supabase/SPEC.md §14): the token a till draws for a sale's public receipt page
// ([RCPT-10]: 16 random bytes, 128 bits, as base64url), the page's address, the mail address check, and the
// arguments of the `receipt.link` and `receipt.email` ops.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { uuid } from './command-fields';

/** The till's token: 22 base64url characters, and nothing else gets a public link ([RCPT-10], [INPUT-5]). */
export const RECEIPT_TOKEN = /^[A-Za-z0-9_-]{22}$/;

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

// [MAIL-3] One mailbox as the server reads it (private.is_email, supabase/functions/_shared/mail-address.ts):
// a dot-atom local part of at most 64 characters, an ASCII domain ending in letters, ≤ 254 in all. No commas,
// semicolons, spaces, quotes, angle brackets or line breaks: one address, never a list.
const MAILBOX =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** The address as it is sent: trimmed, its domain lower-cased ([MAIL-3]). */
export function normalEmailAddress(text: string): string {
  const trimmed = text.replace(/^[ \t]+|[ \t]+$/g, '');
  const at = trimmed.indexOf('@');
  return at < 0 ? trimmed : trimmed.slice(0, at + 1) + trimmed.slice(at + 1).toLowerCase();
}

/** True when the typed text, normalised, is one mailbox the server will mail. */
export function isEmailAddress(text: string): boolean {
  const address = normalEmailAddress(text);
  return address.length <= 254 && address.indexOf('@') <= 64 && MAILBOX.test(address);
}

/** Said to whoever typed the address, translated where shown: `i18n._(BAD_EMAIL)`. */
export const BAD_EMAIL = msg`That email address does not look right: check it and try again.`;

export const receiptLinkSchema = z.strictObject({
  terminal_id: uuid,
  sale_id: uuid,
  token: z.string().regex(RECEIPT_TOKEN, 'a receipt token is 22 base64url characters'),
});

export type ReceiptLinkArgs = z.infer<typeof receiptLinkSchema>;

export const receiptEmailSchema = z.strictObject({
  id: uuid,
  terminal_id: uuid,
  sale_id: uuid,
  email: z.string().refine((email) => isEmailAddress(email) && email === normalEmailAddress(email), {
    // Said when the check fails, so in the language active then (issue 35).
    error: () => i18n._(BAD_EMAIL),
  }),
});

export type ReceiptEmailArgs = z.infer<typeof receiptEmailSchema>;
