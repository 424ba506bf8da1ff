// What a shared till adds to the register's and the shifts' wiring (issue 18), built once per route from the
// shared-till deps: ops signed by whoever is at the counter, manager approvals by PIN, a lock after each
// sale when the shop says so, removed lines in the activity log, and no sale on another cashier's shift.
// Outside shared mode each of these does what the till did before: the signed-in user sells, nothing is
// asked, nothing is logged.
import type { Approval, AskApproval, SignCashier } from '../../domain/cashier-stamp';
import type { Milli } from '../../domain/quantity';
import { approvalDesk } from './approval-desk';
import { logActivity, type SharedTillDeps } from './shared-till-deps';
import { handOverCheck, type SaleCheck } from './shift-handover';
import { sessionSigner } from './till-session';

export interface SharedTillHooks {
  signCashier: SignCashier;
  approve: AskApproval;
  onSaleDone: () => void;
  onLineRemoved: (
    eventId: string,
    line: { name: string; quantity: Milli; total: number },
    approval: Approval | null,
  ) => void;
  checkShift: SaleCheck;
}

export function sharedTillHooks(deps: SharedTillDeps): SharedTillHooks {
  const { session } = deps;
  return {
    signCashier: sessionSigner(session, deps.companyId, deps.userId),
    approve: approvalDesk.ask,
    onSaleDone: () => {
      if (approvalDesk.rules()?.lockAfterSale) session.lock('after_sale');
    },
    checkShift: handOverCheck(deps),
    onLineRemoved: (eventId, line, approval) => {
      const { shared, who } = session.get();
      if (!shared) return;
      void logActivity(
        deps,
        'line_voided',
        { name: line.name, quantity: line.quantity / 1000, total: line.total },
        who,
        { id: eventId, approval },
      );
    },
  };
}
