// Server answers from create_company / join_company in words a new user understands.

const MESSAGES: Record<string, string> = {
  invite_not_found: 'That invite code is not valid. Check it with the person who invited you.',
  invite_expired: 'That invite code has expired. Ask for a new one.',
  invite_used: 'That invite code has already been used. Ask for a new one.',
  invite_revoked: 'That invite code was withdrawn. Ask for a new one.',
  invite_wrong_email: 'That invite is for a different email address. Sign in with the invited address.',
  email_not_confirmed:
    'That invite is for your email address. To show it is yours, open a sign-in link we email to it, then join.',
  unknown_currency: 'Choose a currency from the list.',
  already_member: 'You already belong to a shop.',
};

export function plainOnboardingError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  for (const [key, text] of Object.entries(MESSAGES)) {
    if (code === key || message.includes(key)) return text;
  }
  if (/fetch|network/i.test(message)) {
    return "Can't reach the Tillpoint server. Check your connection and try again.";
  }
  return message;
}
