// [PASSKEY-11] The one check SQL cannot make: a WebAuthn assertion's ECDSA P-256 signature (ES256), with
// WebCrypto, as a till checks it offline (src/domain/passkey.ts). The client data and authenticator data were
// checked in SQL when the op was applied; they are checked again here so a check row alone proves nothing.

/** What passkey_checks_pending answers for each check. */
export interface PendingCheck {
  id: string;
  message: string;
  public_key: string;
  rp_id: string;
  authenticator_data: string;
  client_data_json: string;
  signature: string;
}

const encoder = new TextEncoder();

/** Bytes from base64url without padding; throws on anything else. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new Error('not base64url');
  const binary = atob(
    text.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (text.length % 4)) % 4),
  );
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
}

/** One DER INTEGER at `at` as a 32-byte big-endian number, and where the next element starts. */
function derInteger(der: Uint8Array, at: number): { value: Uint8Array; next: number } {
  const length = der[at + 1] ?? 0;
  if (der[at] !== 0x02 || length < 1 || length > 33 || at + 2 + length > der.length)
    throw new Error('not DER');
  let digits = der.subarray(at + 2, at + 2 + length);
  while (digits.length > 1 && digits[0] === 0) digits = digits.subarray(1);
  if (digits.length > 32) throw new Error('integer too long');
  const value = new Uint8Array(32);
  value.set(digits, 32 - digits.length);
  return { value, next: at + 2 + length };
}

/**
 * An authenticator's DER signature (SEQUENCE { INTEGER r, INTEGER s }) as the 64-byte r‖s WebCrypto verifies.
 * Short form lengths only: a P-256 signature is at most 72 bytes.
 */
export function derToRaw(der: Uint8Array): Uint8Array<ArrayBuffer> {
  if (der.length < 8 || der[0] !== 0x30 || der[1] !== der.length - 2) throw new Error('not a DER signature');
  const r = derInteger(der, 2);
  const s = derInteger(der, r.next);
  if (s.next !== der.length) throw new Error('trailing bytes');
  const raw = new Uint8Array(64);
  raw.set(r.value, 0);
  raw.set(s.value, 32);
  return raw;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** Whether the check's assertion is good; any malformed part is simply not good. */
export async function assertionVerifies(check: PendingCheck): Promise<boolean> {
  try {
    const clientBytes = fromBase64Url(check.client_data_json);
    const client = JSON.parse(new TextDecoder().decode(clientBytes)) as {
      type?: unknown;
      challenge?: unknown;
    };
    const challenge = toBase64Url(await sha256(encoder.encode(check.message)));
    if (client.type !== 'webauthn.get' || client.challenge !== challenge) return false;
    const authenticatorData = fromBase64Url(check.authenticator_data);
    const rpIdHash = await sha256(encoder.encode(check.rp_id));
    if (authenticatorData.length < 37 || !equalBytes(authenticatorData.subarray(0, 32), rpIdHash))
      return false;
    if (((authenticatorData[32] ?? 0) & 0x01) === 0) return false;
    const key = await crypto.subtle.importKey(
      'spki',
      fromBase64Url(check.public_key),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    const signed = new Uint8Array(authenticatorData.length + 32);
    signed.set(authenticatorData, 0);
    signed.set(await sha256(clientBytes), authenticatorData.length);
    return await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      key,
      derToRaw(fromBase64Url(check.signature)),
      signed,
    );
  } catch {
    return false;
  }
}
