// [PROMO-1] The kinds that discount each unit on its own: a rate, an amount per unit, a fixed price, and
// the basket's rate, amount and threshold. Rounding per unit ([PROMO-5]).
import { discountOn, type Discount } from '../discount';
import { mulDivRound, type Minor } from '../money';
import { extendPrice } from '../quantity';
import { BASIS_POINTS, type BasisPoints } from '../tax';
import { emptyTake, spread, takeFrom, type Take, type Unit } from './units';

export interface EvalState {
  units: readonly Unit[];
  /** Each unit's list value: what every promotion is worked out on ([PROMO-9]); indexes match `units`. */
  values: readonly Minor[];
  /** [PROMO-7] The basket's list value before any promotion. */
  spend: Minor;
}

function perUnitAmount(unit: Unit, amount: Minor): Minor {
  return extendPrice(amount, unit.quantity);
}

export function percentOff(units: readonly number[], rate: BasisPoints, state: EvalState): Take {
  const take = emptyTake();
  for (const unit of units) {
    const value = state.values[unit] ?? 0;
    if (value > 0) takeFrom(take, unit, mulDivRound(value, rate, BASIS_POINTS), state.values);
  }
  return take;
}

export function amountOffEach(units: readonly number[], amount: Minor, state: EvalState): Take {
  const take = emptyTake();
  for (const unit of units) {
    const found = state.units[unit];
    if (found !== undefined) takeFrom(take, unit, perUnitAmount(found, amount), state.values);
  }
  return take;
}

export function fixedPrice(units: readonly number[], unitPrice: Minor, state: EvalState): Take {
  const take = emptyTake();
  for (const unit of units) {
    const found = state.units[unit];
    if (found === undefined) continue;
    const saving = (state.values[unit] ?? 0) - perUnitAmount(found, unitPrice);
    if (saving > 0) takeFrom(take, unit, saving, state.values);
  }
  return take;
}

/** Once off the basket, shared in proportion to the units' values, never more than they are worth. */
export function amountOffBasket(units: readonly number[], amount: Minor, state: EvalState): Take {
  const take = emptyTake();
  const worth = units.reduce((total, unit) => total + (state.values[unit] ?? 0), 0);
  spread(take, units, Math.min(amount, worth), state.values);
  return take;
}

export function basketThreshold(
  units: readonly number[],
  rule: { minSpend: Minor; off: Discount },
  state: EvalState,
): Take {
  if (state.spend < rule.minSpend) return emptyTake();
  if (rule.off.kind === 'percent') return percentOff(units, rule.off.rate, state);
  const worth = units.reduce((total, unit) => total + (state.values[unit] ?? 0), 0);
  const take = emptyTake();
  spread(take, units, discountOn(worth, rule.off), state.values);
  return take;
}
