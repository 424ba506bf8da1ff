// The coupon forms' fields as typed, checked before anything is sent ([PROMO-12]; coupons table checks): a
// code of 3–32 upper-case letters, digits or hyphens; uses allowed (empty: unlimited); an expiry day, valid
// to the end of that day in the shop; a batch of 1–10,000 codes with an optional prefix. Pure.
import { t } from '@lingui/core/macro';
import type { CouponRow } from '../../../data/remote/promotion-rows';
import {
  isCouponCode,
  MAX_PREFIX,
  normaliseCode,
  normalisePrefix,
} from '../../../domain/promotions/coupon-codes';
import { err, ok, type Result } from '../../../domain/result';
import { dayIn, isDay } from '../../../lib/calendar';
import { dayAfter } from '../../../lib/day-bounds';

export const MAX_BATCH = 10_000;

export function checkCode(text: string): Result<string> {
  const code = normaliseCode(text);
  if (code === '') return err('empty', t`Enter a code.`);
  if (!isCouponCode(code)) {
    return err('bad_code', t`A code is 3 to 32 letters, digits or hyphens, starting with a letter or digit.`);
  }
  return ok(code);
}

/** Uses allowed for a multi-use code: empty is unlimited (null). */
export function checkMaxUses(text: string): Result<number | null> {
  const body = text.trim();
  if (body === '') return ok(null);
  if (!/^\d{1,9}$/.test(body) || Number(body) < 1)
    return err('bad_count', t`Enter a whole number, 1 or more.`);
  return ok(Number(body));
}

/** The expiry as the instant it stops working: the start of the day after `day` in the shop. */
export function checkExpiry(day: string, timeZone: string): Result<string | null> {
  if (day.trim() === '') return ok(null);
  const instant = isDay(day) ? dayAfter(day, timeZone) : undefined;
  if (instant === undefined) return err('bad_day', t`Enter a date.`);
  return ok(instant);
}

export function checkBatchCount(text: string): Result<number> {
  const body = text.trim();
  const count = /^\d{1,6}$/.test(body) ? Number(body) : Number.NaN;
  if (!(count >= 1 && count <= MAX_BATCH)) {
    const max = MAX_BATCH;
    return err('bad_count', t`Enter a number of codes from 1 to ${max}.`);
  }
  return ok(count);
}

export function checkPrefix(text: string): Result<string> {
  const prefix = normalisePrefix(text);
  if (prefix === null) {
    const max = MAX_PREFIX;
    return err(
      'bad_prefix',
      t`A prefix is up to ${max} letters, digits or hyphens, starting with a letter or digit.`,
    );
  }
  return ok(prefix);
}

/** The last day a coupon works, in the shop ("" for no expiry). */
export function expiryDay(expiresAt: string | null, timeZone: string): string {
  return expiresAt === null ? '' : dayIn(timeZone, new Date(Date.parse(expiresAt) - 1));
}

export type CouponState = 'active' | 'inactive' | 'expired' | 'used_up';

export function couponState(coupon: CouponRow, now: number): CouponState {
  if (!coupon.active) return 'inactive';
  if (coupon.expires_at !== null && Date.parse(coupon.expires_at) <= now) return 'expired';
  if (coupon.max_uses !== null && coupon.uses >= coupon.max_uses) return 'used_up';
  return 'active';
}
