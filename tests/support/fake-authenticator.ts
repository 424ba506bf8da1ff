// A security key made of WebCrypto for tests (issue 33, src/domain/passkey.ts): a real P-256 key pair that
// answers a challenge as an authenticator does — authenticatorData (rpIdHash ‖ flags ‖ signCount), the
// clientDataJSON the browser writes, and an ECDSA signature over authenticatorData ‖ SHA-256(clientDataJSON)
// in DER. Options bend one part at a time so each check of verifyPasskeyAssertion can be made to fail.
import type {
  AssertionRequest,
  CredentialRequest,
  NewCredential,
  WebAuthnPort,
  WebAuthnResult,
} from '../../src/data/devices/webauthn';
import type { MirrorPasskey } from '../../src/data/local/mirror-db';
import { toBase64url, type PasskeyAssertion } from '../../src/domain/passkey';
import { authenticatorData, clientData, concat, rawToDer, RP_ID, sha256 } from './software-key';

export interface AssertOptions {
  rpId?: string;
  /** authenticatorData's flags: UP (0x01) and UV (0x04) by default. */
  flags?: number;
  type?: string;
  origin?: string;
}

export interface FakeKey {
  credentialId: string;
  /** SPKI DER, base64url, as `staff.passkeys[].public_key` holds it. */
  publicKey: string;
  assert(challenge: Uint8Array, options?: AssertOptions): Promise<PasskeyAssertion>;
}

export const TEST_RP_ID = RP_ID;

export async function makeFakeKey(credentialByte = 1): Promise<FakeKey> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ]);
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  const credentialId = toBase64url(new Uint8Array(16).fill(credentialByte));
  return {
    credentialId,
    publicKey: toBase64url(spki),
    async assert(challenge, options = {}) {
      const data = await authenticatorData(options.flags ?? 0x05, options.rpId ?? TEST_RP_ID, 7);
      const client = clientData(
        options.type ?? 'webauthn.get',
        challenge,
        options.origin ?? `http://${TEST_RP_ID}:4173`,
      );
      const signed = concat(data, await sha256(client));
      const raw = new Uint8Array(
        await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, signed),
      );
      return {
        credential_id: credentialId,
        authenticator_data: toBase64url(data),
        client_data_json: toBase64url(client),
        signature: toBase64url(rawToDer(raw)),
      };
    },
  };
}

/**
 * The browser's WebAuthn for dom tests: `answer` says what the person's touch gives for a request (one of
 * the fake keys' assertions, or a failure). Every request is kept, so a test reads what was asked.
 */
export function fakeWebAuthn(
  answer: (request: AssertionRequest) => Promise<WebAuthnResult<PasskeyAssertion>>,
  create: (request: CredentialRequest) => Promise<WebAuthnResult<NewCredential>> = () =>
    Promise.resolve({ ok: false, failure: 'unsupported' }),
): WebAuthnPort & { asked: AssertionRequest[]; created: CredentialRequest[] } {
  const asked: AssertionRequest[] = [];
  const created: CredentialRequest[] = [];
  return {
    asked,
    created,
    supported: () => true,
    getAssertion(request) {
      asked.push(request);
      return answer(request);
    },
    createCredential(request) {
      created.push(request);
      return create(request);
    },
  };
}

/** The passkey a mirror row holds for `key` (`staff.passkeys[]`). */
export function mirrorPasskey(key: FakeKey, name = 'Blue key'): MirrorPasskey {
  return {
    id: 'a7000000-0000-4000-8000-000000000001',
    credential_id: key.credentialId,
    public_key: key.publicKey,
    rp_id: TEST_RP_ID,
    name,
    created_at: '2026-11-20T10:00:00Z',
  };
}
