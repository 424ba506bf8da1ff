// [PROMO-14] [PROMO-15] [PROMO-16] Saving promotions and coupons through supabase-js, as the back office does:
// a rule that contradicts itself is refused with the code in `hint` and the field in `details`; cashiers write
// nothing; a coupon's code is stored upper case and its count of uses is the server's.
import { beforeAll, describe, expect, test } from 'vitest';
import { createShop, must, type Shop } from '../support/shop';

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
