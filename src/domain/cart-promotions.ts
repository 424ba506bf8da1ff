// From a cart to the promotions engine and back ([PROMO-T1]…): the cart's lines as the engine sees them, the
// sale's context from the cart (coupons, removed promotions, customer, manual cart discount) and the till's
// setting (its promotions, the time, the store), and the engine's answer with each promotion's name, which
// priceCart folds into the lines' discounts. Ids and names only: the screens put them into words.
import type { Cart, CartLine } from './cart';
import type { Minor } from './money';
import { applyPromotions } from './promotions/apply-promotions';
import type { PromotionIndex } from './promotions/promotion-index';
import type { CouponStatus, EnteredCoupon, PromoLine, PromotionOutcome } from './promotions/promotion-types';

/** The till's promotions and the moment and place a cart is priced for ([PROMO-2], [PROMO-3]). */
export interface PromotionSetting {
  index: PromotionIndex;
  /** Each promotion's name by id, for the screens and receipts. */
  names: ReadonlyMap<string, string>;
  /** The sale's time, an ISO instant. */
  at: string;
  /** The shop's IANA time zone. */
  timeZone: string;
  storeId: string;
}

/** One promotion's part of a line's discount, named. */
export interface LinePromotion {
  promotionId: string;
  name: string;
  amount: Minor;
}

/** One promotion the sale got ([PROMO-13]), named, with the coupon that unlocked it. */
export interface AppliedDeal extends LinePromotion {
  lineIds: readonly string[];
  couponCode: string | null;
}

export interface CartDeals {
  /** By priority, then id; empty without promotions. */
  applied: readonly AppliedDeal[];
  /** The engine's word on each coupon on the cart ([PROMO-12]). */
  coupons: readonly { code: string; promotionId: string; status: CouponStatus }[];
  /** Σ applied: what the promotions saved the customer. */
  saved: Minor;
  /** Each line's promotions, by line id (lines without any are absent). */
  byLine: ReadonlyMap<string, readonly LinePromotion[]>;
}

export const noDeals: CartDeals = { applied: [], coupons: [], saved: 0, byLine: new Map() };

/** [PROMO-T1] A cart line as the engine sees it: a manual line discount takes it out ([PROMO-4]). */
export function promoLineOf(line: CartLine): PromoLine {
  return {
    lineId: line.lineId,
    productId: line.productId,
    parentId: line.parentId ?? null,
    categoryId: line.categoryId ?? null,
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    weighed: line.weighed,
    manualDiscount: hasManualDiscount(line),
  };
}

/** [PROMO-4] A line the cashier gave a discount of its own: it takes no promotion. */
export function hasManualDiscount(line: CartLine): boolean {
  return line.discount !== undefined;
}

/** [PROMO-8] A manual cart discount replaces the basket stage. */
export function hasManualCartDiscount(cart: Cart): boolean {
  return cart.discount !== undefined;
}

/** [PROMO-T1] The engine's answer for a cart in a setting: nothing at all without a setting. */
export function dealsOf(cart: Cart, setting: PromotionSetting | undefined): CartDeals {
  if (setting === undefined || cart.lines.length === 0) return noDeals;
  const outcome = applyPromotions(cart.lines.map(promoLineOf), setting.index, {
    at: setting.at,
    timeZone: setting.timeZone,
    storeId: setting.storeId,
    customerAttached: cart.customerId !== undefined,
    coupons: cart.coupons ?? [],
    manualCartDiscount: hasManualCartDiscount(cart),
    removedPromotionIds: cart.removedPromotions ?? [],
  });
  return named(outcome, setting.names);
}

function named(outcome: PromotionOutcome, names: ReadonlyMap<string, string>): CartDeals {
  const name = (id: string) => names.get(id) ?? '';
  const byLine = new Map<string, LinePromotion[]>();
  for (const saving of outcome.lines) {
    if (saving.promotions.length === 0) continue;
    byLine.set(
      saving.lineId,
      saving.promotions.map((p) => ({
        promotionId: p.promotionId,
        name: name(p.promotionId),
        amount: p.amount,
      })),
    );
  }
  return {
    applied: outcome.applied.map((a) => ({ ...a, name: name(a.promotionId) })),
    coupons: outcome.coupons,
    saved: outcome.totalSaved,
    byLine,
  };
}

/** [PROMO-T3] The cart with a coupon the till accepted (once per code). */
export function withCoupon(cart: Cart, coupon: EnteredCoupon): Cart {
  const others = (cart.coupons ?? []).filter((entered) => entered.code !== coupon.code);
  return { ...cart, coupons: [...others, coupon] };
}

/** [PROMO-T3] The cart without a coupon; the last one gone, no coupons at all. */
export function withoutCoupon(cart: Cart, code: string): Cart {
  const { coupons, ...rest } = cart;
  const left = (coupons ?? []).filter((entered) => entered.code !== code);
  return left.length > 0 ? { ...rest, coupons: left } : rest;
}

/** [PROMO-3] Takes a promotion off the sale (`off` true) or puts it back. */
export function withPromotionRemoved(cart: Cart, promotionId: string, off: boolean): Cart {
  const { removedPromotions, ...rest } = cart;
  const others = (removedPromotions ?? []).filter((id) => id !== promotionId);
  const next = off ? [...others, promotionId] : others;
  return next.length > 0 ? { ...rest, removedPromotions: next } : rest;
}
