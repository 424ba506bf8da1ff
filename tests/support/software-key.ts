// A software security key's parts for tests of both sides (issue 33): what an authenticator and a browser
// hand over for a WebAuthn ceremony — authenticatorData (SHA-256(rp id) ‖ flags ‖ sign counter), the
// clientDataJSON, and the DER signature an authenticator sends where WebCrypto gives r‖s. Pure WebCrypto, so
// node, dom and stack tests share it (tests/support/passkeys.ts for the stack, fake-authenticator.ts for dom).

export const ORIGIN = 'http://localhost:4173';
export const RP_ID = 'localhost';

export const encoder = new TextEncoder();

export function b64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

export const sha256 = async (bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));

export const sha256Text = (text: string) => sha256(encoder.encode(text));

export function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** One DER INTEGER of a 32-byte big-endian number: leading zeros dropped, a 0 added when the top bit is set. */
function derInteger(value: Uint8Array): Uint8Array {
  let digits = value;
  while (digits.length > 1 && digits[0] === 0 && ((digits[1] ?? 0) & 0x80) === 0) digits = digits.subarray(1);
  if (((digits[0] ?? 0) & 0x80) !== 0) digits = concat(new Uint8Array([0]), digits);
  return concat(new Uint8Array([0x02, digits.length]), digits);
}

/** WebCrypto's r‖s as the DER SEQUENCE an authenticator sends. */
export function rawToDer(raw: Uint8Array): Uint8Array {
  const body = concat(derInteger(raw.subarray(0, 32)), derInteger(raw.subarray(32, 64)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

/** SHA-256(rpId) ‖ flags ‖ sign counter (4 bytes). */
export async function authenticatorData(
  flags: number,
  rpId = RP_ID,
  counter = 1,
): Promise<Uint8Array<ArrayBuffer>> {
  const tail = new Uint8Array(5);
  tail[0] = flags;
  new DataView(tail.buffer).setUint32(1, counter);
  return concat(await sha256Text(rpId), tail);
}

export const clientData = (type: string, challenge: Uint8Array, origin = ORIGIN): Uint8Array<ArrayBuffer> =>
  encoder.encode(JSON.stringify({ type, challenge: b64url(challenge), origin, crossOrigin: false }));

export const approvalMessage = (company: string, opName: string, subject: string, action: string) =>
  `tillpoint:approval:v2:${company}:${opName}:${subject}:${action}`;
