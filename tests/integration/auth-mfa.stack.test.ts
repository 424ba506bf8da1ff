// TOTP multi-factor authentication through supabase-js's mfa API: enrol, challenge and verify with a code
// computed by `otpauth` from the returned secret, the aal2 that follows, and unenrolment rules.
import { describe, expect, test } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { anonClient } from '../support/supabase';
import { jwtClaims, PASSWORD, signUp } from '../support/auth';

const codeFor = (secret: string): string =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();

async function enrol(client: SupabaseClient, friendlyName = 'Phone') {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName });
  expect(error).toBeNull();
  if (!data) throw new Error('enrol returned no data');
  return data;
}

async function enrolAndVerify(client: SupabaseClient) {
  const factor = await enrol(client);
  const { data, error } = await client.auth.mfa.challengeAndVerify({
    factorId: factor.id,
    code: codeFor(factor.totp.secret),
  });
  expect(error).toBeNull();
  return { factor, session: data };
}

describe('TOTP factors', () => {
  test('enroll returns the secret, an otpauth URI and an SVG qr_code', async () => {
    const { client, email } = await signUp();
    const factor = await enrol(client);
    expect(factor.type).toBe('totp');
    expect(factor.friendly_name).toBe('Phone');
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toContain(`otpauth://totp/localhost:${encodeURIComponent(email)}?`);
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    // A real QR code: modules drawn as one dark path, as GoTrue's encoder draws them.
    expect(factor.totp.qr_code).toMatch(/<path[^>]+stroke="#000000"[^>]+d="M\d/);
    const { data } = await client.auth.mfa.listFactors();
    expect(data?.all.map((f) => f.status)).toEqual(['unverified']);
  });

  test('challenge + verify with a generated code gives aal2 with totp newest in amr', async () => {
    const { client } = await signUp();
    const before = (await client.auth.getSession()).data.session;
    const factor = await enrol(client);
    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data?.expires_at).toBeGreaterThan(Date.now() / 1000 + 250);
    const { data, error } = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data?.id ?? '',
      code: codeFor(factor.totp.secret),
    });
    expect(error).toBeNull();
    const claims = jwtClaims(data?.access_token ?? '');
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(['totp', 'password']);
    expect(data?.refresh_token).not.toBe(before?.refresh_token);

    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const { data: factors } = await client.auth.mfa.listFactors();
    expect(factors?.totp.map((f) => f.status)).toEqual(['verified']);
  });

  test('a wrong code is mfa_verification_failed', async () => {
    const { client } = await signUp();
    const factor = await enrol(client);
    const code = codeFor(factor.totp.secret) === '000000' ? '111111' : '000000';
    const { error } = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
    expect(error?.code).toBe('mfa_verification_failed');
    expect(error?.status).toBe(422);
  });

  test('a second sign-in is aal1 with aal2 next; verifying the factor raises it', async () => {
    const { client, email } = await signUp();
    const { factor } = await enrolAndVerify(client);
    const other = anonClient();
    await other.auth.signInWithPassword({ email, password: PASSWORD });
    expect((await other.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    // With a verified factor an aal1 session may not change the password.
    expect((await other.auth.updateUser({ password: 'changed-at-aal1' })).error?.code).toBe(
      'insufficient_aal',
    );
    expect(
      (await other.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) }))
        .error,
    ).toBeNull();
    expect((await other.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');
  });

  test('unenrolling a verified factor needs aal2; an unverified one does not', async () => {
    const { client, email } = await signUp();
    const { factor } = await enrolAndVerify(client);
    const other = anonClient();
    await other.auth.signInWithPassword({ email, password: PASSWORD });
    expect((await other.auth.mfa.unenroll({ factorId: factor.id })).error?.code).toBe('insufficient_aal');
    expect((await client.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
    const spare = await enrol(other, 'Spare');
    expect((await other.auth.mfa.unenroll({ factorId: spare.id })).error).toBeNull();
    expect((await other.auth.mfa.listFactors()).data?.all).toEqual([]);
  });

  test("another user's factor is mfa_factor_not_found; a duplicate friendly name is a conflict", async () => {
    const owner = await signUp();
    const factor = await enrol(owner.client);
    const stranger = await signUp();
    expect((await stranger.client.auth.mfa.challenge({ factorId: factor.id })).error?.code).toBe(
      'mfa_factor_not_found',
    );
    const { error } = await owner.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(error?.code).toBe('mfa_factor_name_conflict');
  });
});
