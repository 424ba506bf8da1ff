// [PROMO-22] apply_ops works every sale's promotions out again from the shop's own rules and the sale's time,
// stores its answer beside the till's (sale_promotions.server_amount), and flags `promotion` with both answers
// side by side when they differ — a promotion ended while the till was offline, a tampered discount, another
// shop's promotion — never refusing the sale. The till's claims here are worked out by the till's own engine.
import { beforeAll, describe, expect, test } from 'vitest';
import { applyPromotions } from '../../src/domain/promotions/apply-promotions';
import { indexPromotions } from '../../src/domain/promotions/promotion-index';
import type { Promotion } from '../../src/domain/promotions/promotion-types';
import { applyOps, op, saleArgs } from '../support/ops';
import {
  createShop,
  must,
  nth,
  registerTerminal,
  type Product,
  type Shop,
  type Terminal,
} from '../support/shop';
import { serviceClient } from '../support/supabase';

interface Flag {
  kind: string;
  detail: {
    reason?: string;
    till?: { promotion_id: string; amount: number }[];
    server?: { promotion_id: string; amount: number }[];
  };
}

let shop: Shop;
let other: Shop;
let till: Terminal;
let coffee: Product;
let tenOff: Promotion;
let theirs: string;

/** The engine's promotion, as the manager saves it (snake_case rule), in the shop. */
async function savePromotion(target: Shop, product: Product, rate: number): Promise<Promotion> {
  const { id } = must<{ id: string }>(
    await target.manager.client
      .from('promotions')
      .insert({
        company_id: target.companyId,
        name: `${String(rate / 100)} % off ${product.name}`,
        rule: { kind: 'percent_off', items: { product_ids: [product.id], category_ids: [] }, rate },
      })
      .select('id')
      .single(),
    'save a promotion',
  );
  return {
    id,
    priority: 100,
    combinable: true,
    startsAt: null,
    endsAt: null,
    slots: [],
    storeIds: [],
    customersOnly: false,
    couponOnly: false,
    rule: { kind: 'percent_off', items: { productIds: [product.id], categoryIds: [] }, rate },
  };
}

beforeAll(async () => {
  [shop, other] = await Promise.all([createShop({ products: 2 }), createShop({ products: 1 })]);
  till = await registerTerminal(shop.cashier, shop.storeId);
  coffee = nth(shop.products, 0);
  tenOff = await savePromotion(shop, coffee, 1000);
  theirs = (await savePromotion(other, nth(other.products, 0), 5000)).id;
});

/** A sale of `quantity` coffees with what the till's engine (given `promotions`) takes off, claimed as such. */
function saleWithDeals(
  quantity: number,
  promotions: readonly Promotion[],
  claim?: (amount: number) => number,
) {
  const outcome = applyPromotions(
    [
      {
        lineId: 'coffee',
        productId: coffee.id,
        unitPrice: coffee.price,
        quantity: quantity * 1000,
        weighed: false,
        manualDiscount: false,
      },
    ],
    indexPromotions(promotions),
    {
      at: new Date().toISOString(),
      timeZone: 'UTC',
      storeId: shop.storeId,
      customerAttached: false,
      coupons: [],
      manualCartDiscount: false,
      removedPromotionIds: [],
    },
  );
  const saved = claim ? claim(outcome.totalSaved) : outcome.totalSaved;
  const args = saleArgs({ terminal: till, lines: [{ product: coffee, quantity, discount: saved }] });
  const line = nth(args.lines, 0);
  return {
    ...args,
    lines: [
      { ...line, promotions: outcome.applied.map((a) => ({ promotion_id: a.promotionId, amount: saved })) },
    ],
    promotions: outcome.applied.map((a) => ({
      promotion_id: a.promotionId,
      amount: saved,
      coupon_code: null,
    })),
  };
}

async function recorded(saleId: string) {
  return must<{ promotion_id: string; till_amount: number; server_amount: number }[]>(
    await serviceClient()
      .from('sale_promotions')
      .select('promotion_id, till_amount, server_amount')
      .eq('sale_id', saleId)
      .order('promotion_id'),
    'read sale_promotions',
  );
}

async function promotionFlags(saleId: string): Promise<Flag[]> {
  return must<Flag[]>(
    await serviceClient().from('flags').select('kind, detail').eq('sale_id', saleId).eq('kind', 'promotion'),
    'read flags',
  );
}

describe('[PROMO-22] the server works each sale’s promotions out again', () => {
  test('a sale the till worked out as the server does: both amounts stored, nothing flagged', async () => {
    const sale = saleWithDeals(3, [tenOff]);
    expect(await applyOps(shop.cashier.client, [op('sale.record', sale)])).toMatchObject([
      { status: 'applied' },
    ]);
    const expected = Math.round(coffee.price * 0.1) * 3;
    expect(await recorded(sale.id)).toEqual([
      { promotion_id: tenOff.id, till_amount: expected, server_amount: expected },
    ]);
    expect(await promotionFlags(sale.id)).toEqual([]);
  });

  test('a tampered discount: the sale is kept, flagged once with both answers side by side, a replay adds nothing', async () => {
    const sale = saleWithDeals(2, [tenOff], () => coffee.price * 2);
    const batch = [op('sale.record', sale)];
    expect(await applyOps(shop.cashier.client, batch)).toMatchObject([{ status: 'applied' }]);
    expect(await applyOps(shop.cashier.client, batch)).toMatchObject([{ status: 'duplicate' }]);
    const server = Math.round(coffee.price * 0.1) * 2;
    const flags = await promotionFlags(sale.id);
    expect(flags).toHaveLength(1);
    expect(flags[0]?.detail).toMatchObject({
      reason: 'differs',
      till: [{ promotion_id: tenOff.id, amount: coffee.price * 2 }],
      server: [{ promotion_id: tenOff.id, amount: server }],
    });
    const kept = must<{ total: number }>(
      await serviceClient().from('sales').select('total').eq('id', sale.id).single(),
      'the sale',
    );
    expect(kept.total).toBe(0);
  });

  test('a promotion that ended while the till was offline: the server gives nothing and says so', async () => {
    const ending = await savePromotion(shop, nth(shop.products, 1), 2000);
    const product = nth(shop.products, 1);
    // The till still had it; by the time the sale arrives the manager has ended it.
    must(
      await shop.manager.client.from('promotions').update({ status: 'ended' }).eq('id', ending.id),
      'end the promotion',
    );
    const args = saleArgs({ terminal: till, lines: [{ product, quantity: 1, discount: 40 }] });
    const sale = {
      ...args,
      lines: [{ ...nth(args.lines, 0), promotions: [{ promotion_id: ending.id, amount: 40 }] }],
      promotions: [{ promotion_id: ending.id, amount: 40, coupon_code: null }],
    };
    expect(await applyOps(shop.cashier.client, [op('sale.record', sale)])).toMatchObject([
      { status: 'applied' },
    ]);
    const [flag] = await promotionFlags(sale.id);
    expect(flag?.detail).toMatchObject({ reason: 'differs', till: [{ amount: 40 }], server: [] });
  });

  test("another shop's promotion named on a sale counts for nothing on the server, and is flagged", async () => {
    const args = saleArgs({
      terminal: till,
      lines: [{ product: nth(shop.products, 1), quantity: 1, discount: 10 }],
    });
    const sale = {
      ...args,
      lines: [{ ...nth(args.lines, 0), promotions: [{ promotion_id: theirs, amount: 10 }] }],
      promotions: [{ promotion_id: theirs, amount: 10, coupon_code: null }],
    };
    expect(await applyOps(shop.cashier.client, [op('sale.record', sale)])).toMatchObject([
      { status: 'applied' },
    ]);
    expect(await recorded(sale.id)).toEqual([{ promotion_id: theirs, till_amount: 10, server_amount: 0 }]);
    const reasons = (await promotionFlags(sale.id)).map((flag) => flag.detail.reason).sort();
    expect(reasons).toEqual(['differs', 'unknown_promotion']);
    // Nothing of it reaches the other shop.
    const leaked = must<unknown[]>(
      await serviceClient().from('flags').select('id').eq('company_id', other.companyId),
      'the other shop’s flags',
    );
    expect(leaked).toEqual([]);
  });

  test('a till that missed a promotion (it had not pulled it yet): the customer paid more, which is flagged too', async () => {
    const sale = saleWithDeals(1, []);
    expect(await applyOps(shop.cashier.client, [op('sale.record', sale)])).toMatchObject([
      { status: 'applied' },
    ]);
    const [flag] = await promotionFlags(sale.id);
    expect(flag?.detail).toMatchObject({
      reason: 'differs',
      till: [],
      server: [{ promotion_id: tenOff.id }],
    });
  });
});

describe('[PROMO-23] the re-check runs only where a promotion could apply', () => {
  test('a sale of a product no promotion names, in a shop with promotions: nothing stored, nothing flagged', async () => {
    const product = nth(shop.products, 1);
    const sale = saleArgs({ terminal: till, lines: [{ product, quantity: 2 }] });
    expect(await applyOps(shop.cashier.client, [op('sale.record', sale)])).toMatchObject([
      { status: 'applied' },
    ]);
    expect(await recorded(sale.id)).toEqual([]);
    expect(await promotionFlags(sale.id)).toEqual([]);
  });
});
