// The browser's WebAuthn behind a small port (issue 33): the approval dialog asks a manager's security key to
// sign, Settings → Staff registers a new key. Tests pass a fake made of WebCrypto keys; the browser's answers
// become base64url values (src/domain/passkey.ts) and its errors values in words, never exceptions. Both
// calls work offline: a security key needs no network, and the check of its answer is the till's.
import { fromBase64url, toBase64url, type PasskeyAssertion } from '../../domain/passkey';

export type WebAuthnFailure = 'cancelled' | 'unsupported' | 'exists' | 'failed';

export type WebAuthnResult<T> = { ok: true; value: T } | { ok: false; failure: WebAuthnFailure };

export interface AssertionRequest {
  challenge: Uint8Array<ArrayBuffer>;
  rpId: string;
  /** The keys that may answer (base64url credential ids). */
  credentialIds: readonly string[];
}

export interface CredentialRequest {
  challenge: Uint8Array<ArrayBuffer>;
  rpId: string;
  /** The staff id as its 16 bytes. */
  userId: Uint8Array<ArrayBuffer>;
  userName: string;
  displayName: string;
}

/** A new key as `register_staff_passkey` takes it (all base64url). */
export interface NewCredential {
  credentialId: string;
  /** SPKI DER (`getPublicKey()`). */
  publicKey: string;
  clientDataJson: string;
  authenticatorData: string;
}

export interface WebAuthnPort {
  /** Whether this browser has WebAuthn at all (`window.PublicKeyCredential`). */
  supported(): boolean;
  getAssertion(request: AssertionRequest): Promise<WebAuthnResult<PasskeyAssertion>>;
  createCredential(request: CredentialRequest): Promise<WebAuthnResult<NewCredential>>;
}

/** How long a key waits for a touch (the contract's 60 s). */
export const WEBAUTHN_TIMEOUT_MS = 60_000;

/** The failure a browser's DOMException means: NotAllowedError is both "cancelled" and "timed out". */
function failureOf(error: unknown): WebAuthnFailure {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return 'cancelled';
  if (name === 'NotSupportedError' || name === 'SecurityError') return 'unsupported';
  if (name === 'InvalidStateError') return 'exists';
  return 'failed';
}

const bytes = (buffer: ArrayBuffer) => toBase64url(new Uint8Array(buffer));

export const browserWebAuthn: WebAuthnPort = {
  supported: () =>
    typeof window !== 'undefined' &&
    typeof window.PublicKeyCredential !== 'undefined' &&
    'credentials' in navigator,

  async getAssertion({ challenge, rpId, credentialIds }) {
    if (!browserWebAuthn.supported()) return { ok: false, failure: 'unsupported' };
    try {
      const credential = await navigator.credentials.get({
        publicKey: {
          challenge,
          rpId,
          allowCredentials: credentialIds.flatMap((id) => {
            const raw = fromBase64url(id);
            return raw ? [{ type: 'public-key' as const, id: raw }] : [];
          }),
          userVerification: 'preferred',
          timeout: WEBAUTHN_TIMEOUT_MS,
        },
      });
      if (!(credential instanceof PublicKeyCredential)) return { ok: false, failure: 'failed' };
      const response = credential.response as AuthenticatorAssertionResponse;
      return {
        ok: true,
        value: {
          credential_id: bytes(credential.rawId),
          authenticator_data: bytes(response.authenticatorData),
          client_data_json: bytes(response.clientDataJSON),
          signature: bytes(response.signature),
        },
      };
    } catch (error) {
      return { ok: false, failure: failureOf(error) };
    }
  },

  async createCredential({ challenge, rpId, userId, userName, displayName }) {
    if (!browserWebAuthn.supported()) return { ok: false, failure: 'unsupported' };
    try {
      const credential = await navigator.credentials.create({
        publicKey: {
          rp: { id: rpId, name: 'Tillpoint' },
          user: { id: userId, name: userName, displayName },
          challenge,
          pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
          authenticatorSelection: { userVerification: 'preferred', residentKey: 'discouraged' },
          attestation: 'none',
          timeout: WEBAUTHN_TIMEOUT_MS,
        },
      });
      if (!(credential instanceof PublicKeyCredential)) return { ok: false, failure: 'failed' };
      const response = credential.response as AuthenticatorAttestationResponse;
      // Null when the browser cannot read the key's algorithm: only ES256 is asked for, so that is a browser
      // too old for it.
      const publicKey = response.getPublicKey();
      if (publicKey === null) return { ok: false, failure: 'unsupported' };
      return {
        ok: true,
        value: {
          credentialId: bytes(credential.rawId),
          publicKey: bytes(publicKey),
          clientDataJson: bytes(response.clientDataJSON),
          authenticatorData: bytes(response.getAuthenticatorData()),
        },
      };
    } catch (error) {
      return { ok: false, failure: failureOf(error) };
    }
  },
};

/** A uuid's 16 bytes, as WebAuthn's user.id (the contract: the staff id as 16 bytes). */
export function uuidBytes(id: string): Uint8Array<ArrayBuffer> {
  const hex = id.replace(/-/g, '');
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i += 1) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
