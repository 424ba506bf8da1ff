// A software authenticator for stack tests (supabase/SPEC.md "Passkey approvals"): an ECDSA P-256 key made
// with WebCrypto, the registration and assertion answers a browser hands over (clientDataJSON,
// authenticatorData, DER signature), all base64url as the till sends them (the notes' passkeys.md).
import { ANON_KEY } from '../../supabase/local/config';
import type { Person } from './shop';
import { authenticatorData, b64url, clientData, concat, rawToDer, sha256, sha256Text } from './software-key';
import { stackUrl } from './supabase';

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
