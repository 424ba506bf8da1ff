// For tests only: small builders of lines, promotions and a sale's context, so each test reads as its rule.
import type { Minor } from '../money';
import { applyPromotions } from './apply-promotions';
import { indexPromotions } from './promotion-index';
import type {
  ItemSet,
  Promotion,
  PromoContext,
  PromoLine,
  PromotionOutcome,
  PromotionRule,
} from './promotion-types';

export const items = (...productIds: string[]): ItemSet => ({ productIds, categoryIds: [] });
export const category = (...categoryIds: string[]): ItemSet => ({ productIds: [], categoryIds });

export function line(lineId: string, productId: string, unitPrice: Minor, pieces = 1): PromoLine {
  return {
    lineId,
    productId,
    unitPrice,
    quantity: pieces * 1000,
    weighed: false,
    manualDiscount: false,
  };
}

export function promo(id: string, rule: PromotionRule, extra: Partial<Promotion> = {}): Promotion {
  return {
    id,
    priority: 0,
    combinable: false,
    startsAt: null,
    endsAt: null,
    slots: [],
    storeIds: [],
    customersOnly: false,
    couponOnly: false,
    rule,
    ...extra,
  };
}

/** Monday 30 November 2026, 11:00 in Paris. */
export const sale: PromoContext = {
  at: '2026-11-30T10:00:00.000Z',
  timeZone: 'Europe/Paris',
  storeId: 'store-1',
  customerAttached: false,
  coupons: [],
  manualCartDiscount: false,
  removedPromotionIds: [],
};

export function run(
  lines: readonly PromoLine[],
  promotions: readonly Promotion[],
  context: Partial<PromoContext> = {},
): PromotionOutcome {
  return applyPromotions(lines, indexPromotions(promotions), { ...sale, ...context });
}

/** Each line's discount by line id, for short expectations. */
export function discounts(outcome: PromotionOutcome): Record<string, Minor> {
  return Object.fromEntries(outcome.lines.map((saving) => [saving.lineId, saving.discount]));
}
