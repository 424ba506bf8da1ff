// [VAL-4], [VAL-13], [VAL-14], [VAL-17] Loyalty points on the till: what a sale earns, what points are worth,
// how many a sum needs, and what a refund takes back. The server works every figure out again from its own
// data and its figure stands ([VAL-25]); these are the same formulas, so a receipt printed offline promises
// what the customer gets. Every division rounds down, as the server's `floor` does, in BigInt so no product
// of points and money loses a unit.
import { minorPerMajor } from '../currency';
import { assertMinor, sum, type Minor } from '../money';

/** [VAL-4] The shop's scheme, from `value_settings` (`private.value_settings_of`'s defaults without a row). */
export interface LoyaltyScheme {
  enabled: boolean;
  /** Points per whole currency unit of eligible spend, 0…1000. */
  pointsPerMajor: number;
  /** `redeemPoints` points are worth `redeemValue` minor units. */
  redeemPoints: number;
  redeemValue: Minor;
  redeemAs: 'tender' | 'discount';
}

export const DEFAULT_LOYALTY: LoyaltyScheme = {
  enabled: false,
  pointsPerMajor: 1,
  redeemPoints: 100,
  redeemValue: 100,
  redeemAs: 'tender',
};

/** A sale line as earning sees it: its total and whether it sells a gift card. */
export interface EarningLine {
  total: Minor;
  giftCard: boolean;
}

/** floor(a × b ÷ d) for a, b ≥ 0 and d > 0, exactly. */
function floorMulDiv(a: number, b: number, d: number): number {
  if (d <= 0) throw new RangeError('A loyalty rate needs a positive divisor.');
  return Number((BigInt(a) * BigInt(b)) / BigInt(d));
}

/** ceil(a × b ÷ d) for a, b ≥ 0 and d > 0, exactly. */
function ceilMulDiv(a: number, b: number, d: number): number {
  if (d <= 0) throw new RangeError('A loyalty rate needs a positive divisor.');
  const divisor = BigInt(d);
  return Number((BigInt(a) * BigInt(b) + divisor - 1n) / divisor);
}

/** [VAL-13] [VAL-17] Σ total of the lines that are not gift cards: what points are earned on, and refunded. */
export function earningTotal(lines: readonly EarningLine[]): Minor {
  return sum(lines.filter((line) => !line.giftCard).map((line) => line.total));
}

/**
 * [VAL-13] Eligible spend: the lines that are not gift cards less what was paid in points (no points on a
 * gift card, no points on points), at least 0.
 */
export function eligibleSpend(lines: readonly EarningLine[], loyaltyTendered: Minor): Minor {
  return Math.max(0, earningTotal(lines) - assertMinor(loyaltyTendered, 'points tendered'));
}

/**
 * [VAL-13] The points a sale earns: floor(eligible × points per unit ÷ 10^minor units); 0 when loyalty is off
 * or the sale names no customer (the server then writes no `earn` entry).
 */
export function pointsEarned(
  sale: { customerId: string | null; lines: readonly EarningLine[]; loyaltyTendered: Minor },
  scheme: LoyaltyScheme,
  currency: string,
): number {
  if (!scheme.enabled || sale.customerId === null) return 0;
  const eligible = eligibleSpend(sale.lines, sale.loyaltyTendered);
  return floorMulDiv(eligible, scheme.pointsPerMajor, minorPerMajor(currency));
}

/** [VAL-4] Money for `points`: floor(n × redeem value ÷ redeem points). */
export function pointsValue(points: number, scheme: LoyaltyScheme): Minor {
  assertMinor(points, 'points');
  if (points <= 0) return 0;
  return floorMulDiv(points, scheme.redeemValue, scheme.redeemPoints);
}

/**
 * [VAL-4] [VAL-14] The fewest points worth at least `amount`: the smallest n with pointsValue(n) ≥ amount, so
 * a tender or discount of `amount` for them is never more than they are worth (no `redeem_rate` flag,
 * [VAL-25]). Null when points are worth nothing in this shop.
 */
export function pointsFor(amount: Minor, scheme: LoyaltyScheme): number | null {
  assertMinor(amount, 'amount');
  if (amount <= 0) return 0;
  if (scheme.redeemValue <= 0) return null;
  return ceilMulDiv(amount, scheme.redeemPoints, scheme.redeemValue);
}

/**
 * [VAL-17] The points a refund takes back: floor(earned × R ÷ T) − already unearned, where T is the sale's
 * earning total and R what of it has been refunded so far, this refund included. Taken back in any number of
 * parts, the sum is exactly what was earned once everything has gone back, and never more. R beyond T (which
 * refunds cannot reach) counts as T.
 */
export function pointsUnearned(refund: {
  earned: number;
  earningTotal: Minor;
  refundedSoFar: Minor;
  alreadyUnearned: number;
}): number {
  const { earned, earningTotal: total, refundedSoFar, alreadyUnearned } = refund;
  if (earned <= 0 || total <= 0) return 0;
  const share = Math.min(Math.max(0, assertMinor(refundedSoFar, 'refunded')), total);
  return floorMulDiv(earned, share, total) - alreadyUnearned;
}

/**
 * [VAL-14] [VAL-T73] Points as a discount on what is `due` (the goods after every other discount): the most
 * the customer's `spendable` points are worth, at most `due`, for the fewest whole points worth it. Null when
 * nothing can come off (no points, nothing due, or points worth nothing here).
 */
export function pointsDiscountFor(
  spendable: number,
  due: Minor,
  scheme: LoyaltyScheme,
): { points: number; amount: Minor } | null {
  const amount = Math.min(pointsValue(Math.max(0, spendable), scheme), Math.max(0, due));
  if (amount <= 0) return null;
  const points = pointsFor(amount, scheme);
  return points === null || points <= 0 ? null : { points, amount };
}
