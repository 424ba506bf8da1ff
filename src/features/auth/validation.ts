// Checks made before anything is sent, so simple mistakes are caught with a clear message at once.
import { isEmailAddress } from '../../domain/email';

export const MIN_PASSWORD_LENGTH = 6;

export function emailProblem(email: string): string | null {
  if (email.trim() === '') return 'Enter your email address.';
  if (!isEmailAddress(email)) return 'Enter an email address like name@example.com.';
  return null;
}

export function passwordProblem(password: string, { forNewPassword = false } = {}): string | null {
  if (password === '') return forNewPassword ? 'Choose a password.' : 'Enter your password.';
  if (forNewPassword && password.length < MIN_PASSWORD_LENGTH) {
    return `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
  }
  return null;
}

export function codeProblem(code: string): string | null {
  return /^\d{6}$/.test(code.trim()) ? null : 'Enter the 6-digit code from your authenticator app.';
}
