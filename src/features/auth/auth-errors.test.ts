import { describe, expect, test } from 'vitest';
import { plainAuthError, toAuthFailure } from './auth-errors';

function apiError(code: string, message: string, status = 400, extra: object = {}) {
  return Object.assign(new Error(message), { name: 'AuthApiError', code, status, ...extra });
}

describe('plainAuthError', () => {
  test('wrong credentials read as plain words', () => {
    const failure = toAuthFailure(apiError('invalid_credentials', 'Invalid login credentials'));
    expect(failure.message).toBe('Invalid login credentials');
    expect(plainAuthError(failure)).toBe('Email or password is incorrect.');
  });

  test('a duplicate sign-up says the account exists', () => {
    const failure = toAuthFailure(apiError('user_already_exists', 'User already registered', 422));
    expect(plainAuthError(failure)).toBe('An account with this email already exists.');
  });

  test('a weak password names the rule that failed', () => {
    const error = apiError('weak_password', 'Password should be at least 6 characters.', 422, {
      reasons: ['length'],
    });
    expect(plainAuthError(toAuthFailure(error))).toBe('Password must be at least 6 characters.');
  });

  test('a network failure is retryable and says so', () => {
    const error = Object.assign(new Error('Failed to fetch'), { name: 'AuthRetryableFetchError', status: 0 });
    const failure = toAuthFailure(error);
    expect(failure.retryable).toBe(true);
    expect(plainAuthError(failure)).toMatch(/Can't reach the Tillpoint server/);
  });

  test('an unknown code keeps the provider message', () => {
    expect(plainAuthError(toAuthFailure(apiError('something_new', 'Something new happened')))).toBe(
      'Something new happened',
    );
  });

  test('a non-error value still becomes a failure', () => {
    expect(toAuthFailure('boom')).toEqual({ message: 'boom', code: null, reasons: [], retryable: false });
  });
});
