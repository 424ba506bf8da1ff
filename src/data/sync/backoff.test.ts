import { describe, expect, test } from 'vitest';
import { retryDelay } from './backoff';
import { classify } from './remote-port';

describe('retry timing', () => {
  test('[RETRY-1] 5 s doubling to a 5 min cap, spread ±20 %', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 7, 8, 20].map((n) => retryDelay(n, middle))).toEqual([
      5000, 10000, 20000, 40000, 300000, 300000, 300000,
    ]);
    expect(retryDelay(1, () => 0)).toBe(4000);
    expect(retryDelay(1, () => 0.999999)).toBe(6000);
    expect(retryDelay(30, () => 0.999999)).toBeLessThanOrEqual(360000);
  });

  test('[PUSH-3] what a failure means: retry, refresh, or look for a bad op', () => {
    const http = (status: number, hint = '') => ({
      kind: 'http' as const,
      status,
      code: '',
      message: '',
      hint,
    });
    expect(classify({ kind: 'network', message: 'x' })).toBe('retry');
    for (const status of [500, 502, 503, 408, 429, 409]) expect(classify(http(status))).toBe('retry');
    expect(classify(http(401))).toBe('auth');
    expect(classify(http(403, 'not_signed_in'))).toBe('auth');
    for (const status of [400, 403, 404, 413]) expect(classify(http(status))).toBe('bad_request');
  });

  test('[DEV-11] a paired till that was revoked needs a sign-in, not a retry', () => {
    const revoked = {
      kind: 'http' as const,
      status: 403,
      code: '42501',
      message: '',
      hint: 'device_revoked',
    };
    expect(classify(revoked)).toBe('auth');
  });
});
