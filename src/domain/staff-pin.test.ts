import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  derivePinKey,
  fromHex,
  makePinSecret,
  PIN_KDF,
  pinProblem,
  pinVerifier,
  proofMessage,
  signProof,
  toHex,
  unlockWithPin,
} from './staff-pin';

const SALT = '000102030405060708090a0b0c0d0e0f';
const COMPANY = 'd1000000-0000-4000-8000-000000000001';
/** Argon2id at a test's cost: the parameters are stored beside the salt, so any work as long as both agree. */
const FAST = { name: 'argon2id', m: 1024, t: 1, p: 1 } as const;

describe('staff PINs', () => {
  test('[PIN-1] a PIN is 4 to 6 digits', () => {
    expect(pinProblem('1234')).toBeNull();
    expect(pinProblem('123456')).toBeNull();
    for (const bad of ['', '123', '1234567', '12a4', ' 1234', '١٢٣٤']) {
      expect(pinProblem(bad)).toBe('A PIN is 4 to 6 digits.');
    }
  });

  test('[PIN-2] a PIN set before Argon2id derives by PBKDF2-SHA256 (RFC 7914 §11 vector)', async () => {
    // P = "passwd", S = "salt", c = 1: the first 32 of the RFC's 64 bytes.
    const kdf = { name: 'pbkdf2-sha256', iterations: 1 } as const;
    const key = await derivePinKey('passwd', toHex(new TextEncoder().encode('salt')), kdf);
    expect(key).toBe('55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc');
  });

  test('[PIN-2] a new PIN derives by Argon2id with the parameters stored beside the salt', async () => {
    expect(PIN_KDF.name).toBe('argon2id');
    const a = await derivePinKey('2222', SALT, FAST);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    await expect(derivePinKey('2222', SALT, FAST)).resolves.toBe(a);
    await expect(derivePinKey('2223', SALT, FAST)).resolves.not.toBe(a);
    await expect(derivePinKey('2222', SALT, { ...FAST, t: 2 })).resolves.not.toBe(a);
    await expect(derivePinKey('2222', SALT, { ...FAST, m: 2048 })).resolves.not.toBe(a);
    const secret = await makePinSecret('222222', SALT, FAST);
    expect(secret).toMatchObject({ kdf: FAST, digits: 6 });
  });

  test('[PIN-3] the right PIN unlocks and gives the key; a wrong one does not', async () => {
    const secret = await makePinSecret('2222', SALT, FAST);
    expect(secret.verifier).toBe(await pinVerifier(secret.key));
    expect(secret.verifier).not.toBe(secret.key);
    await expect(unlockWithPin('2222', secret)).resolves.toBe(secret.key);
    await expect(unlockWithPin('2223', secret)).resolves.toBeNull();
    await expect(unlockWithPin('22a2', secret)).resolves.toBeNull();
  });

  test('[PIN-4] a proof is bound to its purpose, shop, op name, subject and action', async () => {
    const { key } = await makePinSecret('1111', SALT, FAST);
    const subject = '01900000-0000-7000-8000-000000000001';
    const proof = await signProof(key, 'approval', COMPANY, 'sale.refund', subject, 'refund');
    expect(proof).toMatch(/^[0-9a-f]{64}$/);
    await expect(signProof(key, 'approval', COMPANY, 'sale.refund', subject, 'refund')).resolves.toBe(proof);
    await expect(signProof(key, 'cashier', COMPANY, 'sale.refund', subject, 'refund')).resolves.not.toBe(
      proof,
    );
    await expect(signProof(key, 'approval', COMPANY, 'sale.record', subject, 'refund')).resolves.not.toBe(
      proof,
    );
    await expect(signProof(key, 'approval', COMPANY, 'sale.refund', subject, 'discount')).resolves.not.toBe(
      proof,
    );
    await expect(signProof(key, 'approval', COMPANY, 'sale.refund', SALT, 'refund')).resolves.not.toBe(proof);
    const other = await makePinSecret('1112', SALT, FAST);
    await expect(
      signProof(other.key, 'approval', COMPANY, 'sale.refund', subject, 'refund'),
    ).resolves.not.toBe(proof);
    expect(proofMessage('approval', COMPANY, 'sale.refund', subject, 'refund')).toBe(
      `tillpoint:approval:v2:${COMPANY}:sale.refund:${subject}:refund`,
    );
  });

  test('hex round-trips and refuses what is not lowercase hex', () => {
    fc.assert(fc.property(fc.uint8Array(), (bytes) => toHex(fromHex(toHex(bytes))) === toHex(bytes)));
    expect(() => fromHex('ABCD')).toThrow(RangeError);
    expect(() => fromHex('abc')).toThrow(RangeError);
  });
});
