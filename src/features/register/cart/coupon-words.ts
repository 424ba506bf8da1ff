// [PROMO-T6] Why a coupon was refused, in a cashier's words: each reason its own sentence, the code in it.
import { t } from '@lingui/core/macro';
import type { CouponRefusal } from '../../../domain/coupon-check';

export function couponRefusalText(refusal: CouponRefusal, code: string): string {
  switch (refusal) {
    case 'unknown':
      return t`There is no coupon ${code}. Check the code and try again.`;
    case 'already_entered':
      return t`Coupon ${code} is already on this sale.`;
    case 'switched_off':
      return t`Coupon ${code} has been switched off by the shop.`;
    case 'expired':
      return t`Coupon ${code} has expired.`;
    case 'used_up':
      return t`Coupon ${code} has already been used up.`;
    case 'promotion_off':
      return t`The deal of coupon ${code} is paused or has ended.`;
    case 'not_active':
      return t`The deal of coupon ${code} is not on at this time or in this store.`;
    case 'customer_required':
      return t`Coupon ${code} is for customers: add the customer to the sale first.`;
    case 'no_saving':
      return t`Coupon ${code} does not apply to this cart.`;
    case 'duplicate':
      return t`A coupon for the same deal is already on this sale.`;
  }
}
