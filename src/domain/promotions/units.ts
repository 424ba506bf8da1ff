// [PROMO-4] The units promotions work on: a piece line of n pieces is n units, a weighed line one unit.
// A promotion is worked out on the units' list values; what it takes from a unit is capped at a ceiling (the
// value, or what earlier promotions left of it: [PROMO-9]), so no unit goes below zero or beyond its worth.
import { allocate, type Minor } from '../money';
import { extendPrice, MILLI_PER_UNIT } from '../quantity';
import type { ItemSet, PromoLine } from './promotion-types';

export interface Unit {
  /** Index of the line in the input. */
  line: number;
  /** Counted by group kinds ([PROMO-6]): a piece, not a weighing. */
  countable: boolean;
  /** What a per-unit amount is multiplied by: 1000 for a piece, the weight for a weighed line. */
  quantity: number;
  /** List value before any promotion. */
  value: Minor;
  productId: string | null;
  parentId: string | null;
  categoryId: string | null;
}

export function expandUnits(lines: readonly PromoLine[]): Unit[] {
  const units: Unit[] = [];
  lines.forEach((line, index) => {
    if (line.manualDiscount || line.noPromotions === true) return;
    const unit = (countable: boolean, quantity: number, value: Minor): Unit => ({
      line: index,
      countable,
      quantity,
      value,
      productId: line.productId,
      parentId: line.parentId ?? null,
      categoryId: line.categoryId ?? null,
    });
    const pieces = line.quantity / MILLI_PER_UNIT;
    if (!line.weighed && Number.isInteger(pieces)) {
      for (let piece = 0; piece < pieces; piece++) units.push(unit(true, MILLI_PER_UNIT, line.unitPrice));
    } else {
      units.push(unit(false, line.quantity, extendPrice(line.unitPrice, line.quantity)));
    }
  });
  return units;
}

/** An item set made quick to test: ids in Sets. */
export interface CompiledSet {
  products: ReadonlySet<string>;
  categories: ReadonlySet<string>;
}

export function compileSet(items: ItemSet): CompiledSet {
  return { products: new Set(items.productIds), categories: new Set(items.categoryIds) };
}

export function matches(set: CompiledSet, unit: Unit): boolean {
  return (
    (unit.productId !== null && set.products.has(unit.productId)) ||
    (unit.parentId !== null && set.products.has(unit.parentId)) ||
    (unit.categoryId !== null && set.categories.has(unit.categoryId))
  );
}

/**
 * A promotion's answer on some units: what it takes off each (by unit index) and the units it used
 * (discounted, or bought to qualify: [PROMO-6]), which an exclusive promotion then holds ([PROMO-10]).
 */
export interface Take {
  off: Map<number, Minor>;
  used: Set<number>;
  saving: Minor;
}

export function emptyTake(): Take {
  return { off: new Map(), used: new Set(), saving: 0 };
}

/** Takes `amount` from a unit, capped at its ceiling (`caps[unit]`). */
export function takeFrom(take: Take, unit: number, amount: Minor, caps: readonly Minor[]): void {
  const clamped = Math.min(amount, caps[unit] ?? 0);
  take.used.add(unit);
  if (clamped <= 0) return;
  take.off.set(unit, (take.off.get(unit) ?? 0) + clamped);
  take.saving += clamped;
}

/** [PROMO-5] A saving shared by units, in proportion to their values, by largest remainder. */
export function spread(take: Take, units: readonly number[], saving: Minor, values: readonly Minor[]): void {
  const weights = units.map((unit) => values[unit] ?? 0);
  const shares = saving > 0 ? allocate(saving, weights) : weights.map(() => 0);
  units.forEach((unit, index) => {
    takeFrom(take, unit, shares[index] ?? 0, values);
  });
}

/** Units most valuable first, ties by index: groups are formed from this order. */
export function byValueDesc(units: readonly number[], values: readonly Minor[]): number[] {
  return [...units].sort((a, b) => (values[b] ?? 0) - (values[a] ?? 0) || a - b);
}
