// The promotions engine (supabase/SPEC.md "Promotions and coupons", [PROMO-1]…[PROMO-14]): cart lines,
// the till's compiled promotions, the sale's time, store, customer and coupons → each line's discount and the
// promotions applied. Pure and deterministic; the server works the same rules out again.
import type { Minor } from '../money';
import { byPriority, type CompiledPromotion, type PromotionIndex } from './promotion-index';
import type {
  AppliedPromotion,
  CouponStatus,
  LineSaving,
  PromoContext,
  PromoLine,
  PromotionOutcome,
} from './promotion-types';
import { isInSchedule, localTime, type LocalTime } from './schedule';
import { choose, type Chosen } from './choose';
import { expandUnits, type Unit } from './units';

type Refusal = Exclude<CouponStatus, 'applied' | 'no_saving' | 'unknown_promotion' | 'duplicate'>;

/** [PROMO-2], [PROMO-3] Why a promotion does not apply to this sale; null when it may. */
function refusal(promotion: CompiledPromotion, context: PromoContext, now: LocalTime): Refusal | null {
  const { storeIds, customersOnly } = promotion.promotion;
  if (!isInSchedule(promotion.schedule, now)) return 'not_active';
  if (storeIds.length > 0 && !storeIds.includes(context.storeId)) return 'not_active';
  if (context.removedPromotionIds.includes(promotion.promotion.id)) return 'not_active';
  if (customersOnly && !context.customerAttached) return 'customer_required';
  return null;
}

/**
 * The promotions that could touch these units, each with the units its sets match, ascending: a promotion is
 * filed under every product and category its sets name, so finding it from a unit means the unit matches.
 * A unit found twice (by its product and its category) comes twice in a row, so the last one is compared.
 */
function candidatesOf(units: readonly Unit[], index: PromotionIndex): Map<CompiledPromotion, number[]> {
  const relevant = new Map<CompiledPromotion, number[]>();
  const add = (promotion: CompiledPromotion, unit: number) => {
    const list = relevant.get(promotion);
    if (list === undefined) relevant.set(promotion, [unit]);
    else if (list[list.length - 1] !== unit) list.push(unit);
  };
  units.forEach((unit, at) => {
    const keys = [unit.productId, unit.parentId];
    for (const key of keys) {
      if (key !== null) for (const promotion of index.byProduct.get(key) ?? []) add(promotion, at);
    }
    if (unit.categoryId !== null) {
      for (const promotion of index.byCategory.get(unit.categoryId) ?? []) add(promotion, at);
    }
  });
  const all = units.map((_, at) => at);
  for (const promotion of index.basket) relevant.set(promotion, all);
  return relevant;
}

export function applyPromotions(
  lines: readonly PromoLine[],
  index: PromotionIndex,
  context: PromoContext,
): PromotionOutcome {
  const units = expandUnits(lines);
  const now = localTime(context.at, context.timeZone);
  const coupons = couponsOf(index, context);
  const relevant = candidatesOf(units, index);
  const active = [...relevant.keys()]
    .filter((p) => !(p.basket && context.manualCartDiscount))
    .filter((p) => !p.promotion.couponOnly || coupons.unlocked.has(p.promotion.id))
    .filter((p) => refusal(p, context, now) === null)
    .sort(byPriority);
  const spend = units.reduce((total, unit) => total + unit.value, 0);
  const chosen = choose(active, relevant, units, spend);
  return outcome(lines, units, chosen, coupons, context, now, index);
}

function couponsOf(index: PromotionIndex, context: PromoContext) {
  const unlocked = new Map<string, string>();
  for (const coupon of context.coupons) {
    if (index.byId.has(coupon.promotionId) && !unlocked.has(coupon.promotionId)) {
      unlocked.set(coupon.promotionId, coupon.code);
    }
  }
  return { unlocked };
}

function outcome(
  lines: readonly PromoLine[],
  units: readonly Unit[],
  chosen: readonly Chosen[],
  coupons: { unlocked: ReadonlyMap<string, string> },
  context: PromoContext,
  now: LocalTime,
  index: PromotionIndex,
): PromotionOutcome {
  // A line lists its promotions in the order they took from it (stages, [PROMO-8]); `applied` by priority.
  const perLine = lines.map(() => new Map<string, Minor>());
  const withPromotion = chosen.map(({ promotion, take }) => {
    const id = promotion.promotion.id;
    const touched = new Set<number>();
    for (const [unit, off] of take.off) {
      const line = units[unit]?.line ?? -1;
      const saving = perLine[line];
      if (saving === undefined) continue;
      touched.add(line);
      saving.set(id, (saving.get(id) ?? 0) + off);
    }
    const applied: AppliedPromotion = {
      promotionId: id,
      amount: take.saving,
      lineIds: [...touched].sort((a, b) => a - b).map((line) => lines[line]?.lineId ?? ''),
      couponCode: coupons.unlocked.get(id) ?? null,
    };
    return { promotion, applied };
  });
  const applied = withPromotion
    .sort((a, b) => byPriority(a.promotion, b.promotion))
    .map((entry) => entry.applied);
  const lineSavings: LineSaving[] = lines.map((line, at) => {
    const promotions = [...(perLine[at] ?? new Map<string, Minor>())].map(([promotionId, amount]) => ({
      promotionId,
      amount,
    }));
    return { lineId: line.lineId, discount: promotions.reduce((t, p) => t + p.amount, 0), promotions };
  });
  const appliedIds = new Set(applied.map((a) => a.promotionId));
  const seen = new Set<string>();
  const couponAnswers = context.coupons.map(({ code, promotionId }) => {
    const promotion = index.byId.get(promotionId);
    let status: CouponStatus;
    if (promotion === undefined) status = 'unknown_promotion';
    else if (seen.has(promotionId)) status = 'duplicate';
    else status = refusal(promotion, context, now) ?? (appliedIds.has(promotionId) ? 'applied' : 'no_saving');
    seen.add(promotionId);
    return { code, promotionId, status };
  });
  return {
    lines: lineSavings,
    applied,
    coupons: couponAnswers,
    totalSaved: applied.reduce((total, a) => total + a.amount, 0),
  };
}
