// [PROMO-T6] A coupon typed or scanned at the counter, checked offline against the till's copy of the shop's
// coupons, then tried on the cart with the engine ([PROMO-12]): accepted only when it applies, else refused
// with a reason the screen puts into words, and the cart unchanged. Pure: the rows, the time, this till's
// pending uses and the pricing are passed in.
import type { Cart } from './cart';
import { withCoupon, type CartDeals } from './cart-promotions';
import type { CouponStatus, EnteredCoupon } from './promotions/promotion-types';

/** A pulled `coupons` row, as far as the till reads it. */
export interface CouponRow {
  code: string;
  promotion_id: string;
  /** null: unlimited; 1: single-use. */
  max_uses: number | null;
  /** The server's count (apply_ops keeps it). */
  uses: number;
  expires_at: string | null;
  active: boolean;
  deleted_at?: string | null;
}

export type CouponRefusal =
  | 'unknown'
  | 'already_entered'
  | 'expired'
  | 'used_up'
  | 'switched_off'
  /** Its promotion is paused, ended, a draft or not on this till. */
  | 'promotion_off'
  | Exclude<CouponStatus, 'applied' | 'unknown_promotion'>;

export type CouponAnswer =
  { ok: true; cart: Cart; coupon: EnteredCoupon } | { ok: false; code: string; refusal: CouponRefusal };

/** The code as the shop stores it: trimmed, upper case. */
export function normalCouponCode(typed: string): string {
  return typed.trim().toUpperCase();
}

export interface CouponBook {
  /** The shop's live coupons by code. */
  byCode: ReadonlyMap<string, CouponRow>;
  /** Promotions the engine has (active, readable). */
  isLive: (promotionId: string) => boolean;
}

/**
 * [PROMO-T6] Checks `typed` at `at`: the row exists, is on, not expired, not used up — counting this till's
 * sales not yet sent (`pendingUses`) —, its promotion is live; then the cart with it is priced (`price`) and
 * the engine must say `applied`. The answer's cart is the one to keep; a refusal keeps the old one.
 */
export function tryCoupon(
  typed: string,
  cart: Cart,
  book: CouponBook,
  context: { at: string; pendingUses: (code: string) => number },
  price: (cart: Cart) => CartDeals,
): CouponAnswer {
  const code = normalCouponCode(typed);
  const refuse = (refusal: CouponRefusal): CouponAnswer => ({ ok: false, code, refusal });
  const row = book.byCode.get(code);
  if (row === undefined || (row.deleted_at ?? null) !== null) return refuse('unknown');
  if ((cart.coupons ?? []).some((entered) => entered.code === code)) return refuse('already_entered');
  if (!row.active) return refuse('switched_off');
  if (row.expires_at !== null && Date.parse(row.expires_at) <= Date.parse(context.at))
    return refuse('expired');
  if (row.max_uses !== null && row.uses + context.pendingUses(code) >= row.max_uses) return refuse('used_up');
  if (!book.isLive(row.promotion_id)) return refuse('promotion_off');
  const coupon = { code, promotionId: row.promotion_id };
  const next = withCoupon(cart, coupon);
  const status = price(next).coupons.find((answer) => answer.code === code)?.status ?? 'unknown_promotion';
  if (status === 'applied') return { ok: true, cart: next, coupon };
  return refuse(status === 'unknown_promotion' ? 'promotion_off' : status);
}
