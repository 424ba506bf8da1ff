// A manager's approval by security key (issue 33, SPEC [PASSKEY-T7]): ask any key of this till's active
// managers and owners to sign the approval's challenge, find whose key answered, and check the answer here,
// offline, against the public key the mirror holds. Only a checked answer approves; the server checks it
// again after sync. Every failure is a sentence for the counter, and nothing is approved.
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MirrorPasskey, MirrorStaff } from '../../data/local/mirror-db';
import type { WebAuthnFailure, WebAuthnPort } from '../../data/devices/webauthn';
import { APPROVAL_OP, type ApprovalAction } from '../../domain/cashier-stamp';
import { approvalChallenge, verifyPasskeyAssertion, type PasskeyAssertion } from '../../domain/passkey';
import { isManager } from './till-session';

/** A manager or owner on this till with keys registered for this site. */
export interface KeyHolder {
  id: string;
  name: string;
  passkeys: readonly MirrorPasskey[];
}

/** Active managers and owners with a key for `rpId` (a key registered for another host cannot answer here). */
export function keyHoldersOf(rows: readonly MirrorStaff[], rpId: string): KeyHolder[] {
  return rows.flatMap((row) => {
    const passkeys = (row.passkeys ?? []).filter((key) => key.rp_id === rpId);
    return row.active && !row.deleted_at && isManager(row.role) && passkeys.length > 0
      ? [{ id: row.id, name: row.name, passkeys }]
      : [];
  });
}

// Descriptors, said in the active language when a failure is answered (issue 35).
export const NOT_A_MANAGERS_KEY = msg`That key is not a manager’s key on this till.`;
export const DID_NOT_CHECK_OUT = msg`The key’s answer did not check out. Nothing was approved.`;

const FAILURE_WORDS: Record<WebAuthnFailure, MessageDescriptor> = {
  cancelled: msg`The security key was cancelled or timed out. Try again, or approve with a PIN.`,
  unsupported: msg`This browser cannot use security keys. Approve with a PIN instead.`,
  exists: msg`The security key could not be used. Try again, or approve with a PIN.`,
  failed: msg`The security key could not be used. Try again, or approve with a PIN.`,
};

export type KeyApproval =
  { ok: true; by: KeyHolder; passkey: PasskeyAssertion } | { ok: false; message: string };

/** [PASSKEY-T7] Asks the holders' keys to approve `action` on the op's row `subjectId`, and checks the answer. */
export async function approveWithKey(
  webauthn: WebAuthnPort,
  holders: readonly KeyHolder[],
  request: { companyId: string; action: ApprovalAction; subjectId: string; rpId: string },
): Promise<KeyApproval> {
  const challenge = await approvalChallenge(
    request.companyId,
    APPROVAL_OP[request.action],
    request.subjectId,
    request.action,
  );
  const answer = await webauthn.getAssertion({
    challenge,
    rpId: request.rpId,
    credentialIds: holders.flatMap((holder) => holder.passkeys.map((key) => key.credential_id)),
  });
  if (!answer.ok) return { ok: false, message: i18n._(FAILURE_WORDS[answer.failure]) };
  const passkey = answer.value;
  const by = holders.find((holder) =>
    holder.passkeys.some((key) => key.credential_id === passkey.credential_id),
  );
  const key = by?.passkeys.find((one) => one.credential_id === passkey.credential_id);
  if (!by || !key) return { ok: false, message: i18n._(NOT_A_MANAGERS_KEY) };
  const verdict = await verifyPasskeyAssertion({
    publicKey: key.public_key,
    rpId: key.rp_id,
    challenge,
    authenticatorData: passkey.authenticator_data,
    clientDataJson: passkey.client_data_json,
    signature: passkey.signature,
  });
  return verdict.ok ? { ok: true, by, passkey } : { ok: false, message: i18n._(DID_NOT_CHECK_OUT) };
}
