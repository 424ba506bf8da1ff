// Promotions compiled once per catalogue pull (not per cart change): item sets become Sets, dates numbers,
// and each promotion is filed under the products and categories it names, so a cart change only looks at
// the promotions of its own lines ([PROMO-1]; the 2 ms budget at 200 promotions and 50 lines).
import type { Minor } from '../money';
import { bundlePrice, buyXGetY, mixMatch } from './group-kinds';
import { checkPromotion } from './promotion-check';
import type { ItemSet, Promotion, PromotionRule } from './promotion-types';
import { readSchedule, type Schedule } from './schedule';
import {
  amountOffBasket,
  amountOffEach,
  basketThreshold,
  fixedPrice,
  percentOff,
  type EvalState,
} from './unit-kinds';
import { compileSet, type CompiledSet, type Take } from './units';

export interface CompiledPromotion {
  promotion: Promotion;
  schedule: Schedule;
  /** [PROMO-8] A basket kind: second stage, every unit. */
  basket: boolean;
  /** The sets whose units it may touch; null for a basket kind (every unit). */
  sets: readonly CompiledSet[] | null;
  evaluate: (units: readonly number[], state: EvalState) => Take;
}

export interface PromotionIndex {
  byProduct: ReadonlyMap<string, readonly CompiledPromotion[]>;
  byCategory: ReadonlyMap<string, readonly CompiledPromotion[]>;
  basket: readonly CompiledPromotion[];
  byId: ReadonlyMap<string, CompiledPromotion>;
}

function itemSets(rule: PromotionRule): ItemSet[] | null {
  switch (rule.kind) {
    case 'percent_off':
    case 'amount_off':
      return rule.items === null ? null : [rule.items];
    case 'basket_threshold':
      return null;
    case 'buy_x_get_y':
      return rule.get === null ? [rule.buy] : [rule.buy, rule.get];
    case 'mix_match':
    case 'fixed_price':
      return [rule.items];
    case 'bundle_price':
      return rule.components.map((component) => component.items);
  }
}

type Evaluate = CompiledPromotion['evaluate'];

function evaluator(rule: PromotionRule): Evaluate {
  switch (rule.kind) {
    case 'percent_off':
      return (units, state) => percentOff(units, rule.rate, state);
    case 'amount_off': {
      const amount: Minor = rule.amount;
      return rule.items === null
        ? (units, state) => amountOffBasket(units, amount, state)
        : (units, state) => amountOffEach(units, amount, state);
    }
    case 'basket_threshold':
      return (units, state) => basketThreshold(units, rule, state);
    case 'fixed_price':
      return (units, state) => fixedPrice(units, rule.unitPrice, state);
    case 'mix_match': {
      const compiled = { ...rule, items: compileSet(rule.items) };
      return (units, state) => mixMatch(units, compiled, state);
    }
    case 'bundle_price': {
      const components = rule.components.map((c) => ({ items: compileSet(c.items), quantity: c.quantity }));
      const compiled = { components, price: rule.price, repeat: rule.repeat };
      return (units, state) => bundlePrice(units, compiled, state);
    }
    case 'buy_x_get_y': {
      const compiled = { ...rule, buy: compileSet(rule.buy), get: rule.get && compileSet(rule.get) };
      return (units, state) => buyXGetY(units, compiled, state);
    }
  }
}

export function compilePromotion(promotion: Promotion): CompiledPromotion {
  const sets = itemSets(promotion.rule);
  return {
    promotion,
    schedule: readSchedule(promotion),
    basket: sets === null,
    sets: sets?.map(compileSet) ?? null,
    evaluate: evaluator(promotion.rule),
  };
}

/** Priority, then id: the one order everything is taken in, whatever order promotions arrive in. */
export function byPriority(a: CompiledPromotion, b: CompiledPromotion): number {
  const x = a.promotion;
  const y = b.promotion;
  if (x.priority !== y.priority) return x.priority - y.priority;
  return x.id < y.id ? -1 : x.id > y.id ? 1 : 0;
}

function file(map: Map<string, CompiledPromotion[]>, key: string, promotion: CompiledPromotion): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [promotion]);
  else if (!list.includes(promotion)) list.push(promotion);
}

/** [PROMO-14] A promotion with problems is left out, never guessed at. */
export function indexPromotions(promotions: readonly Promotion[]): PromotionIndex {
  const usable = promotions.filter((promotion) => checkPromotion(promotion).length === 0);
  const compiled = usable.map(compilePromotion).sort(byPriority);
  const byProduct = new Map<string, CompiledPromotion[]>();
  const byCategory = new Map<string, CompiledPromotion[]>();
  const basket: CompiledPromotion[] = [];
  for (const promotion of compiled) {
    if (promotion.sets === null) {
      basket.push(promotion);
      continue;
    }
    for (const set of promotion.sets) {
      for (const id of set.products) file(byProduct, id, promotion);
      for (const id of set.categories) file(byCategory, id, promotion);
    }
  }
  return { byProduct, byCategory, basket, byId: new Map(compiled.map((p) => [p.promotion.id, p])) };
}
