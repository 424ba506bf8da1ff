// [PASSKEY-11] The signature check of verify-approvals on Deno itself, where the function runs when deployed
// (`npm run check:functions`): a WebCrypto P-256 key signs as an authenticator does, the DER it sends is read
// back as r‖s, and the assertion verifies for its own key and bytes only. The same module's cases under
// Node are in tests/integration/passkey-assertion.test.ts.
import assert from 'node:assert/strict';
import { assertionVerifies, derToRaw, toBase64Url, type PendingCheck } from './assertion.ts';

const encoder = new TextEncoder();
const sha256 = async (bytes: Uint8Array<ArrayBuffer>) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));

/** WebCrypto's r‖s as the DER SEQUENCE of two INTEGERs an authenticator sends. */
function der(raw: Uint8Array): Uint8Array<ArrayBuffer> {
  const integer = (half: Uint8Array) => {
    let start = 0;
    while (start < half.length - 1 && half[start] === 0) start += 1;
    const digits = [...half.subarray(start)];
    const body = (digits[0] ?? 0) & 0x80 ? [0, ...digits] : digits;
    return [0x02, body.length, ...body];
  };
  const body = [...integer(raw.subarray(0, 32)), ...integer(raw.subarray(32))];
  return Uint8Array.from([0x30, body.length, ...body]);
}

async function signedCheck(message: string): Promise<{ check: PendingCheck; otherKey: string }> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign']);
  const other = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign']);
  const spki = async (key: Parameters<typeof crypto.subtle.exportKey>[1]) =>
    toBase64Url(new Uint8Array(await crypto.subtle.exportKey('spki', key)));
  const authenticatorData = Uint8Array.from([
    ...(await sha256(encoder.encode('localhost'))),
    0x05,
    0,
    0,
    0,
    1,
  ]);
  const challenge = toBase64Url(await sha256(encoder.encode(message)));
  const clientData = encoder.encode(
    JSON.stringify({ type: 'webauthn.get', challenge, origin: 'http://localhost:4173' }),
  );
  const signed = Uint8Array.from([...authenticatorData, ...(await sha256(clientData))]);
  const raw = new Uint8Array(
    await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, signed),
  );
  assert.deepEqual(derToRaw(der(raw)), raw);
  return {
    check: {
      id: 'check',
      message,
      public_key: await spki(pair.publicKey),
      rp_id: 'localhost',
      authenticator_data: toBase64Url(authenticatorData),
      client_data_json: toBase64Url(clientData),
      signature: toBase64Url(der(raw)),
    },
    otherKey: await spki(other.publicKey),
  };
}

Deno.test('[PASSKEY-11] an assertion verifies for its key and message, and for nothing else', async () => {
  const message = `tillpoint:approval:v2:${crypto.randomUUID()}:sale.refund:${crypto.randomUUID()}:refund`;
  const { check, otherKey } = await signedCheck(message);
  assert.equal(await assertionVerifies(check), true);
  assert.equal(await assertionVerifies({ ...check, public_key: otherKey }), false);
  assert.equal(await assertionVerifies({ ...check, message: `${message}x` }), false);
});

Deno.test('[PASSKEY-11] a signature that is not DER is refused', () => {
  assert.throws(() => derToRaw(new Uint8Array(4)));
  assert.throws(() => derToRaw(Uint8Array.from([0x31, 6, 2, 1, 1, 2, 1, 1])));
});
