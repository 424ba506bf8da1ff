import { describe, expect, test } from 'vitest';
import { priceCart, type Cart, type CartLine } from './cart';
import { withCoupon, withoutCoupon, withPromotionRemoved, type PromotionSetting } from './cart-promotions';
import { fixedClock } from './clock';
import { amountOff, percentOff } from './discount';
import { pinnedIds } from './ids';
import { indexPromotions } from './promotions/promotion-index';
import type { Promotion } from './promotions/promotion-types';
import { category, items, promo } from './promotions/test-promotions';
import { buildSaleRecord, parseSaleRecord, type SaleContext } from './sale-record';
import { saleRecordSchema } from './sale-record-schema';
import { productSnapshot } from './snapshots';
import { croissant, espresso, eurInclusive } from './test-arbitraries';

const ids = pinnedIds();
const [water, croissantId, bakery, threeWaters, tenOffBakery, welcome, basket] = Array.from(
  { length: 7 },
  () => ids(),
) as [string, string, string, string, string, string, string];
const waters = promo(threeWaters, {
  kind: 'mix_match',
  items: items(water),
  quantity: 3,
  price: 500,
  repeat: true,
});
const bakeryDeal = promo(
  tenOffBakery,
  { kind: 'percent_off', items: category(bakery), rate: 1000 },
  { priority: 1 },
);
const welcomeDeal = promo(welcome, { kind: 'percent_off', items: null, rate: 1000 }, { couponOnly: true });
const basketDeal = promo(basket, { kind: 'amount_off', items: null, amount: 100 }, { combinable: true });

function setting(promotions: readonly Promotion[]): PromotionSetting {
  return {
    index: indexPromotions(promotions),
    names: new Map([
      [threeWaters, '3 waters for €5'],
      [tenOffBakery, 'Bakery 10 %'],
      [welcome, 'Welcome 10 %'],
      [basket, '€1 off'],
    ]),
    at: '2026-11-30T10:00:00.000Z',
    timeZone: 'Europe/Paris',
    storeId: 'store-1',
  };
}

const waterLine = (quantity: number, extra: Partial<CartLine> = {}): CartLine => ({
  ...espresso,
  productId: water,
  name: 'Sparkling water',
  unitPrice: 200,
  lineId: 'w',
  quantity,
  ...extra,
});
const croissantLine: CartLine = {
  ...croissant,
  productId: croissantId,
  categoryId: bakery,
  lineId: 'c',
  quantity: 1000,
};

describe('promotions in the priced cart (issue 36)', () => {
  test('[PROMO-T2] a promotion is part of its line discount, named, and the cart says what was saved', () => {
    const priced = priceCart(
      { lines: [waterLine(3000), croissantLine] },
      eurInclusive,
      setting([waters, bakeryDeal]),
    );
    expect(priced.lines.map((l) => [l.lineDiscount, l.promotionDiscount, l.amount])).toEqual([
      [100, 100, 500],
      [18, 18, 162],
    ]);
    expect(priced.lines[0]?.promotions).toEqual([
      { promotionId: threeWaters, name: '3 waters for €5', amount: 100 },
    ]);
    expect(priced.deals.saved).toBe(118);
    expect(priced.deals.applied.map((deal) => [deal.name, deal.amount])).toEqual([
      ['3 waters for €5', 100],
      ['Bakery 10 %', 18],
    ]);
    expect(priced.totals).toMatchObject({ subtotal: 780, lineDiscounts: 118, discounts: 118, total: 662 });
  });

  test('[PROMO-T2] without a setting nothing changes: no deals, the same totals', () => {
    const cart: Cart = { lines: [waterLine(3000)] };
    const priced = priceCart(cart, eurInclusive);
    expect(priced.deals).toMatchObject({ applied: [], saved: 0 });
    expect(priced.totals.total).toBe(600);
    expect(priced.lines[0]).toMatchObject({ promotionDiscount: 0, promotions: [] });
  });

  test('[PROMO-T2] a manual cart discount comes off what the promotions left, and replaces basket deals', () => {
    const cart: Cart = { lines: [waterLine(3000), croissantLine], discount: percentOff(1000) };
    const priced = priceCart(cart, eurInclusive, setting([waters, bakeryDeal, basketDeal]));
    // 780 − 118 promotions = 662; 10 % of it is 66; the €1 basket deal is not applied.
    expect(priced.totals).toMatchObject({ lineDiscounts: 118, cartDiscount: 66, total: 596 });
    expect(priced.deals.applied.map((deal) => deal.promotionId)).not.toContain(basket);
  });

  test('[PROMO-T2] a line with a manual discount takes no promotions ([PROMO-4])', () => {
    const cart: Cart = { lines: [waterLine(3000, { discount: amountOff(50) }), croissantLine] };
    const priced = priceCart(cart, eurInclusive, setting([waters, bakeryDeal]));
    expect(priced.lines.map((l) => [l.lineDiscount, l.promotionDiscount])).toEqual([
      [50, 0],
      [18, 18],
    ]);
  });

  test('[PROMO-T1] a line matches by the category and parent it was rung up with', () => {
    const variant = productSnapshot({
      id: 'prod-pain-choc',
      name: 'Pain au chocolat, large',
      sku: null,
      price: 300,
      tax_rate_bp: 1000,
      weighed: false,
      category_id: bakery,
      variant_of: 'prod-pain',
    });
    expect(variant).toMatchObject({ categoryId: bakery, parentId: 'prod-pain' });
    const byParent = promo('p-parent', { kind: 'amount_off', items: items('prod-pain'), amount: 50 });
    const priced = priceCart(
      { lines: [{ ...variant, lineId: 'v', quantity: 1000 }] },
      eurInclusive,
      setting([byParent]),
    );
    expect(priced.lines[0]?.promotionDiscount).toBe(50);
  });

  test('[PROMO-T3] a coupon-only promotion applies with its coupon on the cart, and goes with it', () => {
    const cart: Cart = { lines: [croissantLine] };
    const deals = setting([welcomeDeal]);
    expect(priceCart(cart, eurInclusive, deals).deals.saved).toBe(0);
    const withCode = withCoupon(cart, { code: 'WELCOME10', promotionId: welcome });
    const priced = priceCart(withCode, eurInclusive, deals);
    expect(priced.deals.saved).toBe(18);
    expect(priced.deals.coupons).toEqual([{ code: 'WELCOME10', promotionId: welcome, status: 'applied' }]);
    expect(priced.deals.applied[0]?.couponCode).toBe('WELCOME10');
    expect(withoutCoupon(withCode, 'WELCOME10')).toEqual(cart);
  });

  test('[PROMO-3] a promotion the cashier took off does not apply; put back, it does again', () => {
    const cart: Cart = { lines: [waterLine(3000)] };
    const deals = setting([waters]);
    const off = withPromotionRemoved(cart, threeWaters, true);
    expect(priceCart(off, eurInclusive, deals).deals.saved).toBe(0);
    const back = withPromotionRemoved(off, threeWaters, false);
    expect(back).toEqual(cart);
    expect(priceCart(back, eurInclusive, deals).deals.saved).toBe(100);
  });
});

describe('promotions in the sale.record argument (issue 36)', () => {
  const [saleId, terminalId] = Array.from({ length: 2 }, pinnedIds(7));
  const context: SaleContext = {
    saleId: saleId ?? '',
    terminalId: terminalId ?? '',
    shiftId: null,
    cashierId: null,
    receiptNo: 'T1-000043',
    occurredAt: fixedClock('2026-11-30T10:00:00Z')(),
    rules: eurInclusive,
  };

  test('[PROMO-T4] lines carry their promotions inside their discount; the sale its promotions, coupons and removals', () => {
    const cart: Cart = {
      lines: [waterLine(3000), croissantLine],
      coupons: [{ code: 'WELCOME10', promotionId: welcome }],
      removedPromotions: [tenOffBakery],
    };
    const priced = priceCart(cart, eurInclusive, setting([waters, bakeryDeal, welcomeDeal]));
    const built = buildSaleRecord(cart, [{ method: 'cash', amount: 100_000 }], context, pinnedIds(9), priced);
    if (!built.ok) throw new Error(built.error.message);
    const sale = built.value;
    expect(sale.lines.map((line) => [line.discount, line.promotions])).toEqual([
      [100, [{ promotion_id: threeWaters, amount: 100 }]],
      [18, [{ promotion_id: welcome, amount: 18 }]],
    ]);
    expect(sale.promotions).toEqual([
      { promotion_id: threeWaters, amount: 100, coupon_code: null },
      { promotion_id: welcome, amount: 18, coupon_code: 'WELCOME10' },
    ]);
    expect(sale.coupons).toEqual(['WELCOME10']);
    expect(sale.removed_promotions).toEqual([tenOffBakery]);
    expect(parseSaleRecord(JSON.parse(JSON.stringify(sale)), eurInclusive).ok).toBe(true);
  });

  test('[PROMO-T4] a sale without promotions has none of the new keys', () => {
    const built = buildSaleRecord(
      { lines: [croissantLine] },
      [{ method: 'card', amount: 180 }],
      context,
      pinnedIds(9),
    );
    if (!built.ok) throw new Error(built.error.message);
    expect(Object.keys(built.value)).not.toEqual(expect.arrayContaining(['promotions']));
    expect(built.value).not.toHaveProperty('coupons');
    expect(built.value).not.toHaveProperty('removed_promotions');
    expect(built.value.lines[0]).not.toHaveProperty('promotions');
  });

  test('[PROMO-T4] a line with a discount of its own says manual_discount, a cart discount manual_cart_discount: the server re-checks without them', () => {
    const cart: Cart = {
      lines: [waterLine(3000, { discount: amountOff(50) }), croissantLine],
      discount: percentOff(1000),
    };
    const priced = priceCart(cart, eurInclusive, setting([waters, bakeryDeal, basketDeal]));
    const built = buildSaleRecord(cart, [{ method: 'cash', amount: 100_000 }], context, pinnedIds(9), priced);
    if (!built.ok) throw new Error(built.error.message);
    const sale = built.value;
    expect(sale.lines.map((line) => line.manual_discount)).toEqual([true, undefined]);
    expect(sale.lines[1]).not.toHaveProperty('manual_discount');
    expect(sale.manual_cart_discount).toBe(true);
    expect(parseSaleRecord(JSON.parse(JSON.stringify(sale)), eurInclusive).ok).toBe(true);

    const plain = buildSaleRecord(
      { lines: [croissantLine] },
      [{ method: 'card', amount: 180 }],
      context,
      pinnedIds(9),
    );
    if (!plain.ok) throw new Error(plain.error.message);
    expect(plain.value).not.toHaveProperty('manual_cart_discount');
    expect(plain.value.lines[0]).not.toHaveProperty('manual_discount');
    expect(saleRecordSchema.safeParse({ ...sale, manual_cart_discount: 'yes' }).success).toBe(false);
    const [first] = sale.lines;
    expect(saleRecordSchema.safeParse({ ...sale, lines: [{ ...first, manual_discount: 1 }] }).success).toBe(
      false,
    );
  });

  test('[PROMO-T4] the schema refuses a line promotion of nothing, a lower-case code and a stray key', () => {
    const base = buildSaleRecord(
      { lines: [croissantLine] },
      [{ method: 'card', amount: 180 }],
      context,
      pinnedIds(9),
    );
    if (!base.ok) throw new Error(base.error.message);
    const sale = base.value;
    const line = sale.lines[0];
    const withLine = (promotions: unknown) => ({ ...sale, lines: [{ ...line, promotions }] });
    expect(saleRecordSchema.safeParse(withLine([{ promotion_id: welcome, amount: 0 }])).success).toBe(false);
    expect(saleRecordSchema.safeParse(withLine([{ promotion_id: welcome, amount: 1 }])).success).toBe(true);
    expect(saleRecordSchema.safeParse({ ...sale, coupons: ['welcome10'] }).success).toBe(false);
    expect(saleRecordSchema.safeParse({ ...sale, coupons: ['WELCOME10'] }).success).toBe(true);
    expect(
      saleRecordSchema.safeParse({
        ...sale,
        promotions: [{ promotion_id: welcome, amount: 5, coupon: null }],
      }).success,
    ).toBe(false);
    expect(saleRecordSchema.safeParse({ ...sale, removed_promotions: ['not-a-uuid'] }).success).toBe(false);
  });
});
