// Turns what GoTrue answers into words a shop owner understands. The provider's own message is kept
// alongside (AuthFailure.message) for logs and for callers that want it verbatim.
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';

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

// Descriptors, not strings: the tables are built before the catalogue loads; words are looked up when shown.
const PLAIN: Record<string, MessageDescriptor> = {
  invalid_credentials: msg`Email or password is incorrect.`,
  user_already_exists: msg`An account with this email already exists.`,
  email_exists: msg`An account with this email already exists.`,
  email_not_confirmed: msg`Confirm your email first: open the link we sent you, then sign in.`,
  user_banned: msg`This account has been suspended. Ask the shop owner for help.`,
  same_password: msg`The new password must be different from the current one.`,
  current_password_required: msg`Type your current password.`,
  current_password_invalid: msg`Your current password is not right. Nothing was changed.`,
  mfa_verification_failed: msg`That code is not right. Check your authenticator app and try again.`,
  mfa_challenge_expired: msg`That code has expired. Enter the code your app shows now.`,
  over_request_rate_limit: msg`Too many attempts. Wait a minute and try again.`,
  over_email_send_rate_limit: msg`Too many emails sent. Wait a minute and try again.`,
  otp_expired: msg`This link is invalid or has expired. Ask for a new one.`,
  flow_state_not_found: msg`This sign-in link has already been used or has expired. Please start again.`,
  flow_state_expired: msg`This sign-in link has expired. Please start again.`,
  bad_code_verifier: msg`This sign-in was started in another browser. Please start again here.`,
  identity_already_exists: msg`This Google account is already linked to another user.`,
  single_identity_not_deletable: msg`You cannot unlink your only way of signing in.`,
  insufficient_aal: msg`Enter your two-step verification code first.`,
  session_not_found: msg`Your session has ended. Please sign in again.`,
};

const PASSWORD_RULES: Record<string, MessageDescriptor> = {
  length: msg`Password must be at least 6 characters.`,
  characters: msg`Password must include lowercase and uppercase letters, digits and symbols.`,
  pwned: msg`This password has appeared in a data leak. Choose a different one.`,
};

/** The sentence to show a person for a failed auth request. */
export function plainAuthError(failure: AuthFailure): string {
  if (failure.code === 'weak_password') {
    const rules = failure.reasons.flatMap((reason) => {
      const rule = PASSWORD_RULES[reason];
      return rule ? [i18n._(rule)] : [];
    });
    return rules.length > 0 ? rules.join(' ') : failure.message;
  }
  if (failure.code !== null) {
    const plain = PLAIN[failure.code];
    if (plain) return i18n._(plain);
  }
  if (failure.retryable) {
    return t`Can't reach the Tillpoint server. Check your connection and try again.`;
  }
  return failure.message;
}
