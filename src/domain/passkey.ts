// Passkey (WebAuthn) approvals at the till (issue 33; /work/notes contract; SPEC [PASSKEY-T1]…). A manager's
// security key signs the same message a PIN proof binds ([PIN-4]) — its SHA-256 is the WebAuthn challenge —
// and the till checks the answer offline against the public key its mirror holds (`staff.passkeys`), before
// it accepts the approval. The server checks it again after sync; nothing here marks anything verified.
//
// Only ES256 keys (ECDSA P-256, SHA-256) are registered, stored as SPKI DER. Every binary value travels as
// base64url without padding. WebCrypto only (`crypto.subtle`), so this runs in browsers and in Node ≥ 20.
import { proofMessage, type PersonOp } from './staff-pin';

const encoder = new TextEncoder();

/** [PASSKEY-T1] base64url without padding, as WebAuthn's clientDataJSON and the contract write it. */
export function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** [PASSKEY-T1] The bytes of a base64url text (no padding, no other alphabet), or null when it is not one. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
}

/**
 * [PASSKEY-T2] The challenge a key signs to approve `action` on the op `opName`'s row `subjectId`:
 * SHA-256 of the PIN proof's message ([PIN-4]), so a passkey approval binds the same shop, op, row and action.
 */
export function approvalChallenge(
  companyId: string,
  opName: PersonOp,
  subjectId: string,
  action: string,
): Promise<Uint8Array<ArrayBuffer>> {
  return sha256(encoder.encode(proofMessage('approval', companyId, opName, subjectId, action)));
}

/** [PASSKEY-T2] The challenge of a key's registration: one person of one shop. */
export function registrationChallenge(companyId: string, staffId: string): Promise<Uint8Array<ArrayBuffer>> {
  return sha256(encoder.encode(`tillpoint:passkey:v1:${companyId}:${staffId}`));
}

/** What a security key answered to `navigator.credentials.get`, as an approval carries it (all base64url). */
export interface PasskeyAssertion {
  credential_id: string;
  authenticator_data: string;
  client_data_json: string;
  /** An ECDSA signature, DER-encoded as authenticators give it. */
  signature: string;
}

export interface PasskeyCheck {
  /** The key's SPKI DER as base64url (`staff.passkeys[].public_key`). */
  publicKey: string;
  /** The relying party the key was registered for (`staff.passkeys[].rp_id`). */
  rpId: string;
  /** What the key was asked to sign (approvalChallenge). */
  challenge: Uint8Array;
  authenticatorData: string;
  clientDataJson: string;
  signature: string;
}

/** Why an answer does not check out, one code per check ([PASSKEY-T3]). */
export type PasskeyFailure =
  | 'malformed'
  | 'wrong_type'
  | 'wrong_challenge'
  | 'wrong_rp'
  | 'no_user_presence'
  | 'bad_key'
  | 'bad_signature';

export type PasskeyVerdict = { ok: true } | { ok: false; reason: PasskeyFailure };

/** authenticatorData: rpIdHash (32) ‖ flags (1) ‖ signCount (4) ‖ …; UP is the flags' lowest bit. */
const RP_ID_HASH_LENGTH = 32;
const FLAG_USER_PRESENT = 0x01;
const P256_SIZE = 32;

/**
 * [PASSKEY-T4] An ECDSA signature's DER (SEQUENCE of two INTEGERs) as the raw r ‖ s (32 bytes each) WebCrypto
 * verifies, or null when it is not a well-formed P-256 signature: every length must agree, nothing may follow.
 */
export function derToRawSignature(der: Uint8Array): Uint8Array<ArrayBuffer> | null {
  if (der.length < 8 || der[0] !== 0x30 || der[1] !== der.length - 2) return null;
  const raw = new Uint8Array(P256_SIZE * 2);
  let at = 2;
  for (const half of [0, 1]) {
    const length = der[at + 1] ?? 0;
    if (der[at] !== 0x02 || length < 1 || length > P256_SIZE + 1 || at + 2 + length > der.length) return null;
    let value = der.subarray(at + 2, at + 2 + length);
    // A positive INTEGER gets a leading zero when its top bit is set; nothing else may lead with zeros.
    while (value.length > P256_SIZE && value[0] === 0) value = value.subarray(1);
    if (value.length > P256_SIZE) return null;
    raw.set(value, half * P256_SIZE + P256_SIZE - value.length);
    at += 2 + length;
  }
  return at === der.length ? raw : null;
}

function clientDataOf(bytes: Uint8Array): { type?: unknown; challenge?: unknown } | null {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return typeof parsed === 'object' && parsed !== null ? parsed : null;
  } catch {
    return null;
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

async function signatureHolds(
  publicKey: Uint8Array<ArrayBuffer>,
  signature: Uint8Array<ArrayBuffer>,
  signed: Uint8Array<ArrayBuffer>,
): Promise<PasskeyVerdict> {
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey('spki', publicKey, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'verify',
    ]);
  } catch {
    return { ok: false, reason: 'bad_key' };
  }
  const holds = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, signature, signed);
  return holds ? { ok: true } : { ok: false, reason: 'bad_signature' };
}

/**
 * [PASSKEY-T3] Checks a security key's answer offline, as the server does again later: clientData's type is
 * 'webauthn.get' and its challenge the one asked; authenticatorData names the relying party (SHA-256 of
 * `rpId`) and says a person touched the key (UP); and the ECDSA P-256 signature over authenticatorData ‖
 * SHA-256(clientDataJSON) holds for the public key. The first failing check is the reason.
 */
export async function verifyPasskeyAssertion(check: PasskeyCheck): Promise<PasskeyVerdict> {
  const authenticatorData = fromBase64url(check.authenticatorData);
  const clientDataJson = fromBase64url(check.clientDataJson);
  const der = fromBase64url(check.signature);
  const publicKey = fromBase64url(check.publicKey);
  const clientData = clientDataJson && clientDataOf(clientDataJson);
  if (!authenticatorData || !clientDataJson || !der || !publicKey || !clientData) {
    return { ok: false, reason: 'malformed' };
  }
  if (authenticatorData.length < RP_ID_HASH_LENGTH + 5) return { ok: false, reason: 'malformed' };
  if (clientData.type !== 'webauthn.get') return { ok: false, reason: 'wrong_type' };
  if (clientData.challenge !== toBase64url(check.challenge)) return { ok: false, reason: 'wrong_challenge' };
  const rpIdHash = await sha256(encoder.encode(check.rpId));
  if (!sameBytes(authenticatorData.subarray(0, RP_ID_HASH_LENGTH), rpIdHash)) {
    return { ok: false, reason: 'wrong_rp' };
  }
  if (((authenticatorData[RP_ID_HASH_LENGTH] ?? 0) & FLAG_USER_PRESENT) === 0) {
    return { ok: false, reason: 'no_user_presence' };
  }
  const raw = derToRawSignature(der);
  if (raw === null) return { ok: false, reason: 'malformed' };
  const clientDataHash = await sha256(clientDataJson);
  const signed = new Uint8Array(authenticatorData.length + clientDataHash.length);
  signed.set(authenticatorData);
  signed.set(clientDataHash, authenticatorData.length);
  return signatureHolds(publicKey, raw, signed);
}
