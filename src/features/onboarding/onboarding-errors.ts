// Server answers from create_company / join_company in words a new user understands. Descriptors: the table
// is built before the catalogue loads; the words are looked up when shown.
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';

const MESSAGES: Record<string, MessageDescriptor> = {
  invite_not_found: msg`That invite code is not valid. Check it with the person who invited you.`,
  invite_expired: msg`That invite code has expired. Ask for a new one.`,
  invite_used: msg`That invite code has already been used. Ask for a new one.`,
  invite_revoked: msg`That invite code was withdrawn. Ask for a new one.`,
  invite_wrong_email: msg`That invite is for a different email address. Sign in with the invited address.`,
  email_not_confirmed: msg`That invite is for your email address. To show it is yours, open a sign-in link we email to it, then join.`,
  unknown_currency: msg`Choose a currency from the list.`,
  already_member: msg`You already belong to a shop.`,
};

export function plainOnboardingError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  for (const [key, text] of Object.entries(MESSAGES)) {
    if (code === key || message.includes(key)) return i18n._(text);
  }
  if (/fetch|network/i.test(message)) {
    return t`Can't reach the Tillpoint server. Check your connection and try again.`;
  }
  return message;
}
