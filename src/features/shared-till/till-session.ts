// Who stands at a shared till (issue 18). The person and the key their PIN unlocked live here, in memory
// only: a reload or a closed tab forgets the key, so the till comes back locked and no stored secret can
// make a proof. One store per page, read by the counter bar and the register alike.
import { signProof, type PersonOp } from '../../domain/staff-pin';
import type { Approval, ApprovalAction, SignCashier } from '../../domain/cashier-stamp';

export type StaffRole = 'owner' | 'manager' | 'cashier';

export interface AtCounter {
  id: string;
  name: string;
  role: StaffRole;
  /** The key of their PIN (staff-pin.ts), never stored. */
  key: string;
}

export interface TillSessionState {
  /** This device is in shared mode (ledger meta), as the register last read it. */
  shared: boolean;
  /** The person at the counter, or null while the till is locked. */
  who: AtCounter | null;
}

/** Why the till locked, as the activity log says it. */
export type LockReason = 'switch' | 'button' | 'shortcut' | 'idle' | 'after_sale' | 'back_office';

export class TillSession {
  private state: TillSessionState = { shared: false, who: null };
  private readonly listeners = new Set<() => void>();
  private readonly lockListeners = new Set<(who: AtCounter, reason: LockReason) => void>();

  get = (): TillSessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  setShared(shared: boolean): void {
    if (shared === this.state.shared) return;
    // Leaving or entering shared mode forgets whoever was at the counter.
    this.set({ shared, who: null });
  }

  unlock(who: AtCounter): void {
    this.set({ shared: true, who });
  }

  /** Forgets the person at the counter and their key; the lock screen shows. */
  lock(reason: LockReason): void {
    const { who } = this.state;
    if (who === null) return;
    this.set({ ...this.state, who: null });
    for (const listener of this.lockListeners) listener(who, reason);
  }

  /** Told of every lock with who was at the counter (the register's gate logs it). */
  onLock(listener: (who: AtCounter, reason: LockReason) => void): () => void {
    this.lockListeners.add(listener);
    return () => {
      this.lockListeners.delete(listener);
    };
  }

  private set(next: TillSessionState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

/** The page's one session. */
export const tillSession = new TillSession();

export function isManager(role: StaffRole): boolean {
  return role === 'owner' || role === 'manager';
}

/**
 * What an op says about who did it: on a shared till the person at the counter with their proof for this
 * row, otherwise the signed-in user as before. A shared till nobody has unlocked (the shifts screen behind
 * the register) falls back to the signed-in owner or manager, who is sending it.
 */
export function sessionSigner(session: TillSession, companyId: string, userId: string | null): SignCashier {
  return async (opName, subjectId) => {
    const { shared, who } = session.get();
    if (!shared || who === null) return { cashier_id: userId };
    return {
      cashier_id: who.id,
      cashier_proof: await signProof(who.key, 'cashier', companyId, opName, subjectId, 'sell'),
    };
  };
}

/** An approval signed with an approver's key for one op (its name and row) and action. */
export async function approvalBy(
  approver: { id: string; key: string },
  companyId: string,
  opName: PersonOp,
  subjectId: string,
  action: ApprovalAction,
): Promise<Approval> {
  return {
    by: approver.id,
    action,
    proof: await signProof(approver.key, 'approval', companyId, opName, subjectId, action),
  };
}
