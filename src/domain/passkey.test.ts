// Passkey approvals checked offline (SPEC [PASSKEY-T1]…[PASSKEY-T4]) against real P-256 keys made by
// WebCrypto, answering as an authenticator does (tests/support/fake-authenticator.ts).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { makeFakeKey, TEST_RP_ID } from '../../tests/support/fake-authenticator';
import { rawToDer } from '../../tests/support/software-key';
import {
  approvalChallenge,
  derToRawSignature,
  fromBase64url,
  registrationChallenge,
  toBase64url,
  verifyPasskeyAssertion,
  type PasskeyAssertion,
} from './passkey';
import { proofMessage } from './staff-pin';

const COMPANY = 'd1000000-0000-4000-8000-000000000001';
const REFUND = 'e0000000-0000-4000-8000-000000000001';
const MAX = 'a6000000-0000-4000-8000-000000000002';

const sha256 = async (text: string) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));

describe('base64url', () => {
  test('[PASSKEY-T1] base64url has no padding and reads back every byte string; other text is refused', () => {
    expect(toBase64url(new Uint8Array([0xfb, 0xff, 0xfe]))).toBe('-__-');
    expect(toBase64url(new Uint8Array([1]))).toBe('AQ');
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const text = toBase64url(bytes);
        expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(fromBase64url(text)).toEqual(bytes);
      }),
    );
    expect(fromBase64url('AQ==')).toBeNull();
    expect(fromBase64url('A+/B')).toBeNull();
    expect(fromBase64url('ABCDE')).toBeNull();
  });
});

describe('challenges', () => {
  test('[PASSKEY-T2] an approval’s challenge is SHA-256 of the PIN proof’s message; registration’s names the shop and person', async () => {
    const challenge = await approvalChallenge(COMPANY, 'sale.refund', REFUND, 'refund');
    expect(challenge).toHaveLength(32);
    expect(challenge).toEqual(await sha256(`tillpoint:approval:v2:${COMPANY}:sale.refund:${REFUND}:refund`));
    expect(proofMessage('approval', COMPANY, 'sale.refund', REFUND, 'refund')).toBe(
      `tillpoint:approval:v2:${COMPANY}:sale.refund:${REFUND}:refund`,
    );
    expect(await approvalChallenge(COMPANY, 'activity.record', REFUND, 'refund')).not.toEqual(challenge);
    expect(await registrationChallenge(COMPANY, MAX)).toEqual(
      await sha256(`tillpoint:passkey:v1:${COMPANY}:${MAX}`),
    );
  });
});

describe('verifyPasskeyAssertion', () => {
  async function answered(tamper: (assertion: PasskeyAssertion) => PasskeyAssertion = (a) => a) {
    const key = await makeFakeKey();
    const challenge = await approvalChallenge(COMPANY, 'sale.refund', REFUND, 'refund');
    return { key, challenge, assertion: tamper(await key.assert(challenge)) };
  }

  const check = (publicKey: string, challenge: Uint8Array, assertion: PasskeyAssertion, rpId = TEST_RP_ID) =>
    verifyPasskeyAssertion({
      publicKey,
      rpId,
      challenge,
      authenticatorData: assertion.authenticator_data,
      clientDataJson: assertion.client_data_json,
      signature: assertion.signature,
    });

  test('[PASSKEY-T3] the right key’s answer to the right challenge checks out', async () => {
    const { key, challenge, assertion } = await answered();
    expect(await check(key.publicKey, challenge, assertion)).toEqual({ ok: true });
  });

  test('[PASSKEY-T3] a tampered signature, or another key’s, is bad_signature', async () => {
    const { key, challenge, assertion } = await answered();
    const der = fromBase64url(assertion.signature) ?? new Uint8Array();
    const flipped = new Uint8Array(der);
    flipped[10] = (flipped[10] ?? 0) ^ 0x01;
    expect(await check(key.publicKey, challenge, { ...assertion, signature: toBase64url(flipped) })).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    const other = await makeFakeKey(2);
    expect(await check(other.publicKey, challenge, assertion)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  test('[PASSKEY-T3] an answer to another challenge (another op, row or action) is wrong_challenge', async () => {
    const { key, assertion } = await answered();
    for (const other of [
      await approvalChallenge(COMPANY, 'sale.record', REFUND, 'refund'),
      await approvalChallenge(COMPANY, 'sale.refund', MAX, 'refund'),
      await approvalChallenge(COMPANY, 'sale.refund', REFUND, 'discount'),
    ]) {
      expect(await check(key.publicKey, other, assertion)).toEqual({ ok: false, reason: 'wrong_challenge' });
    }
  });

  test('[PASSKEY-T3] a key used for another site is wrong_rp', async () => {
    const key = await makeFakeKey();
    const challenge = await approvalChallenge(COMPANY, 'sale.refund', REFUND, 'refund');
    const assertion = await key.assert(challenge, { rpId: 'evil.example' });
    expect(await check(key.publicKey, challenge, assertion)).toEqual({ ok: false, reason: 'wrong_rp' });
    const ours = await key.assert(challenge);
    expect(await check(key.publicKey, challenge, ours, 'till.example')).toEqual({
      ok: false,
      reason: 'wrong_rp',
    });
  });

  test('[PASSKEY-T3] an answer nobody touched the key for (no UP flag) is no_user_presence', async () => {
    const key = await makeFakeKey();
    const challenge = await approvalChallenge(COMPANY, 'sale.refund', REFUND, 'refund');
    const assertion = await key.assert(challenge, { flags: 0x04 });
    expect(await check(key.publicKey, challenge, assertion)).toEqual({
      ok: false,
      reason: 'no_user_presence',
    });
  });

  test('[PASSKEY-T3] a registration’s answer (webauthn.create) is wrong_type', async () => {
    const key = await makeFakeKey();
    const challenge = await approvalChallenge(COMPANY, 'sale.refund', REFUND, 'refund');
    const assertion = await key.assert(challenge, { type: 'webauthn.create' });
    expect(await check(key.publicKey, challenge, assertion)).toEqual({ ok: false, reason: 'wrong_type' });
  });

  test('[PASSKEY-T3] [PASSKEY-T4] malformed DER, base64url or client data is malformed; a key that is not P-256 SPKI is bad_key', async () => {
    const { key, challenge, assertion } = await answered();
    const der = fromBase64url(assertion.signature) ?? new Uint8Array();
    const broken = [
      { ...assertion, signature: toBase64url(der.subarray(0, der.length - 1)) },
      { ...assertion, signature: toBase64url(new Uint8Array([...der, 0])) },
      { ...assertion, signature: toBase64url(new Uint8Array([0x31, ...der.subarray(1)])) },
      { ...assertion, signature: 'not base64url!' },
      { ...assertion, client_data_json: toBase64url(new TextEncoder().encode('{not json')) },
      { ...assertion, authenticator_data: toBase64url(new Uint8Array(10)) },
    ];
    for (const one of broken) {
      expect(await check(key.publicKey, challenge, one)).toEqual({ ok: false, reason: 'malformed' });
    }
    expect(await check(toBase64url(new Uint8Array(91)), challenge, assertion)).toEqual({
      ok: false,
      reason: 'bad_key',
    });
  });

  test('[PASSKEY-T4] DER signatures read back as r ‖ s, leading zeros and sign bytes handled', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 64, maxLength: 64 }), (raw) => {
        expect(derToRawSignature(rawToDer(raw))).toEqual(raw);
      }),
    );
    const highBit = new Uint8Array(64).fill(0x80);
    expect(rawToDer(highBit)[3]).toBe(33);
    expect(derToRawSignature(rawToDer(highBit))).toEqual(highBit);
    // An INTEGER of 34 bytes is never a P-256 value.
    const long = new Uint8Array([0x30, 38, 0x02, 34, ...new Uint8Array(34).fill(1), 0x02, 0]);
    expect(derToRawSignature(long)).toBeNull();
  });
});
