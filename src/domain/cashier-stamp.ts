// Who stands at the counter, as an op says it (issue 18, docs/shared-till.md "Ops"): the cashier's staff id,
// on a shared till a proof made with the key their PIN unlocked, and a manager's approval when the shop's
// rules ask for one. The server re-checks both proofs; the till only carries them.
import { z } from 'zod';
import { uuid } from './command-fields';
import type { SharedTillRules } from './shared-till-rules';
import { PERSON_OPS, type PersonOp } from './staff-pin';

/** An HMAC-SHA256 proof (src/domain/staff-pin.ts signProof): 32 bytes as lowercase hex. */
export const pinProof = z.string().regex(/^[0-9a-f]{64}$/, 'A proof is 64 lowercase hex digits.');

/** The actions a shop may ask a manager to approve (docs/shared-till.md). */
export const APPROVAL_ACTIONS = [
  'refund',
  'discount',
  'price_override',
  'line_removal',
  'no_sale',
  'shift_difference',
  // [VAL-19] A cashier's adjustment, void, block or unblock of a gift card or a customer's account.
  'value_adjust',
] as const;

export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** [PASSKEY-T5] One base64url value of a security key's answer: the contract bounds each to 2048 chars. */
const passkeyPart = z
  .string()
  .min(1)
  .max(2048)
  .regex(/^[A-Za-z0-9_-]+$/, 'A passkey value is base64url without padding.');

/** [PASSKEY-T5] What a security key answered (src/domain/passkey.ts PasskeyAssertion), strictly. */
export const passkeyAssertionSchema = z.strictObject({
  credential_id: passkeyPart,
  authenticator_data: passkeyPart,
  client_data_json: passkeyPart,
  signature: passkeyPart,
});

const approvalFields = {
  /** The approving manager's or owner's staff id. */
  by: uuid,
  action: z.enum(APPROVAL_ACTIONS),
};

/** An approval by PIN. */
export const pinApprovalSchema = z.strictObject({
  ...approvalFields,
  /** signProof(key, 'approval', company, the op's name, the op's row id, action). */
  proof: pinProof,
});

/**
 * [PASSKEY-T5] An approval by security key: the key signed approvalChallenge(company, the op's name, the op's
 * row id, action). Only an 'approval' event may name another op and row (`op`, `subject_id`): the ones the
 * manager approved with the same touch, which the key signed instead.
 */
export const passkeyApprovalSchema = z
  .strictObject({
    ...approvalFields,
    passkey: passkeyAssertionSchema,
    op: z.enum(PERSON_OPS).optional(),
    subject_id: uuid.optional(),
  })
  .refine((approval) => (approval.op === undefined) === (approval.subject_id === undefined), {
    message: 'An approval names the op and the row it approved together, or neither.',
  });

/** Either a PIN's proof or a security key's answer, never both (strict objects: a stray key is refused). */
export const approvalSchema = z.union([pinApprovalSchema, passkeyApprovalSchema]);

export type PinApproval = z.infer<typeof pinApprovalSchema>;
export type PasskeyApproval = z.infer<typeof passkeyApprovalSchema>;
export type Approval = z.infer<typeof approvalSchema>;

/** Whether an op carries a security key's approval (the sync asks the server to check those, [PASSKEY-T9]). */
export function hasPasskeyApproval(args: { approval?: unknown }): boolean {
  return typeof args.approval === 'object' && args.approval !== null && 'passkey' in args.approval;
}

/** The fields every op that names a person takes; spread into its schema. */
export const cashierFields = {
  /** Defaults to the signed-in user on the server. */
  cashier_id: uuid.nullable().optional(),
  /** signProof(key, 'cashier', company, the op's name, the op's row id, 'sell'); absent outside shared mode. */
  cashier_proof: pinProof.optional(),
  approval: approvalSchema.optional(),
};

/** What a till adds to an op's argument to say who did it (and who approved it). */
export interface CashierStamp {
  cashier_id: string | null;
  cashier_proof?: string;
  approval?: Approval;
}

/**
 * Signs the stamp for one op (its name, [PIN-4]) and its business row (the op's subject): the sale, refund,
 * shift, cash movement or event id.
 */
export type SignCashier = (opName: PersonOp, subjectId: string) => Promise<CashierStamp>;

/**
 * [PIN-4] The op an approval of each action rides on: a proof binds the op's name, so the desk signs for the
 * op that will carry it (a removed line and 'No sale' are approved on their activity event).
 */
export const APPROVAL_OP: Record<ApprovalAction, PersonOp> = {
  refund: 'sale.refund',
  discount: 'sale.record',
  price_override: 'sale.record',
  line_removal: 'activity.record',
  no_sale: 'activity.record',
  shift_difference: 'shift.close',
  value_adjust: 'value.adjust',
};

/** A manager's answer: approved (with the approval the op carries, or none when the shop asks for none). */
export type ApprovalAnswer = { approved: true; approval: Approval | null } | { approved: false };

/**
 * Asks for a manager's approval of `action` on the op's row `subjectId` when `needed` says the shop's rules
 * want one (shared mode only); `what` is what the manager reads.
 */
export type AskApproval = (
  action: ApprovalAction,
  subjectId: string,
  what: string,
  needed: (rules: SharedTillRules) => boolean,
) => Promise<ApprovalAnswer>;

/** A stamp with an approval added, when there is one. */
export function withApproval(stamp: CashierStamp, approval: Approval | null): CashierStamp {
  return approval ? { ...stamp, approval } : stamp;
}

/** Nothing to ask: outside shared mode, or no approval wanted (register and shifts tests, other screens). */
export const askNoApproval: AskApproval = () => Promise.resolve({ approved: true, approval: null });

/** Outside shared mode: the signed-in user sold, with no proof (the server knows who sent it). */
export function signedInCashier(userId: string | null): SignCashier {
  return () => Promise.resolve({ cashier_id: userId });
}
