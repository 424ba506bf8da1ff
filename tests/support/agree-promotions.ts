// [AGREE-1] The promotions of the agreement property: each batch, a shop's manager ends the deals of the last
// batch and saves new ones through supabase-js (random but valid kinds over the shop's products and categories
// — some combinable, some exclusive, a basket one, a coupon-only one with its coupon, some that cannot apply
// now: ended, not yet started, another store's, customers only), and the till pulls them and reads them as the
// register does (loadPromotionCatalog: the same index, names and coupons).
import fc from 'fast-check';
import { checkPromotion } from '../../src/domain/promotions/promotion-check';
import { ruleArb, type Catalogue } from '../../src/domain/promotions/promotion-arbitraries';
import type { PromotionRule } from '../../src/domain/promotions/promotion-types';
import { promo } from '../../src/domain/promotions/test-promotions';
import { must, type Shop } from './shop';
import { snake } from './snake-case';

/** Rules are drawn over these stand-ins, and each shop's ids are put in their place when saved. */
/** The agreement shop's 12 products, 2 variants and their parent. */
const PRODUCTS = 15;
const CATEGORIES = 2;
const standIns: Catalogue = {
  products: Array.from({ length: PRODUCTS }, (_, i) => `p${String(i)}`),
  categories: Array.from({ length: CATEGORIES }, (_, i) => `c${String(i)}`),
  basketEvery: 6,
};

/** When a deal is on: now (open or within dates), or never now, each way a shop gets there. */
type Reach = 'open' | 'dated' | 'ended' | 'later' | 'other_store' | 'customers';

export interface DealSpec {
  rule: PromotionRule;
  combinable: boolean;
  priority: number;
  reach: Reach;
}

export interface BatchDeals {
  deals: DealSpec[];
  basket: PromotionRule;
  basketCombinable: boolean;
  coupon: { rule: PromotionRule; combinable: boolean; maxUses: number | null };
}

const basketArb: fc.Arbitrary<PromotionRule> = ruleArb({ ...standIns, basketEvery: 1 }).filter(
  (rule) => rule.kind === 'basket_threshold' || ('items' in rule && rule.items === null),
);

const dealArb: fc.Arbitrary<DealSpec> = fc.record({
  rule: ruleArb(standIns),
  combinable: fc.boolean(),
  priority: fc.integer({ min: 0, max: 3 }),
  reach: fc.constantFrom<Reach>(
    'open',
    'open',
    'open',
    'open',
    'dated',
    'ended',
    'later',
    'other_store',
    'customers',
  ),
});

export const batchDealsArb: fc.Arbitrary<BatchDeals> = fc.record({
  deals: fc.array(dealArb, { minLength: 2, maxLength: 6 }),
  basket: basketArb,
  basketCombinable: fc.boolean(),
  // A coupon's deal is often a basket one ('10 % off with this code'), so it often applies.
  coupon: fc.record({
    rule: fc.oneof(ruleArb(standIns), { arbitrary: basketArb, weight: 3 }),
    combinable: fc.boolean(),
    maxUses: fc.constantFrom(null, null, null, 1, 3),
  }),
});

/** A shop of the property: its products and categories in stand-in order, a second store, a customer. */
export interface DealShop {
  shop: Shop;
  productIds: readonly string[];
  categoryIds: readonly string[];
  otherStoreId: string;
}

/** The rule with each stand-in id replaced by the shop's own. */
function onShop(rule: PromotionRule, target: DealShop): PromotionRule {
  return JSON.parse(JSON.stringify(rule), (_key, value: unknown) => {
    if (typeof value !== 'string') return value;
    const product = /^p(\d+)$/.exec(value);
    if (product) return target.productIds[Number(product[1]) % target.productIds.length];
    const category = /^c(\d+)$/.exec(value);
    if (category) return target.categoryIds[Number(category[1]) % target.categoryIds.length];
    return value;
  }) as PromotionRule;
}

const DAY = 86_400_000;

/** Every row names every column: a bulk insert fills a column another row names with null, not its default. */
const plain = {
  starts_at: null,
  ends_at: null,
  slots: [],
  store_ids: [],
  customers_only: false,
  coupon_only: false,
};

function reachColumns(reach: Reach, target: DealShop, now: number) {
  const at = (ms: number) => new Date(now + ms).toISOString();
  switch (reach) {
    case 'open':
      return plain;
    case 'dated':
      // Every day, all day: a weekly slot that always holds, within dates around now.
      return {
        ...plain,
        starts_at: at(-DAY),
        ends_at: at(DAY),
        slots: [{ days: [1, 2, 3, 4, 5, 6, 7], from: 0, to: 1440 }],
      };
    case 'ended':
      return { ...plain, starts_at: at(-2 * DAY), ends_at: at(-DAY) };
    case 'later':
      return { ...plain, starts_at: at(DAY) };
    case 'other_store':
      return { ...plain, store_ids: [target.otherStoreId] };
    case 'customers':
      return { ...plain, customers_only: true };
  }
}

interface SavedRow {
  name: string;
  priority: number;
  combinable: boolean;
  rule: PromotionRule;
  [column: string]: unknown;
}

/** A rule the back office would refuse ([PROMO-14]) is not saved: a manager never gets one through. */
function valid(row: SavedRow): boolean {
  const { priority, combinable } = row;
  return checkPromotion(promo('check', row.rule, { priority, combinable })).length === 0;
}

/**
 * The batch's deals saved by the shop's manager, the last batch's ended: answers the coupon's code, or null
 * when its rule is one the back office refuses.
 */
export async function saveBatchDeals(
  target: DealShop,
  deals: BatchDeals,
  batchNo: number,
): Promise<string | null> {
  const { shop } = target;
  const client = shop.manager.client;
  must(
    await client
      .from('promotions')
      .update({ status: 'ended' })
      .eq('company_id', shop.companyId)
      .eq('status', 'active'),
    'end the last batch’s deals',
  );
  const now = Date.now();
  const rows: SavedRow[] = [
    ...deals.deals.map((deal, i) => ({
      name: `Deal ${String(batchNo)}.${String(i)} (${deal.reach})`,
      priority: deal.priority,
      combinable: deal.combinable,
      rule: onShop(deal.rule, target),
      ...reachColumns(deal.reach, target, now),
    })),
    {
      name: `Basket ${String(batchNo)}`,
      priority: 2,
      combinable: deals.basketCombinable,
      rule: deals.basket,
      ...plain,
    },
  ].filter(valid);
  const coupon: SavedRow = {
    name: `Coupon deal ${String(batchNo)}`,
    priority: 1,
    combinable: deals.coupon.combinable,
    rule: onShop(deals.coupon.rule, target),
    ...plain,
    coupon_only: true,
  };
  const toSave = valid(coupon) ? [...rows, coupon] : rows;
  const saved = must<{ id: string; coupon_only: boolean }[]>(
    await client
      .from('promotions')
      .insert(toSave.map((row) => ({ ...row, rule: snake(row.rule), company_id: shop.companyId })))
      .select('id, coupon_only'),
    'save the batch’s deals',
  );
  const couponDeal = saved.find((row) => row.coupon_only);
  if (!couponDeal) return null;
  const code = `AGREE-${String(batchNo)}-${String(Math.floor(Math.random() * 1e6))}`;
  must(
    await client.from('coupons').insert({
      company_id: shop.companyId,
      promotion_id: couponDeal.id,
      code,
      max_uses: deals.coupon.maxUses,
    }),
    'save the batch’s coupon',
  );
  return code;
}
