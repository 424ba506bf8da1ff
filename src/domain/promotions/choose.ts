// [PROMO-9]…[PROMO-11] Which promotions a sale gets. The candidates are each exclusive promotion and the
// stack of all combinable ones; the candidate saving most on the units nobody holds yet is chosen and holds
// the units it used, again and again until none saves anything. A candidate's answer is kept until a unit it
// could touch is taken, so a busy cart re-works only what changed.
import type { Minor } from '../money';
import { byPriority, type CompiledPromotion } from './promotion-index';
import type { EvalState } from './unit-kinds';
import { emptyTake, takeFrom, type Take, type Unit } from './units';

export interface Chosen {
  promotion: CompiledPromotion;
  take: Take;
}

interface Candidate {
  /** One exclusive promotion, or the stack: line kinds then basket kinds, each by priority ([PROMO-9]). */
  members: readonly CompiledPromotion[];
  /** Per member, the units its sets match (all units for a basket kind). */
  relevant: readonly (readonly number[])[];
  answer: Answer | null;
}

interface Answer {
  chosen: Chosen[];
  saving: Minor;
}

/**
 * [PROMO-9] Each member is worked out on the units' list values, on its own; then its discounts are counted
 * in the stack's order, each capped at what the members before it left of the unit. So a member's answer never
 * depends on another's, and adding one can only add to what the customer saves.
 */
function work(candidate: Candidate, free: readonly boolean[], state: EvalState): Answer {
  const left = state.values.slice();
  const chosen: Chosen[] = [];
  let saving = 0;
  candidate.members.forEach((promotion, index) => {
    const units = (candidate.relevant[index] ?? []).filter((unit) => free[unit] === true);
    const alone = promotion.evaluate(units, state);
    const take = emptyTake();
    for (const unit of alone.used) take.used.add(unit);
    for (const [unit, off] of alone.off) {
      const before = take.saving;
      takeFrom(take, unit, off, left);
      left[unit] = (left[unit] ?? 0) - (take.saving - before);
    }
    saving += take.saving;
    chosen.push({ promotion, take });
  });
  return { chosen, saving };
}

function better(a: Candidate, b: Candidate | null): boolean {
  if (b === null) return true;
  const x = a.answer?.saving ?? 0;
  const y = b.answer?.saving ?? 0;
  if (x !== y) return x > y;
  const first = leader(a);
  const other = leader(b);
  return first !== undefined && other !== undefined && byPriority(first, other) < 0;
}

/** A tie is settled by the first member that saves something: one that saves nothing changes no answer. */
function leader(candidate: Candidate): CompiledPromotion | undefined {
  return candidate.answer?.chosen.find((chosen) => chosen.take.saving > 0)?.promotion;
}

export function choose(
  active: readonly CompiledPromotion[],
  relevantOf: ReadonlyMap<CompiledPromotion, readonly number[]>,
  units: readonly Unit[],
  spend: Minor,
): Chosen[] {
  const state: EvalState = { units, values: units.map((unit) => unit.value), spend };
  const free = units.map(() => true);
  const stack = active.filter((p) => p.promotion.combinable);
  const stackOrder = [...stack.filter((p) => !p.basket), ...stack.filter((p) => p.basket)];
  const candidate = (members: CompiledPromotion[]): Candidate => ({
    members,
    relevant: members.map((member) => relevantOf.get(member) ?? []),
    answer: null,
  });
  const candidates = active.filter((p) => !p.promotion.combinable).map((p) => candidate([p]));
  if (stackOrder.length > 0) candidates.push(candidate(stackOrder));

  // Which candidates each unit could change: taking a unit re-works only those.
  const touching = units.map((): Candidate[] => []);
  const seen = units.map(() => -1);
  candidates.forEach((next, at) => {
    for (const list of next.relevant) {
      for (const unit of list) {
        if (seen[unit] === at) continue;
        seen[unit] = at;
        touching[unit]?.push(next);
      }
    }
  });
  const result: Chosen[] = [];
  for (;;) {
    let best: Candidate | null = null;
    for (const next of candidates) {
      next.answer ??= work(next, free, state);
      if (next.answer.saving > 0 && better(next, best)) best = next;
    }
    if (best?.answer == null) return result;
    candidates.splice(candidates.indexOf(best), 1);
    const taken = new Set<number>();
    for (const chosen of best.answer.chosen) {
      if (chosen.take.saving > 0) result.push(chosen);
      for (const unit of chosen.take.used) taken.add(unit);
    }
    for (const unit of taken) {
      free[unit] = false;
      for (const next of touching[unit] ?? []) next.answer = null;
    }
  }
}
