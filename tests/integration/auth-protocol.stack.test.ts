// The parts of /auth/v1 that are about the protocol rather than a flow: settings, health, JWKS, the error
// shape for both API versions, and bad input — malformed JSON, missing, forged and expired tokens — which
// must get GoTrue's codes, never a stack trace, while the server keeps answering.
import { describe, expect, test } from 'vitest';
import { SignJWT } from 'jose';
import { signJwt } from '../../supabase/local/jwt';
import { ANON_KEY } from '../../supabase/local/config';
import { authFetch, signUp } from '../support/auth';

async function expectAuthError(response: Response, status: number, code: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('x-sb-error-code')).toBe(code);
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ code, message: expect.any(String) as string });
  expect(JSON.stringify(body)).not.toMatch(/\bat .*\.ts:\d+/);
}

describe('settings, health and JWKS', () => {
  test('GET /settings offers email and google with auto-confirmed sign-ups', async () => {
    const response = await authFetch('/settings');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      external: { email: true, google: true, anonymous_users: false, phone: false },
      disable_signup: false,
      mailer_autoconfirm: true,
    });
  });

  test('GET /health names GoTrue', async () => {
    const body = (await (await authFetch('/health')).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'GoTrue', version: expect.any(String) as string });
  });

  test('GET /.well-known/jwks.json lists no keys (HS256 secrets are never published) and is cacheable', async () => {
    const response = await authFetch('/.well-known/jwks.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=600');
    expect(await response.json()).toEqual({ keys: [] });
  });
});

describe('error shape', () => {
  test('clients without the API version header get {code: status, error_code, msg}', async () => {
    const response = await authFetch('/token?grant_type=password', {
      method: 'POST',
      headers: { 'X-Supabase-Api-Version': '' },
      body: JSON.stringify({ email: 'nobody@test.local', password: 'whatever' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await response.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });
});

describe('bad input', () => {
  test('malformed JSON is 400 bad_json on every JSON endpoint', async () => {
    for (const path of [
      '/signup',
      '/token?grant_type=password',
      '/token?grant_type=refresh_token',
      '/recover',
      '/verify',
    ]) {
      const response = await authFetch(path, { method: 'POST', body: '{"email": "a@b.c", ' });
      await expectAuthError(response, 400, 'bad_json');
    }
    const array = await authFetch('/signup', { method: 'POST', body: '[1,2]' });
    await expectAuthError(array, 400, 'bad_json');
  });

  test('a field of the wrong type is validation_failed', async () => {
    const response = await authFetch('/signup', {
      method: 'POST',
      body: JSON.stringify({ email: 42, password: 'x' }),
    });
    await expectAuthError(response, 400, 'validation_failed');
  });

  test('an unknown verification type is validation_failed, even one named like an Object property', async () => {
    for (const type of ['bogus', 'constructor', '__proto__']) {
      const response = await authFetch('/verify', {
        method: 'POST',
        body: JSON.stringify({ type, token_hash: 'x' }),
      });
      await expectAuthError(response, 400, 'validation_failed');
    }
  });

  test('missing or non-Bearer Authorization is 401 no_authorization', async () => {
    await expectAuthError(await authFetch('/user'), 401, 'no_authorization');
    await expectAuthError(
      await authFetch('/user', { headers: { Authorization: 'Basic abc' } }),
      401,
      'no_authorization',
    );
  });

  test('a token signed with another secret is 403 bad_jwt', async () => {
    const { session } = await signUp();
    const claims = JSON.parse(
      Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString(),
    ) as Record<string, unknown>;
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('some-other-secret-that-is-at-least-32-characters'));
    await expectAuthError(
      await authFetch('/user', { headers: { Authorization: `Bearer ${forged}` } }),
      403,
      'bad_jwt',
    );
  });

  test('an expired token is 403 bad_jwt; garbage is too', async () => {
    const { session } = await signUp();
    const claims = JSON.parse(
      Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString(),
    ) as Record<string, unknown>;
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = await signJwt({ ...claims, iat: past - 3600, exp: past });
    await expectAuthError(
      await authFetch('/user', { headers: { Authorization: `Bearer ${expired}` } }),
      403,
      'bad_jwt',
    );
    await expectAuthError(
      await authFetch('/user', { headers: { Authorization: 'Bearer not.a.jwt' } }),
      403,
      'bad_jwt',
    );
  });

  test('the anon key is not a user token', async () => {
    await expectAuthError(
      await authFetch('/user', { headers: { Authorization: `Bearer ${ANON_KEY}` } }),
      403,
      'bad_jwt',
    );
  });

  test('a malformed PKCE challenge and a bad redirect are refused cleanly', async () => {
    const response = await authFetch(
      '/authorize?provider=google&code_challenge=short&code_challenge_method=s256',
    );
    await expectAuthError(response, 400, 'validation_failed');
    const factor = await authFetch(`/factors/not-a-uuid/challenge`, { method: 'POST', body: '{}' });
    await expectAuthError(factor, 401, 'no_authorization');
  });

  test('after all of that the server still answers', async () => {
    expect((await authFetch('/health')).status).toBe(200);
    const { client } = await signUp();
    expect((await client.auth.getUser()).error).toBeNull();
  });
});
