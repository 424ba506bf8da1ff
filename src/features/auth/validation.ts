// Checks made before anything is sent, so simple mistakes are caught with a clear message at once.
import { t } from '@lingui/core/macro';
import { isEmailAddress } from '../../domain/email';

export const MIN_PASSWORD_LENGTH = 6;

export function emailProblem(email: string): string | null {
  if (email.trim() === '') return t`Enter your email address.`;
  if (!isEmailAddress(email)) return t`Enter an email address like name@example.com.`;
  return null;
}

export function passwordProblem(password: string, { forNewPassword = false } = {}): string | null {
  if (password === '') return forNewPassword ? t`Choose a password.` : t`Enter your password.`;
  if (forNewPassword && password.length < MIN_PASSWORD_LENGTH) {
    const min = MIN_PASSWORD_LENGTH;
    return t`Password must be at least ${min} characters.`;
  }
  return null;
}

export function codeProblem(code: string): string | null {
  return /^\d{6}$/.test(code.trim()) ? null : t`Enter the 6-digit code from your authenticator app.`;
}
