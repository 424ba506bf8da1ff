// [PROMO-14] A promotion whose rules contradict each other (end before start, a bundle of nothing, 120 % off)
// is refused where it is written, with the field named; one that reaches a till anyway is left out by the
// engine rather than guessed at (a group of zero units would never end). Codes only: the form words them.
import type { ItemSet, Promotion, PromotionRule, WeeklySlot } from './promotion-types';

export type PromotionProblemCode =
  | 'ends_before_start'
  | 'not_a_time'
  | 'rate_out_of_range'
  | 'amount_out_of_range'
  | 'quantity_too_small'
  | 'no_items'
  | 'no_components'
  | 'bad_slot'
  | 'bad_priority'
  /** A rule of a kind this till does not know (a newer one, or a tampered row): left out, never run. */
  | 'bad_rule';

/** `field` is the stored name's path, e.g. `rule.components.1.quantity`, so a form can point at it. */
export interface PromotionProblem {
  field: string;
  code: PromotionProblemCode;
}

const MAX_AMOUNT = 1e12;

function checkRate(problems: PromotionProblem[], field: string, rate: number): void {
  if (!Number.isSafeInteger(rate) || rate < 0 || rate > 10_000)
    problems.push({ field, code: 'rate_out_of_range' });
}

function checkAmount(problems: PromotionProblem[], field: string, amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 0 || amount > MAX_AMOUNT) {
    problems.push({ field, code: 'amount_out_of_range' });
  }
}

function checkCount(problems: PromotionProblem[], field: string, count: number): void {
  if (!Number.isSafeInteger(count) || count < 1) problems.push({ field, code: 'quantity_too_small' });
}

function checkItems(problems: PromotionProblem[], field: string, items: ItemSet): void {
  if (items.productIds.length === 0 && items.categoryIds.length === 0)
    problems.push({ field, code: 'no_items' });
}

function checkRule(rule: PromotionRule): PromotionProblem[] {
  const problems: PromotionProblem[] = [];
  switch (rule.kind) {
    case 'percent_off':
      if (rule.items !== null) checkItems(problems, 'rule.items', rule.items);
      checkRate(problems, 'rule.rate', rule.rate);
      break;
    case 'amount_off':
      if (rule.items !== null) checkItems(problems, 'rule.items', rule.items);
      checkAmount(problems, 'rule.amount', rule.amount);
      break;
    case 'basket_threshold':
      checkAmount(problems, 'rule.minSpend', rule.minSpend);
      if (rule.off.kind === 'percent') checkRate(problems, 'rule.off.rate', rule.off.rate);
      else checkAmount(problems, 'rule.off.amount', rule.off.amount);
      break;
    case 'buy_x_get_y':
      checkItems(problems, 'rule.buy', rule.buy);
      if (rule.get !== null) checkItems(problems, 'rule.get', rule.get);
      checkCount(problems, 'rule.buyQuantity', rule.buyQuantity);
      checkCount(problems, 'rule.getQuantity', rule.getQuantity);
      checkRate(problems, 'rule.getRate', rule.getRate);
      break;
    case 'mix_match':
      checkItems(problems, 'rule.items', rule.items);
      checkCount(problems, 'rule.quantity', rule.quantity);
      checkAmount(problems, 'rule.price', rule.price);
      break;
    case 'bundle_price':
      if (rule.components.length === 0) problems.push({ field: 'rule.components', code: 'no_components' });
      rule.components.forEach((component, index) => {
        checkItems(problems, `rule.components.${index}.items`, component.items);
        checkCount(problems, `rule.components.${index}.quantity`, component.quantity);
      });
      checkAmount(problems, 'rule.price', rule.price);
      break;
    case 'fixed_price':
      checkItems(problems, 'rule.items', rule.items);
      checkAmount(problems, 'rule.unitPrice', rule.unitPrice);
      break;
    default:
      // The types say this cannot happen; a row pulled from a newer server (or written by hand) says otherwise,
      // and the engine would have nothing to work it out with.
      problems.push({ field: 'rule.kind', code: 'bad_rule' });
  }
  return problems;
}

function slotIsValid(slot: WeeklySlot): boolean {
  const whole = (n: number) => Number.isSafeInteger(n);
  return (
    slot.days.length > 0 &&
    slot.days.every((day) => whole(day) && day >= 1 && day <= 7) &&
    whole(slot.from) &&
    whole(slot.to) &&
    slot.from >= 0 &&
    slot.from < slot.to &&
    slot.to <= 1440
  );
}

/** [PROMO-14] Every problem of a promotion; none means the engine may use it. */
export function checkPromotion(promotion: Promotion): PromotionProblem[] {
  const problems: PromotionProblem[] = [];
  const starts = promotion.startsAt === null ? null : Date.parse(promotion.startsAt);
  const ends = promotion.endsAt === null ? null : Date.parse(promotion.endsAt);
  if (starts !== null && Number.isNaN(starts)) problems.push({ field: 'startsAt', code: 'not_a_time' });
  if (ends !== null && Number.isNaN(ends)) problems.push({ field: 'endsAt', code: 'not_a_time' });
  else if (starts !== null && ends !== null && ends <= starts) {
    problems.push({ field: 'endsAt', code: 'ends_before_start' });
  }
  promotion.slots.forEach((slot, index) => {
    if (!slotIsValid(slot)) problems.push({ field: `slots.${index}`, code: 'bad_slot' });
  });
  if (!Number.isSafeInteger(promotion.priority)) problems.push({ field: 'priority', code: 'bad_priority' });
  return [...problems, ...checkRule(promotion.rule)];
}
