// [PROMO-14] [PROMO-15] [PROMO-16] Saving promotions and coupons through supabase-js, as the back office does:
// a rule that contradicts itself is refused with the code in `hint` and the field in `details`; cashiers write
// nothing; a coupon's code is stored upper case and its count of uses is the server's. The demo shop's
// promotions are well formed and do what their names say ([PROMO-21]).
import { beforeAll, describe, expect, test } from 'vitest';
import { applyPromotions } from '../../src/domain/promotions/apply-promotions';
import { checkPromotion } from '../../src/domain/promotions/promotion-check';
import { indexPromotions } from '../../src/domain/promotions/promotion-index';
import type { PromoContext, PromoLine, Promotion } from '../../src/domain/promotions/promotion-types';
import { DEMO } from '../support/demo';
import { createShop, demoPerson, must, type Shop } from '../support/shop';

let shop: Shop;

beforeAll(async () => {
  shop = await createShop({ products: 1 });
});

function promotionRow(rule: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { company_id: shop.companyId, name: 'Deal', rule, ...extra };
}

const tenOff = { kind: 'percent_off', items: null, rate: 1000 };

describe('[PROMO-14] a promotion that contradicts itself is refused with the field named', () => {
  test('[PROMO-14] end before start, 120 % off, a bundle of nothing, an unknown kind', async () => {
    const refusals = await Promise.all(
      [
        promotionRow(tenOff, { starts_at: '2026-12-02T00:00:00Z', ends_at: '2026-12-01T00:00:00Z' }),
        promotionRow({ ...tenOff, rate: 12_000 }),
        promotionRow({ kind: 'bundle_price', components: [], price: 100, repeat: true }),
        promotionRow({ kind: 'free_lunch' }),
      ].map(async (row) => (await shop.manager.client.from('promotions').insert(row)).error),
    );
    expect(refusals.map((error) => [error?.hint, error?.details])).toEqual([
      ['ends_before_start', 'endsAt'],
      ['rate_out_of_range', 'rule.rate'],
      ['no_components', 'rule.components'],
      ['bad_rule', 'rule.kind'],
    ]);
  });

  test('[PROMO-14] an edit that breaks a saved promotion is refused; ending it is not', async () => {
    const saved = must<{ id: string }>(
      await shop.manager.client.from('promotions').insert(promotionRow(tenOff)).select('id').single(),
      'insert',
    );
    const broken = await shop.manager.client
      .from('promotions')
      .update({ slots: [{ days: [1], from: 600, to: 500 }] })
      .eq('id', saved.id);
    expect([broken.error?.hint, broken.error?.details]).toEqual(['bad_slot', 'slots.0']);
    must(
      await shop.manager.client
        .from('promotions')
        .update({ status: 'ended' })
        .eq('id', saved.id)
        .select('id'),
      'end',
    );
    // [RLS] A cashier changes nothing, not even the status.
    const paused = await shop.cashier.client
      .from('promotions')
      .update({ status: 'active' })
      .eq('id', saved.id)
      .select('id');
    expect(paused.data ?? []).toEqual([]);
    const read = must<{ status: string }>(
      await shop.cashier.client.from('promotions').select('status').eq('id', saved.id).single(),
      'read',
    );
    expect(read.status).toBe('ended');
  });
});

describe('[PROMO-16] coupons: upper case, unique in the shop, counted by the server', () => {
  test('[PROMO-16] a code typed in lower case is stored upper case; a second one is code_taken; uses stay 0', async () => {
    const promotion = must<{ id: string }>(
      await shop.manager.client
        .from('promotions')
        .insert(promotionRow(tenOff, { coupon_only: true }))
        .select('id')
        .single(),
      'insert promotion',
    );
    const coupon = must<{ id: string; code: string; uses: number }>(
      await shop.manager.client
        .from('coupons')
        .insert({ company_id: shop.companyId, promotion_id: promotion.id, code: ' welcome10 ', uses: 40 })
        .select('id, code, uses')
        .single(),
      'insert coupon',
    );
    expect([coupon.code, coupon.uses]).toEqual(['WELCOME10', 0]);
    const again = await shop.manager.client
      .from('coupons')
      .insert({ company_id: shop.companyId, promotion_id: promotion.id, code: 'Welcome10' });
    expect([again.error?.hint, again.error?.details]).toEqual(['code_taken', 'code']);
    const edited = must<{ uses: number }>(
      await shop.manager.client
        .from('coupons')
        .update({ uses: 99, max_uses: 5 })
        .eq('id', coupon.id)
        .select('uses')
        .single(),
      'edit coupon',
    );
    expect(edited.uses).toBe(0);
    const byCashier = await shop.cashier.client
      .from('coupons')
      .insert({ company_id: shop.companyId, promotion_id: promotion.id, code: 'CASHIER1' });
    expect(byCashier.error).not.toBeNull();
  });
});

interface StoredPromotion {
  id: string;
  name: string;
  priority: number;
  combinable: boolean;
  starts_at: string | null;
  ends_at: string | null;
  slots: unknown;
  store_ids: string[];
  customers_only: boolean;
  coupon_only: boolean;
  rule: unknown;
}

const camel = (key: string) => key.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/** The contract's stored shape back to the engine's: every key in camelCase. */
function engineShape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(engineShape);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [camel(key), engineShape(inner)]));
}

function toEngine(row: StoredPromotion): Promotion {
  return {
    id: row.id,
    priority: row.priority,
    combinable: row.combinable,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    slots: engineShape(row.slots) as Promotion['slots'],
    storeIds: row.store_ids,
    customersOnly: row.customers_only,
    couponOnly: row.coupon_only,
    rule: engineShape(row.rule) as Promotion['rule'],
  };
}

describe('[PROMO-21] the demo shop’s promotions (DESIGN §13)', () => {
  test('[PROMO-21] a coffee-and-croissant bundle, three sparkling waters, a happy hour and WELCOME10, as the engine reads them', async () => {
    const manager = await demoPerson('manager');
    const rows = must<StoredPromotion[]>(
      await manager.client
        .from('promotions')
        .select(
          'id, name, priority, combinable, starts_at, ends_at, slots, store_ids, customers_only, coupon_only, rule',
        )
        .eq('company_id', DEMO.companyId)
        .eq('status', 'active')
        .order('name'),
      'demo promotions',
    );
    expect(rows.map((row) => row.name)).toEqual([
      'Coffee and croissant for €3.50',
      'Happy hour: 25 % off iced coffees',
      'Three sparkling waters for €3.00',
      'Welcome: 10 % off',
    ]);
    const promotions = rows.map(toEngine);
    for (const promotion of promotions) expect(checkPromotion(promotion)).toEqual([]);
    const happyHour = promotions.find(
      (promotion) => promotion.rule.kind === 'percent_off' && promotion.slots.length > 0,
    );
    expect(happyHour?.rule).toMatchObject({ kind: 'percent_off', rate: 2500 });
    expect(
      happyHour?.rule.kind === 'percent_off' ? happyHour.rule.items?.productIds.length : 0,
    ).toBeGreaterThan(0);

    const coupon = must<{ code: string; max_uses: number | null; promotion_id: string }>(
      await manager.client
        .from('coupons')
        .select('code, max_uses, promotion_id')
        .eq('code', 'WELCOME10')
        .single(),
      'WELCOME10',
    );
    expect(coupon).toMatchObject({ code: 'WELCOME10', max_uses: null });

    const { espresso, croissant } = DEMO.products;
    const line = (lineId: string, productId: string, unitPrice: number, pieces: number): PromoLine => ({
      lineId,
      productId,
      unitPrice,
      quantity: pieces * 1000,
      weighed: false,
      manualDiscount: false,
    });
    const cart = [
      line('a', espresso.id, espresso.price, 1),
      line('b', croissant.id, croissant.price, 1),
      line('c', 'd4000000-0000-4000-8000-000000000003', 120, 3),
    ];
    const context: PromoContext = {
      // A Sunday: the happy hour is off.
      at: '2026-11-29T10:00:00.000Z',
      timeZone: 'Europe/Paris',
      storeId: DEMO.storeId,
      customerAttached: false,
      coupons: [],
      manualCartDiscount: false,
      removedPromotionIds: [],
    };
    const index = indexPromotions(promotions);
    // 4.30 for 3.50 and 3.60 for 3.00.
    expect(applyPromotions(cart, index, context).totalSaved).toBe(80 + 60);
    const welcome = applyPromotions(cart, index, {
      ...context,
      coupons: [{ code: 'WELCOME10', promotionId: coupon.promotion_id }],
    });
    expect(welcome.coupons).toEqual([
      { code: 'WELCOME10', promotionId: coupon.promotion_id, status: 'applied' },
    ]);
  });
});
