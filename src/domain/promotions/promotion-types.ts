// Promotions as the server stores them and the engine reads them (supabase/SPEC.md "Promotions and coupons",
// [PROMO-1]…): a rule is a discriminated union by `kind`, amounts in minor units, rates in basis points,
// times as ISO instants. What the engine answers is ids and codes only: the screens put them into words.
import type { Discount } from '../discount';
import type { Minor } from '../money';
import type { Milli } from '../quantity';
import type { BasisPoints } from '../tax';

/** [PROMO-1] Products (a parent's id covers its variants) and categories; a line matches any of them. */
export interface ItemSet {
  productIds: readonly string[];
  categoryIds: readonly string[];
}

/** [PROMO-2] Days of the week (1 = Monday … 7 = Sunday) and minutes [from, to) of the day, shop time. */
export interface WeeklySlot {
  days: readonly number[];
  from: number;
  to: number;
}

export type PromotionRule =
  /** `items` null: every line of the basket (a basket promotion, [PROMO-8]). */
  | { kind: 'percent_off'; items: ItemSet | null; rate: BasisPoints }
  /** With items: off each unit (per kg of a weighed line). Without: once off the basket. */
  | { kind: 'amount_off'; items: ItemSet | null; amount: Minor }
  | { kind: 'basket_threshold'; minSpend: Minor; off: Discount }
  | {
      kind: 'buy_x_get_y';
      buy: ItemSet;
      buyQuantity: number;
      /** null: the get units come from the buy set (the cheapest of each group). */
      get: ItemSet | null;
      getQuantity: number;
      /** 10000 = free, 5000 = half price. */
      getRate: BasisPoints;
      repeat: boolean;
    }
  | { kind: 'mix_match'; items: ItemSet; quantity: number; price: Minor; repeat: boolean }
  | {
      kind: 'bundle_price';
      components: readonly { items: ItemSet; quantity: number }[];
      price: Minor;
      repeat: boolean;
    }
  | { kind: 'fixed_price'; items: ItemSet; unitPrice: Minor };

export type PromotionKind = PromotionRule['kind'];

/** One active promotion as the till's copy holds it (paused, draft and ended ones are not sent here). */
export interface Promotion {
  id: string;
  /** Lower goes first and wins ties ([PROMO-9], [PROMO-11]). */
  priority: number;
  combinable: boolean;
  startsAt: string | null;
  endsAt: string | null;
  /** Empty: any time between the dates. */
  slots: readonly WeeklySlot[];
  /** Empty: every store. */
  storeIds: readonly string[];
  customersOnly: boolean;
  couponOnly: boolean;
  rule: PromotionRule;
}

/** A cart line as the engine sees it. */
export interface PromoLine {
  lineId: string;
  productId: string | null;
  /** The parent product of a variant. */
  parentId?: string | null;
  categoryId?: string | null;
  unitPrice: Minor;
  quantity: Milli;
  weighed: boolean;
  /** [PROMO-4] A manual line discount replaces promotions on the line. */
  manualDiscount: boolean;
  /** [PROMO-4] Lines that never take promotions (gift cards). */
  noPromotions?: boolean;
}

/** [PROMO-12] A code the till has already found valid, with the promotion it unlocks. */
export interface EnteredCoupon {
  code: string;
  promotionId: string;
}

export interface PromoContext {
  /** The sale's time, an ISO instant. */
  at: string;
  /** The shop's IANA time zone. */
  timeZone: string;
  storeId: string;
  customerAttached: boolean;
  coupons: readonly EnteredCoupon[];
  /** [PROMO-8] A manual cart discount replaces basket promotions. */
  manualCartDiscount: boolean;
  /** [PROMO-3] Promotions the cashier took off this sale. */
  removedPromotionIds: readonly string[];
}

export interface LineSaving {
  lineId: string;
  discount: Minor;
  /** Each promotion's part of the discount, by promotion id. */
  promotions: readonly { promotionId: string; amount: Minor }[];
}

export interface AppliedPromotion {
  promotionId: string;
  amount: Minor;
  lineIds: readonly string[];
  couponCode: string | null;
}

export type CouponStatus =
  'applied' | 'not_active' | 'customer_required' | 'no_saving' | 'unknown_promotion' | 'duplicate';

export interface PromotionOutcome {
  /** Every input line, in input order. */
  lines: readonly LineSaving[];
  /** By priority, then id. */
  applied: readonly AppliedPromotion[];
  coupons: readonly { code: string; promotionId: string; status: CouponStatus }[];
  totalSaved: Minor;
}
