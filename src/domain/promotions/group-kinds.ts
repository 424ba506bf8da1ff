// [PROMO-6] The kinds that count units in groups: buy X get Y, mix and match, bundle price. Groups are
// formed from the most valuable units first, which is the best for the customer when the discounted unit of
// a group is its cheapest; only countable units (pieces) take part.
import { mulDivRound, type Minor } from '../money';
import { BASIS_POINTS, type BasisPoints } from '../tax';
import type { EvalState } from './unit-kinds';
import { byValueDesc, emptyTake, matches, spread, takeFrom, type CompiledSet, type Take } from './units';

function countable(units: readonly number[], state: EvalState, set: CompiledSet): number[] {
  return units.filter((unit) => {
    const found = state.units[unit];
    return found !== undefined && found.countable && matches(set, found);
  });
}

function rateOff(take: Take, unit: number, rate: BasisPoints, state: EvalState): void {
  takeFrom(take, unit, mulDivRound(state.values[unit] ?? 0, rate, BASIS_POINTS), state.values);
}

export interface BuyGet {
  buy: CompiledSet;
  buyQuantity: number;
  get: CompiledSet | null;
  getQuantity: number;
  getRate: BasisPoints;
  repeat: boolean;
}

export function buyXGetY(units: readonly number[], rule: BuyGet, state: EvalState): Take {
  const take = emptyTake();
  const { buyQuantity, getQuantity, repeat } = rule;
  if (rule.get === null) {
    const sorted = byValueDesc(countable(units, state, rule.buy), state.values);
    const size = buyQuantity + getQuantity;
    for (let start = 0; start + size <= sorted.length; start += size) {
      const group = sorted.slice(start, start + size);
      group.forEach((unit, index) => {
        if (index >= buyQuantity) rateOff(take, unit, rule.getRate, state);
        else take.used.add(unit);
      });
      if (!repeat) break;
    }
    return take;
  }
  const getSet = rule.get;
  const gets = byValueDesc(countable(units, state, getSet), state.values);
  const gettable = new Set(gets);
  // A unit of the get set only counts as a get unit, so one unit never pays for itself.
  const buys = byValueDesc(countable(units, state, rule.buy), state.values).filter((u) => !gettable.has(u));
  let groups = Math.floor(buys.length / buyQuantity);
  if (!repeat) groups = Math.min(groups, 1);
  const given = gets.slice(0, groups * getQuantity);
  for (const unit of given) rateOff(take, unit, rule.getRate, state);
  // The cheapest buy units qualify, leaving the valuable ones to other deals.
  const needed = Math.ceil(given.length / getQuantity) * buyQuantity;
  for (const unit of buys.slice(buys.length - needed)) take.used.add(unit);
  return take;
}

export function mixMatch(
  units: readonly number[],
  rule: { items: CompiledSet; quantity: number; price: Minor; repeat: boolean },
  state: EvalState,
): Take {
  const take = emptyTake();
  const sorted = byValueDesc(countable(units, state, rule.items), state.values);
  for (let start = 0; start + rule.quantity <= sorted.length; start += rule.quantity) {
    const group = sorted.slice(start, start + rule.quantity);
    const value = group.reduce((total, unit) => total + (state.values[unit] ?? 0), 0);
    if (value <= rule.price) break;
    spread(take, group, value - rule.price, state.values);
    if (!rule.repeat) break;
  }
  return take;
}

export function bundlePrice(
  units: readonly number[],
  rule: { components: readonly { items: CompiledSet; quantity: number }[]; price: Minor; repeat: boolean },
  state: EvalState,
): Take {
  const take = emptyTake();
  if (rule.components.length === 0) return take;
  const pools = rule.components.map((component) =>
    byValueDesc(countable(units, state, component.items), state.values),
  );
  const taken = new Set<number>();
  for (;;) {
    const bundle: number[] = [];
    for (const [index, component] of rule.components.entries()) {
      const picked = (pools[index] ?? []).filter((unit) => !taken.has(unit)).slice(0, component.quantity);
      if (picked.length < component.quantity) return take;
      for (const unit of picked) taken.add(unit);
      bundle.push(...picked);
    }
    const value = bundle.reduce((total, unit) => total + (state.values[unit] ?? 0), 0);
    if (value <= rule.price) return take;
    spread(take, bundle, value - rule.price, state.values);
    if (!rule.repeat) return take;
  }
}
