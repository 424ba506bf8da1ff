import { describe, expect, test } from 'vitest';
import { readCallbackParams } from './callback-params';

describe('readCallbackParams', () => {
  test('a PKCE code, with the redirect to follow', () => {
    expect(readCallbackParams('?code=abc&redirect=%2Fdashboard%2Fsales', '')).toEqual({
      kind: 'code',
      code: 'abc',
      recovery: false,
      redirect: '/dashboard/sales',
    });
  });

  test('a recovery code (our own next=reset marker)', () => {
    expect(readCallbackParams('?next=reset&code=abc', '')).toMatchObject({ kind: 'code', recovery: true });
  });

  test('an implicit-grant fragment', () => {
    expect(
      readCallbackParams(
        '',
        '#access_token=at&expires_in=3600&refresh_token=rt&token_type=bearer&type=recovery',
      ),
    ).toEqual({ kind: 'tokens', accessToken: 'at', refreshToken: 'rt', recovery: true, redirect: null });
  });

  test('an error in the query and the fragment', () => {
    expect(
      readCallbackParams(
        '?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
        '#error=access_denied',
      ),
    ).toEqual({ kind: 'error', message: 'Email link is invalid or has expired', code: 'otp_expired' });
  });

  test('nothing usable', () => {
    expect(readCallbackParams('', '')).toEqual({ kind: 'none' });
  });
});
