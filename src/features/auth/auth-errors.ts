// Turns what GoTrue answers into words a shop owner understands. The provider's own message is kept
// alongside (AuthFailure.message) for logs and for callers that want it verbatim.

export interface AuthFailure {
  /** The provider's message, unchanged. */
  message: string;
  /** GoTrue's error code (`invalid_credentials`, `weak_password`…), when it sent one. */
  code: string | null;
  /** For `weak_password`: which rules failed (`length`, `characters`, `pwned`). */
  reasons: string[];
  /** True when the request never got a real answer (offline, 5xx): worth retrying later. */
  retryable: boolean;
}

interface ErrorLike {
  message?: unknown;
  code?: unknown;
  status?: unknown;
  name?: unknown;
  reasons?: unknown;
}

export function toAuthFailure(error: unknown): AuthFailure {
  const e: ErrorLike = typeof error === 'object' && error !== null ? error : {};
  const message = typeof e.message === 'string' && e.message !== '' ? e.message : String(error);
  const status = typeof e.status === 'number' ? e.status : null;
  const reasons = Array.isArray(e.reasons) ? e.reasons.filter((r) => typeof r === 'string') : [];
  const retryable =
    e.name === 'AuthRetryableFetchError' || status === 0 || (status !== null && status >= 500);
  return { message, code: typeof e.code === 'string' ? e.code : null, reasons, retryable };
}

const PLAIN: Record<string, string> = {
  invalid_credentials: 'Email or password is incorrect.',
  user_already_exists: 'An account with this email already exists.',
  email_exists: 'An account with this email already exists.',
  email_not_confirmed: 'Confirm your email first: open the link we sent you, then sign in.',
  user_banned: 'This account has been suspended. Ask the shop owner for help.',
  same_password: 'The new password must be different from the current one.',
  current_password_required: 'Type your current password.',
  current_password_invalid: 'Your current password is not right. Nothing was changed.',
  mfa_verification_failed: 'That code is not right. Check your authenticator app and try again.',
  mfa_challenge_expired: 'That code has expired. Enter the code your app shows now.',
  over_request_rate_limit: 'Too many attempts. Wait a minute and try again.',
  over_email_send_rate_limit: 'Too many emails sent. Wait a minute and try again.',
  otp_expired: 'This link is invalid or has expired. Ask for a new one.',
  flow_state_not_found: 'This sign-in link has already been used or has expired. Please start again.',
  flow_state_expired: 'This sign-in link has expired. Please start again.',
  bad_code_verifier: 'This sign-in was started in another browser. Please start again here.',
  identity_already_exists: 'This Google account is already linked to another user.',
  single_identity_not_deletable: 'You cannot unlink your only way of signing in.',
  insufficient_aal: 'Enter your two-step verification code first.',
  session_not_found: 'Your session has ended. Please sign in again.',
};

const PASSWORD_RULES: Record<string, string> = {
  length: 'Password must be at least 6 characters.',
  characters: 'Password must include lowercase and uppercase letters, digits and symbols.',
  pwned: 'This password has appeared in a data leak. Choose a different one.',
};

/** The sentence to show a person for a failed auth request. */
export function plainAuthError(failure: AuthFailure): string {
  if (failure.code === 'weak_password') {
    const rules = failure.reasons.map((reason) => PASSWORD_RULES[reason]).filter(Boolean);
    return rules.length > 0 ? rules.join(' ') : failure.message;
  }
  if (failure.code !== null) {
    const plain = PLAIN[failure.code];
    if (plain) return plain;
  }
  if (failure.retryable) {
    return "Can't reach the Tillpoint server. Check your connection and try again.";
  }
  return failure.message;
}
