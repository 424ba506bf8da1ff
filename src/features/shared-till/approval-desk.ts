// Manager approval by PIN on a shared till (issue 18). Whatever needs an approval (a refund, a big discount,
// a removed line, a shift closed with a big difference) asks the desk; the desk answers at once when the shop
// does not ask for one or a manager is at the counter, and otherwise puts up one dialog (approval-dialog.tsx)
// and waits for a manager's PIN (or security key, issue 33) or a cancel. The approval's proof rides on the
// op it approves; the log gets an 'approval' event naming it. Outside shared mode nothing is asked: the app
// works as before.
import {
  APPROVAL_OP,
  type Approval,
  type ApprovalAction,
  type ApprovalAnswer,
  type PasskeyApproval,
} from '../../domain/cashier-stamp';
import type { PasskeyAssertion } from '../../domain/passkey';
import type { SharedTillRules } from '../../domain/shared-till-rules';
import { logActivity, type SharedTillDeps } from './shared-till-deps';
import { approvalBy, isManager, tillSession, type AtCounter, type TillSession } from './till-session';

export interface ApprovalRequest {
  action: ApprovalAction;
  subjectId: string;
  /** What is approved, as the manager reads it: "Refund of T1-000004, €12.50". */
  what: string;
  resolve: (answer: ApprovalAnswer) => void;
}

const NOT_ASKED: ApprovalAnswer = { approved: true, approval: null };

export class ApprovalDesk {
  private request: ApprovalRequest | null = null;
  private readonly listeners = new Set<() => void>();
  private deps: SharedTillDeps | null = null;
  private shopRules: SharedTillRules | null = null;

  constructor(private readonly session: TillSession) {}

  /** The register's gate hands over what the desk signs and logs with, and the shop's rules. */
  attach(deps: SharedTillDeps | null, rules: SharedTillRules | null): void {
    this.deps = deps;
    this.shopRules = rules;
  }

  /** The shop's rules while this till is in shared mode, else null (nothing needs a PIN). */
  rules(): SharedTillRules | null {
    return this.session.get().shared ? this.shopRules : null;
  }

  pending = (): ApprovalRequest | null => this.request;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /**
   * Asks for an approval of `action` on the op's row `subjectId` when `needed(rules)` says the shop wants
   * one. A manager or owner at the counter approves their own action; cancelling answers not approved.
   */
  ask = async (
    action: ApprovalAction,
    subjectId: string,
    what: string,
    needed: (rules: SharedTillRules) => boolean,
  ): Promise<ApprovalAnswer> => {
    const rules = this.rules();
    const deps = this.deps;
    if (rules === null || deps === null || !needed(rules)) return NOT_ASKED;
    const who = this.session.get().who;
    if (who !== null && isManager(who.role)) {
      const approval = await approvalBy(who, deps.companyId, APPROVAL_OP[action], subjectId, action);
      await logApproval(deps, who.id, { action, subjectId, what }, who, eventApproval(who, deps, action));
      return { approved: true, approval };
    }
    this.request?.resolve({ approved: false });
    return new Promise<ApprovalAnswer>((resolve) => {
      this.set({
        action,
        subjectId,
        what,
        resolve: (answer) => {
          this.set(null);
          resolve(answer);
        },
      });
    });
  };

  /** The dialog's answer: a manager's key (their PIN was right), or null for a cancel. */
  async answer(approver: { id: string; name: string; key: string } | null): Promise<void> {
    const request = this.request;
    const deps = this.deps;
    if (request === null) return;
    if (approver === null || deps === null) {
      request.resolve({ approved: false });
      return;
    }
    const approval = await approvalBy(
      approver,
      deps.companyId,
      APPROVAL_OP[request.action],
      request.subjectId,
      request.action,
    );
    await logApproval(
      deps,
      approver.id,
      request,
      this.session.get().who,
      eventApproval(approver, deps, request.action),
    );
    request.resolve({ approved: true, approval });
  }

  /**
   * [PASSKEY-T6] The dialog's answer with a security key, already checked on this till ([PASSKEY-T7]): the key
   * signed approvalChallenge for the request's op and row. The op carries it as is; the 'approval' event
   * carries the same answer naming that op and row, so one touch approves and logs.
   */
  async answerWithPasskey(by: string, passkey: PasskeyAssertion): Promise<void> {
    const request = this.request;
    const deps = this.deps;
    if (request === null || deps === null) return;
    const approval: PasskeyApproval = { by, action: request.action, passkey };
    const logged: PasskeyApproval = {
      ...approval,
      op: APPROVAL_OP[request.action],
      subject_id: request.subjectId,
    };
    await logApproval(deps, by, request, this.session.get().who, () => Promise.resolve(logged));
    request.resolve({ approved: true, approval });
  }

  private set(request: ApprovalRequest | null): void {
    this.request = request;
    for (const listener of this.listeners) listener();
  }
}

/**
 * Logs an approval as an 'approval' event that carries its own approval, signed for the event while the
 * approver's key is at hand, so the server verifies the event too. That keeps an approval verifiable when
 * the op it was given for carries another one (a sale with a changed price and a big discount, [STAFF-11]).
 * A security key's approval is the same answer naming the approved op and row ([PASSKEY-T6]).
 */
async function logApproval(
  deps: SharedTillDeps,
  by: string,
  request: Pick<ApprovalRequest, 'action' | 'subjectId' | 'what'>,
  who: AtCounter | null,
  approvalFor: (eventId: string) => Promise<Approval>,
): Promise<void> {
  const { action, subjectId, what } = request;
  const id = deps.commandDeps.ids();
  await logActivity(deps, 'approval', { action, subject_id: subjectId, what, by }, who, {
    id,
    approval: await approvalFor(id),
  });
}

/** The PIN's approval of the desk's own 'approval' event ([PIN-4]). */
function eventApproval(
  approver: Pick<AtCounter, 'id' | 'key'>,
  deps: SharedTillDeps,
  action: ApprovalAction,
) {
  return (eventId: string) => approvalBy(approver, deps.companyId, 'activity.record', eventId, action);
}

/** The page's one desk, beside the page's one till session. */
export const approvalDesk = new ApprovalDesk(tillSession);
