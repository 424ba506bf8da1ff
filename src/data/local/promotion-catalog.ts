// The shop's promotions and coupons as the register reads them offline (issue 36, [PROMO-T5]): the mirrored
// rows of one shop, read once per pull that changes them, turned into the engine's compiled index (never per
// cart change: the 2 ms budget), the promotions' names for the screens, and the coupons by code.
import type { CouponBook, CouponRow } from '../../domain/coupon-check';
import { indexPromotions, type PromotionIndex } from '../../domain/promotions/promotion-index';
import { promotionOfRow } from '../../domain/promotions/promotion-row';
import type { LedgerDb } from './ledger-db';
import type { MirrorDb } from './mirror-db';

export interface PromotionCatalog extends CouponBook {
  index: PromotionIndex;
  names: ReadonlyMap<string, string>;
  /** How many promotions the engine has: none, and the register skips it. */
  count: number;
}

export const emptyPromotionCatalog: PromotionCatalog = {
  index: indexPromotions([]),
  names: new Map(),
  count: 0,
  byCode: new Map(),
  isLive: () => false,
};

/** Reads the shop's live promotions and coupons from the mirror (tombstoned rows are already gone, [PULL-T]). */
export async function loadPromotionCatalog(mirror: MirrorDb, companyId: string): Promise<PromotionCatalog> {
  const [rows, coupons] = await Promise.all([
    mirror.promotions.where('company_id').equals(companyId).toArray(),
    mirror.coupons.where('company_id').equals(companyId).toArray(),
  ]);
  const promotions = rows.flatMap((row) => {
    const promotion = promotionOfRow(row);
    return promotion ? [promotion] : [];
  });
  const index = indexPromotions(promotions);
  const byCode = new Map<string, CouponRow>();
  for (const coupon of coupons) {
    if (!coupon.deleted_at) byCode.set(coupon.code, coupon);
  }
  return {
    index,
    names: new Map(rows.map((row) => [row.id, row.name])),
    count: index.byId.size,
    byCode,
    isLive: (id) => index.byId.has(id),
  };
}

/**
 * [PROMO-T6] How many of this till's sales not yet sent to the server used `code`: the server's count of a
 * coupon's uses does not hold them yet, so a single-use coupon used here offline is used up here too.
 */
export async function pendingCouponUses(ledger: LedgerDb, companyId: string, code: string): Promise<number> {
  const ops = await ledger.outbox.where('company_id').equals(companyId).toArray();
  return ops.filter((op) => {
    const coupons = op.name === 'sale.record' ? op.args.coupons : undefined;
    return Array.isArray(coupons) && coupons.includes(code);
  }).length;
}
