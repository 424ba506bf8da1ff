// A manager approves with a security key on a shared till (issue 33, SPEC [PASSKEY-T6], [PASSKEY-T7]): the
// browser's WebAuthn is a fake made of real P-256 keys (tests/support/fake-authenticator.ts), the staff and
// their keys are in the mirror, and the answer is checked here, offline, before anything is approved.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AssertionRequest } from '../../data/devices/webauthn';
import { approvalChallenge, verifyPasskeyAssertion } from '../../domain/passkey';
import { DEFAULT_SHARED_TILL_RULES } from '../../domain/shared-till-rules';
import { COMPANY_A } from '../../../tests/support/ledger-fixtures';
import {
  fakeWebAuthn,
  makeFakeKey,
  mirrorPasskey,
  TEST_RP_ID,
  type FakeKey,
} from '../../../tests/support/fake-authenticator';
import { ApprovalDesk } from './approval-desk';
import { ApprovalDialog } from './approval-dialog';
import { i18n } from '@lingui/core';
import { DID_NOT_CHECK_OUT, NOT_A_MANAGERS_KEY } from './passkey-approval';
import { world } from './shared-till-test-world';
import { atCounter, CARA, MAX } from './staff-test-fixtures';

afterEach(() => {
  cleanup();
});

const REFUND = 'e0000000-0000-4000-8000-000000000001';

/** A shared till with Cara at the counter, Max's key in the mirror, and the dialog on screen. */
async function till(answer: Parameters<typeof fakeWebAuthn>[0], maxKey: FakeKey | null) {
  const w = await world();
  if (maxKey) await w.deps.mirror.staff.update(MAX.id, { passkeys: [mirrorPasskey(maxKey)] });
  const webauthn = fakeWebAuthn(answer);
  w.deps.webauthn = webauthn;
  w.session.unlock(atCounter(CARA, w.keys));
  const desk = new ApprovalDesk(w.session);
  desk.attach(w.deps, DEFAULT_SHARED_TILL_RULES);
  render(<ApprovalDialog desk={desk} deps={w.deps} />);
  const answered = desk.ask('refund', REFUND, 'A refund of sale T7-000001.', (rules) => rules.approveRefund);
  const dialog = await screen.findByRole('dialog', { name: 'Approve a refund' });
  // The staff come from the mirror a moment after the dialog opens (a live query); with one manager here the
  // dialog then starts on Max's PIN. Wait for it, so a slow machine reads the same dialog a person would.
  await within(dialog).findByLabelText('PIN');
  return { ...w, webauthn, desk, answered, dialog };
}

/** The person touches `key`: it answers the challenge asked. */
const signedBy = (key: FakeKey) => async (request: AssertionRequest) =>
  ({ ok: true, value: await key.assert(request.challenge) }) as const;

const touch = async (dialog: HTMLElement) => {
  await userEvent.click(await within(dialog).findByRole('button', { name: 'Use a security key' }));
};

describe('manager approval by security key', () => {
  test('[PASSKEY-T7] [PASSKEY-T6] the manager’s key approves: the refund carries the answer, the approval event the same naming the refund', async () => {
    const key = await makeFakeKey();
    const { dialog, answered, webauthn, activity } = await till(signedBy(key), key);
    expect(
      await within(dialog).findByText('A manager approves it with their PIN or security key.'),
    ).toBeInTheDocument();
    await touch(dialog);
    const challenge = await approvalChallenge(COMPANY_A, 'sale.refund', REFUND, 'refund');
    expect(webauthn.asked).toEqual([{ challenge, rpId: TEST_RP_ID, credentialIds: [key.credentialId] }]);
    const answer = await answered;
    expect(answer).toEqual({
      approved: true,
      approval: {
        by: MAX.id,
        action: 'refund',
        passkey: expect.objectContaining({ credential_id: key.credentialId }) as unknown,
      },
    });
    const passkey =
      answer.approved && answer.approval && 'passkey' in answer.approval ? answer.approval.passkey : null;
    expect(
      await verifyPasskeyAssertion({
        publicKey: key.publicKey,
        rpId: TEST_RP_ID,
        challenge,
        authenticatorData: passkey?.authenticator_data ?? '',
        clientDataJson: passkey?.client_data_json ?? '',
        signature: passkey?.signature ?? '',
      }),
    ).toEqual({ ok: true });
    const [event] = await activity();
    expect(event?.args).toMatchObject({
      kind: 'approval',
      cashier_id: CARA.id,
      detail: { action: 'refund', subject_id: REFUND, by: MAX.id },
      approval: { by: MAX.id, action: 'refund', passkey, op: 'sale.refund', subject_id: REFUND },
    });
  });

  test('[PASSKEY-T7] a cancelled or timed-out touch says so and approves nothing; the PIN still works', async () => {
    const key = await makeFakeKey();
    const { dialog, desk, activity } = await till(
      () => Promise.resolve({ ok: false, failure: 'cancelled' }),
      key,
    );
    await touch(dialog);
    expect(
      await within(dialog).findByText(
        'The security key was cancelled or timed out. Try again, or approve with a PIN.',
      ),
    ).toBeInTheDocument();
    expect(desk.pending()).not.toBeNull();
    expect(await activity()).toEqual([]);
    expect(within(dialog).getByLabelText('PIN')).toBeInTheDocument();
  });

  test('[PASSKEY-T7] a browser that cannot use security keys says so', async () => {
    const key = await makeFakeKey();
    const { dialog, desk } = await till(() => Promise.resolve({ ok: false, failure: 'unsupported' }), key);
    await touch(dialog);
    expect(
      await within(dialog).findByText('This browser cannot use security keys. Approve with a PIN instead.'),
    ).toBeInTheDocument();
    expect(desk.pending()).not.toBeNull();
  });

  test('[PASSKEY-T7] a key that is no manager’s here, or whose answer does not check out, approves nothing', async () => {
    const key = await makeFakeKey(1);
    const stranger = await makeFakeKey(2);
    let answerWith: 'stranger' | 'forged' = 'stranger';
    const { dialog, desk, activity } = await till(async (request) => {
      if (answerWith === 'stranger') return signedBy(stranger)(request);
      // Max's credential id, signed by another key: the public key in the mirror refuses it.
      const forged = await stranger.assert(request.challenge);
      return { ok: true, value: { ...forged, credential_id: key.credentialId } };
    }, key);
    await touch(dialog);
    expect(await within(dialog).findByText(i18n._(NOT_A_MANAGERS_KEY))).toBeInTheDocument();
    answerWith = 'forged';
    await touch(dialog);
    expect(await within(dialog).findByText(i18n._(DID_NOT_CHECK_OUT))).toBeInTheDocument();
    expect(desk.pending()).not.toBeNull();
    expect(await activity()).toEqual([]);
  });

  test('[PASSKEY-T7] not offered when no active manager has a key here, nor without WebAuthn', async () => {
    const key = await makeFakeKey();
    const { dialog, deps, desk } = await till(() => Promise.resolve({ ok: false, failure: 'failed' }), null);
    // A cashier's key, and a manager's key for another site, do not count.
    await deps.mirror.staff.update(CARA.id, { passkeys: [mirrorPasskey(key)] });
    await deps.mirror.staff.update(MAX.id, { passkeys: [{ ...mirrorPasskey(key), rp_id: 'till.example' }] });
    expect(within(dialog).getByText('A manager approves it with their PIN.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Use a security key' })).toBeNull();
    cleanup();
    await deps.mirror.staff.update(MAX.id, { passkeys: [mirrorPasskey(key)] });
    deps.webauthn = { ...fakeWebAuthn(() => Promise.reject(new Error('not asked'))), supported: () => false };
    render(<ApprovalDialog desk={desk} deps={deps} />);
    const again = await screen.findByRole('dialog', { name: 'Approve a refund' });
    expect(await within(again).findByLabelText('PIN')).toBeInTheDocument();
    expect(within(again).queryByRole('button', { name: 'Use a security key' })).toBeNull();
  });
});
