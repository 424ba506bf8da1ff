// The approval an op carries: a PIN's proof or a security key's answer, strictly (SPEC [PASSKEY-T5]).
import { describe, expect, test } from 'vitest';
import { activityRecordSchema } from './activity-event';
import { approvalSchema, hasPasskeyApproval } from './cashier-stamp';

const MAX = 'a6000000-0000-4000-8000-000000000002';
const REFUND = 'e0000000-0000-4000-8000-000000000001';
const PASSKEY = {
  credential_id: 'AQID',
  authenticator_data: 'BAUG',
  client_data_json: 'eyJ9',
  signature: 'MEUC',
};
const PROOF = 'ab'.repeat(32);

const accepts = (value: unknown) => approvalSchema.safeParse(value).success;

describe('approvalSchema', () => {
  test('[PASSKEY-T5] an approval carries either a PIN proof or a passkey answer, never both, never neither', () => {
    expect(accepts({ by: MAX, action: 'refund', proof: PROOF })).toBe(true);
    expect(accepts({ by: MAX, action: 'refund', passkey: PASSKEY })).toBe(true);
    expect(accepts({ by: MAX, action: 'refund', proof: PROOF, passkey: PASSKEY })).toBe(false);
    expect(accepts({ by: MAX, action: 'refund' })).toBe(false);
  });

  test('[PASSKEY-T5] a passkey answer is strict: the four base64url values, each at most 2048 characters', () => {
    expect(accepts({ by: MAX, action: 'refund', passkey: { ...PASSKEY, user_handle: 'AQ' } })).toBe(false);
    const { signature: _signature, ...noSignature } = PASSKEY;
    expect(accepts({ by: MAX, action: 'refund', passkey: noSignature })).toBe(false);
    expect(accepts({ by: MAX, action: 'refund', passkey: { ...PASSKEY, signature: 'MEU=' } })).toBe(false);
    expect(accepts({ by: MAX, action: 'refund', passkey: { ...PASSKEY, signature: 'A'.repeat(2049) } })).toBe(
      false,
    );
    expect(accepts({ by: MAX, action: 'refund', passkey: { ...PASSKEY, signature: 'A'.repeat(2048) } })).toBe(
      true,
    );
  });

  test('[PASSKEY-T5] op and subject_id come only with a passkey, and together', () => {
    const named = { op: 'sale.refund', subject_id: REFUND };
    expect(accepts({ by: MAX, action: 'refund', passkey: PASSKEY, ...named })).toBe(true);
    expect(accepts({ by: MAX, action: 'refund', proof: PROOF, ...named })).toBe(false);
    expect(accepts({ by: MAX, action: 'refund', passkey: PASSKEY, op: 'sale.refund' })).toBe(false);
    expect(accepts({ by: MAX, action: 'refund', passkey: PASSKEY, subject_id: REFUND })).toBe(false);
    expect(accepts({ by: MAX, action: 'refund', passkey: PASSKEY, ...named, op: 'sale.void' })).toBe(false);
  });

  test('[PASSKEY-T5] only an approval event whose detail names that row and action may name another op', () => {
    const event = (kind: string, detail: Record<string, unknown>) =>
      activityRecordSchema.safeParse({
        id: 'e0000000-0000-4000-8000-0000000000aa',
        terminal_id: 'e0000000-0000-4000-8000-0000000000bb',
        cashier_id: null,
        kind,
        detail,
        occurred_at: '2026-11-26T09:00:00Z',
        approval: { by: MAX, action: 'refund', passkey: PASSKEY, op: 'sale.refund', subject_id: REFUND },
      }).success;
    expect(event('approval', { action: 'refund', subject_id: REFUND })).toBe(true);
    expect(event('approval', { action: 'discount', subject_id: REFUND })).toBe(false);
    expect(event('approval', { action: 'refund', subject_id: MAX })).toBe(false);
    expect(event('no_sale', { action: 'refund', subject_id: REFUND })).toBe(false);
  });

  test('[PASSKEY-T9] hasPasskeyApproval tells an op whose approval the server must check with a key', () => {
    expect(hasPasskeyApproval({ approval: { by: MAX, action: 'refund', passkey: PASSKEY } })).toBe(true);
    expect(hasPasskeyApproval({ approval: { by: MAX, action: 'refund', proof: PROOF } })).toBe(false);
    expect(hasPasskeyApproval({})).toBe(false);
  });
});
