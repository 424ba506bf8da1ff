import { describe, expect, test } from 'vitest';
import { defaultConfig } from '../config';
import type { StackContext } from '../context';
import type { Database } from '../db/database';
import { Mailbox } from '../mail';
import { FakeStripe } from '../stripe/fake-stripe';
import { errorRedirect, redirectTarget, withFragment, withQuery } from './request';

const ctx: StackContext = {
  db: {} as Database,
  config: defaultConfig({
    siteUrl: 'http://localhost:4173',
    additionalRedirectUrls: ['http://127.0.0.1:5173/'],
  }),
  mailbox: new Mailbox(),
  apiUrl: () => 'http://127.0.0.1:54321',
  now: () => 0,
  stripe: new FakeStripe({ now: () => 0, apiVersion: '', deliver: () => Promise.resolve(0) }),
};

describe('redirectTarget', () => {
  test('keeps targets under the site URL or an allowed URL', () => {
    expect(redirectTarget(ctx, 'http://localhost:4173')).toBe('http://localhost:4173');
    expect(redirectTarget(ctx, 'http://localhost:4173/auth/callback?next=%2Fx')).toBe(
      'http://localhost:4173/auth/callback?next=%2Fx',
    );
    expect(redirectTarget(ctx, 'http://127.0.0.1:5173/auth/callback')).toBe(
      'http://127.0.0.1:5173/auth/callback',
    );
  });

  test('falls back to the site URL for anything else, including look-alike prefixes', () => {
    expect(redirectTarget(ctx, undefined)).toBe('http://localhost:4173');
    expect(redirectTarget(ctx, 'https://evil.example/')).toBe('http://localhost:4173');
    expect(redirectTarget(ctx, 'http://localhost:41730/')).toBe('http://localhost:4173');
    expect(redirectTarget(ctx, 'http://localhost:4173.evil.example/')).toBe('http://localhost:4173');
    expect(redirectTarget(ctx, 'http://localhost:4173@evil.example/')).toBe('http://localhost:4173');
  });
});

describe('callback URLs', () => {
  test('withQuery appends to an existing query and keeps the fragment after it', () => {
    expect(withQuery('http://a.test/cb?x=1#frag', { code: 'c d' })).toBe(
      'http://a.test/cb?x=1&code=c+d#frag',
    );
    expect(withQuery('http://a.test/cb', { code: 'abc' })).toBe('http://a.test/cb?code=abc');
  });

  test('withFragment replaces the fragment', () => {
    expect(withFragment('http://a.test/cb?x=1#old', { access_token: 't' })).toBe(
      'http://a.test/cb?x=1#access_token=t',
    );
  });

  test('errorRedirect carries the error in query and fragment', () => {
    const url = new URL(
      errorRedirect('http://a.test/cb', 'access_denied', 'otp_expired', 'Email link is invalid'),
    );
    expect(url.searchParams.get('error_code')).toBe('otp_expired');
    expect(new URLSearchParams(url.hash.slice(1)).get('error_description')).toBe('Email link is invalid');
  });
});
