// Who stands at the counter, as an op says it (issue 18, docs/shared-till.md "Ops"): the cashier's staff id,
// on a shared till a proof made with the key their PIN unlocked, and a manager's approval when the shop's
// rules ask for one. The server re-checks both proofs; the till only carries them.
import { z } from 'zod';
import { uuid } from './command-fields';
import type { SharedTillRules } from './shared-till-rules';
import type { PersonOp } from './staff-pin';

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
] as const;

export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

export const approvalSchema = z.strictObject({
  /** The approving manager's or owner's staff id. */
  by: uuid,
  action: z.enum(APPROVAL_ACTIONS),
  /** signProof(key, 'approval', company, the op's name, the op's row id, action). */
  proof: pinProof,
});

export type Approval = z.infer<typeof approvalSchema>;

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
