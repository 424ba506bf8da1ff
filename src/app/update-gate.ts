// When a new version may take over (DESIGN §9). Pure: the prompt feeds it what it knows about the worker, the
// cart and the outbox, and does what it answers. A reload in the middle of a sale would throw the cashier out
// of the register, and a reload with ops still queued would start a new version on work the old one wrote, so
// both must be settled first.
import { plural, t } from '@lingui/core/macro';

export interface UpdateConditions {
  /** A new worker is installed and waiting, or another tab already activated it. */
  pending: boolean;
  /** The cashier pressed "Update now" (or the update was applied elsewhere and this tab must follow). */
  requested: boolean;
  /** The cart store holds an open cart. */
  saleOpen: boolean;
  /** Ops still in the outbox. */
  unsyncedOps: number;
}

export type UpdateDecision =
  { kind: 'none' } | { kind: 'offer' } | { kind: 'wait'; reasons: string[] } | { kind: 'apply' };

export function decideUpdate(conditions: UpdateConditions): UpdateDecision {
  if (!conditions.pending) return { kind: 'none' };
  const reasons = waitReasons(conditions);
  if (!conditions.requested) return { kind: 'offer' };
  return reasons.length === 0 ? { kind: 'apply' } : { kind: 'wait', reasons };
}

/** What still stands in the way, in the words the cashier reads. */
export function waitReasons({ saleOpen, unsyncedOps }: Pick<UpdateConditions, 'saleOpen' | 'unsyncedOps'>) {
  const reasons: string[] = [];
  if (saleOpen) reasons.push(t`Finish or park the sale in progress first.`);
  if (unsyncedOps > 0) {
    reasons.push(
      plural(unsyncedOps, {
        one: 'Waiting for # unsynced operation to sync.',
        other: 'Waiting for # unsynced operations to sync.',
      }),
    );
  }
  return reasons;
}
