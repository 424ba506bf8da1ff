// A software authenticator for stack tests (supabase/SPEC.md "Passkey approvals"): an ECDSA P-256 key made
// with WebCrypto, the registration and assertion answers a browser hands over (clientDataJSON,
// authenticatorData, DER signature), all base64url as the till sends them (the notes' passkeys.md).
import { ANON_KEY } from '../../supabase/local/config';
import type { Person } from './shop';
import { stackUrl } from './supabase';

export const ORIGIN = 'http://localhost:4173';
export const RP_ID = 'localhost';

const encoder = new TextEncoder();

export function b64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

export const sha256 = async (bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));

const sha256Text = (text: string) => sha256(encoder.encode(text));

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
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

export interface Authenticator {
  credentialId: string;
  publicKey: string;
  privateKey: CryptoKey;
}

export async function newAuthenticator(): Promise<Authenticator> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ]);
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  return {
    credentialId: b64url(crypto.getRandomValues(new Uint8Array(32))),
    publicKey: b64url(spki),
    privateKey: pair.privateKey,
  };
}

/** navigator.credentials.create()'s answer as register_staff_passkey takes it; `change` spoils one part. */
export async function registration(
  key: Authenticator,
  company: string,
  staffId: string,
  change: { type?: string; challenge?: string; rpId?: string; flags?: number; publicKey?: string } = {},
) {
  const challenge = await sha256Text(change.challenge ?? `tillpoint:passkey:v1:${company}:${staffId}`);
  return {
    p_company_id: company,
    p_staff_id: staffId,
    p_credential_id: key.credentialId,
    p_public_key: change.publicKey ?? key.publicKey,
    p_client_data_json: b64url(clientData(change.type ?? 'webauthn.create', challenge)),
    p_authenticator_data: b64url(await authenticatorData(change.flags ?? 0x45, change.rpId)),
    p_name: 'Blue key',
  };
}

/** A passkey approval of `message` as an op carries it: {by, action, passkey}. */
export async function passkeyApproval(key: Authenticator, by: string, action: string, message: string) {
  const data = await authenticatorData(0x05);
  const client = clientData('webauthn.get', await sha256Text(message));
  const raw = new Uint8Array(
    await crypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      key.privateKey,
      concat(data, await sha256(client)),
    ),
  );
  return {
    by,
    action,
    passkey: {
      credential_id: key.credentialId,
      authenticator_data: b64url(data),
      client_data_json: b64url(client),
      signature: b64url(rawToDer(raw)),
    },
  };
}

/** POST /functions/v1/verify-approvals as the person's session (a member's or a paired till's). */
export async function verifyApprovals(
  person: Pick<Person, 'client'>,
  companyId: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const session = await person.client.auth.getSession();
  const token = session.data.session?.access_token ?? ANON_KEY;
  const response = await fetch(`${stackUrl()}/functions/v1/verify-approvals`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: ANON_KEY, authorization: `Bearer ${token}` },
    body: JSON.stringify({ company_id: companyId }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
