// 'Current password' before an account change (issue 33, [ACCOUNT-1]): the password, two-step verification
// and (through GoTrue's own rule) the email change only for someone who knows the account's password now,
// on every device — not whoever holds a signed-in screen. The app checks it with a fresh sign-in that leaves
// this device's session alone (data/remote/password-check.ts), so it holds on any Supabase project; a project
// that turns on "Require current password when updating" also refuses a bare API call (the local stack does).
import { t } from '@lingui/core/macro';
import type { PasswordCheck } from '../../../data/remote/password-check';

/** Null when `current` is the account's password now; otherwise the sentence to show. */
export async function currentPasswordProblem(
  check: PasswordCheck,
  email: string | null,
  current: string,
): Promise<string | null> {
  if (current === '') return t`Type your current password.`;
  if (!email) return t`This account has no email to check a password against.`;
  const verdict = await check(email, current);
  if (verdict.ok) return null;
  if (verdict.reason === 'wrong') return t`Your current password is not right. Nothing was changed.`;
  if (verdict.reason === 'offline') {
    return t`The password could not be checked: no connection to the server. Try again when online.`;
  }
  return verdict.message;
}

/** What the app needs to ask for the current password: the check and the signed-in account's email. */
export interface CurrentPasswordPort {
  check: PasswordCheck;
  email: string | null;
}
