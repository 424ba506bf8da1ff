// [PASSKEY-11] verify-approvals' signature check on its own: the DER signature an authenticator sends read as
// WebCrypto's r‖s for every shape of integer DER gives (a leading 0 for a high bit, a short one for a leading
// zero byte), and an assertion that verifies only for its key, message and bytes.
import { describe, expect, test } from 'vitest';
import { newAuthenticator, passkeyApproval } from '../support/passkeys';
import { approvalMessage, authenticatorData, b64url, rawToDer } from '../support/software-key';
import {
  assertionVerifies,
  derToRaw,
  fromBase64Url,
  type PendingCheck,
} from '../../supabase/functions/verify-approvals/assertion';

const raw = (r: number[], s: number[]) => {
  const out = new Uint8Array(64);
  out.set(r, 32 - r.length);
  out.set(s, 64 - s.length);
  return out;
};

describe('DER signatures', () => {
  test('[PASSKEY-11] r and s of every length DER gives come back as 32 bytes each', () => {
    const cases = [
      raw(Array(32).fill(0x80) as number[], Array(32).fill(0x01) as number[]),
      raw([0x7f, ...(Array(30).fill(0xaa) as number[])], [0x05]),
      raw([0x00, 0x00, 0x80, 0x01], Array(32).fill(0xff) as number[]),
    ];
    for (const signature of cases) expect(derToRaw(rawToDer(signature))).toEqual(signature);
  });

  test('[PASSKEY-11] anything but a SEQUENCE of two INTEGERs is refused', () => {
    const good = rawToDer(raw([1], [2]));
    const bad = [
      Uint8Array.from([0x31, ...good.subarray(1)]),
      Uint8Array.from([...good, 0x00]),
      Uint8Array.from([0x30, good.length - 2, 0x03, ...good.subarray(3)]),
      new Uint8Array(4),
    ];
    for (const der of bad) expect(() => derToRaw(der)).toThrow();
  });
});

describe('assertions', () => {
  test('[PASSKEY-11] verifies for its key, message, authenticator data and client data only', async () => {
    const key = await newAuthenticator();
    const message = approvalMessage(crypto.randomUUID(), 'sale.refund', crypto.randomUUID(), 'refund');
    const { passkey } = await passkeyApproval(key, crypto.randomUUID(), 'refund', message);
    const check: PendingCheck = {
      id: 'c',
      message,
      public_key: key.publicKey,
      rp_id: 'localhost',
      ...passkey,
    };
    expect(await assertionVerifies(check)).toBe(true);
    const other = await newAuthenticator();
    const flipped = fromBase64Url(passkey.signature);
    flipped[10] = (flipped[10] ?? 0) ^ 1;
    const spoiled: Partial<PendingCheck>[] = [
      { public_key: other.publicKey },
      { message: `${message}x` },
      { rp_id: 'example.com' },
      { authenticator_data: b64url(await authenticatorData(0x05, 'localhost', 2)) },
      { signature: b64url(flipped) },
      { signature: 'not base64url!' },
      { client_data_json: b64url(new TextEncoder().encode('{')) },
    ];
    for (const change of spoiled) expect(await assertionVerifies({ ...check, ...change })).toBe(false);
  });
});
