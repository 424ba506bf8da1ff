import { describe, expect, test } from 'vitest';
import { priceCart, type Cart } from './cart';
import type { PromotionSetting } from './cart-promotions';
import { tryCoupon, type CouponBook, type CouponRow } from './coupon-check';
import { indexPromotions } from './promotions/promotion-index';
import { promotionOfRow } from './promotions/promotion-row';
import { promo } from './promotions/test-promotions';
import { croissant, eurInclusive } from './test-arbitraries';

const AT = '2026-11-30T10:00:00.000Z';
const welcome = promo('p-welcome', { kind: 'percent_off', items: null, rate: 1000 }, { couponOnly: true });
const members = promo(
  'p-members',
  { kind: 'percent_off', items: null, rate: 500 },
  { couponOnly: true, customersOnly: true },
);
const later = promo(
  'p-later',
  { kind: 'percent_off', items: null, rate: 500 },
  { couponOnly: true, startsAt: '2027-01-01T00:00:00Z' },
);
const bigSpend = promo(
  'p-big',
  { kind: 'basket_threshold', minSpend: 10_000, off: { kind: 'amount', amount: 500 } },
  { couponOnly: true },
);
const promotions = [welcome, members, later, bigSpend];
const setting: PromotionSetting = {
  index: indexPromotions(promotions),
  names: new Map(),
  at: AT,
  timeZone: 'Europe/Paris',
  storeId: 'store-1',
};

function coupon(code: string, promotionId: string, extra: Partial<CouponRow> = {}): CouponRow {
  return {
    code,
    promotion_id: promotionId,
    max_uses: null,
    uses: 0,
    expires_at: null,
    active: true,
    ...extra,
  };
}
const rows = [
  coupon('WELCOME10', 'p-welcome'),
  coupon('ONCE-1', 'p-welcome', { max_uses: 1 }),
  coupon('OLD', 'p-welcome', { expires_at: '2026-11-01T00:00:00Z' }),
  coupon('OFF', 'p-welcome', { active: false }),
  coupon('PAUSED', 'p-paused'),
  coupon('MEMBERS', 'p-members'),
  coupon('LATER', 'p-later'),
  coupon('BIG', 'p-big'),
  coupon('GONE', 'p-welcome', { deleted_at: '2026-11-02T00:00:00Z' }),
];
const book: CouponBook = {
  byCode: new Map(rows.map((row) => [row.code, row])),
  isLive: (id) => promotions.some((p) => p.id === id),
};
const cart: Cart = { lines: [{ ...croissant, lineId: 'c', quantity: 1000 }] };
const price = (c: Cart) => priceCart(c, eurInclusive, setting).deals;
const attempt = (code: string, onCart = cart, pending = 0) =>
  tryCoupon(code, onCart, book, { at: AT, pendingUses: () => pending }, price);
const refusal = (code: string, onCart = cart, pending = 0) => {
  const answer = attempt(code, onCart, pending);
  return answer.ok ? 'applied' : answer.refusal;
};

describe('a coupon at the counter (issue 36)', () => {
  test('[PROMO-T6] a good code, typed in lower case with spaces, goes on the cart and saves', () => {
    const answer = attempt('  welcome10 ');
    expect(answer).toMatchObject({ ok: true, coupon: { code: 'WELCOME10', promotionId: 'p-welcome' } });
    if (answer.ok) expect(price(answer.cart).saved).toBe(18);
  });

  test('[PROMO-T6] each refusal says which: unknown, entered, off, expired, used up, promotion off', () => {
    expect(refusal('NOPE')).toBe('unknown');
    expect(refusal('GONE')).toBe('unknown');
    expect(
      refusal('WELCOME10', { ...cart, coupons: [{ code: 'WELCOME10', promotionId: 'p-welcome' }] }),
    ).toBe('already_entered');
    expect(refusal('OFF')).toBe('switched_off');
    expect(refusal('OLD')).toBe('expired');
    expect(refusal('PAUSED')).toBe('promotion_off');
  });

  test('[PROMO-T6] a single-use coupon counts the uses this till has not sent yet', () => {
    expect(refusal('ONCE-1')).toBe('applied');
    expect(refusal('ONCE-1', cart, 1)).toBe('used_up');
  });

  test('[PROMO-T6] the engine decides whether it applies to this cart, in its own words', () => {
    expect(refusal('MEMBERS')).toBe('customer_required');
    expect(refusal('MEMBERS', { ...cart, customerId: 'cu-1' })).toBe('applied');
    expect(refusal('LATER')).toBe('not_active');
    expect(refusal('BIG')).toBe('no_saving');
  });

  test('[PROMO-T6] a refusal leaves the cart as it was', () => {
    const before = structuredClone(cart);
    attempt('BIG');
    expect(cart).toEqual(before);
  });
});

describe('the till copy of a promotion (issue 36)', () => {
  const stored = {
    id: 'p-1',
    company_id: 'co',
    name: 'Three waters',
    status: 'active',
    priority: 10,
    combinable: false,
    starts_at: null,
    ends_at: '2027-01-01T00:00:00+00:00',
    slots: [{ days: [1, 2], from: 960, to: 1080 }],
    store_ids: [],
    customers_only: false,
    coupon_only: false,
    rule: {
      kind: 'mix_match',
      items: { product_ids: ['w'], category_ids: [] },
      quantity: 3,
      price: 500,
      repeat: true,
    },
    deleted_at: null,
  };

  test('[PROMO-T5] an active row becomes the engine promotion, snake_case to camelCase', () => {
    expect(promotionOfRow(stored)).toEqual({
      id: 'p-1',
      priority: 10,
      combinable: false,
      startsAt: null,
      endsAt: '2027-01-01T00:00:00+00:00',
      slots: [{ days: [1, 2], from: 960, to: 1080 }],
      storeIds: [],
      customersOnly: false,
      couponOnly: false,
      rule: {
        kind: 'mix_match',
        items: { productIds: ['w'], categoryIds: [] },
        quantity: 3,
        price: 500,
        repeat: true,
      },
    });
    const bogo = promotionOfRow({
      ...stored,
      rule: {
        kind: 'buy_x_get_y',
        buy: { product_ids: ['a'], category_ids: [] },
        buy_quantity: 1,
        get: null,
        get_quantity: 1,
        get_rate: 10000,
        repeat: true,
      },
    });
    expect(bogo?.rule).toEqual({
      kind: 'buy_x_get_y',
      buy: { productIds: ['a'], categoryIds: [] },
      buyQuantity: 1,
      get: null,
      getQuantity: 1,
      getRate: 10000,
      repeat: true,
    });
    expect(
      promotionOfRow({
        ...stored,
        rule: { kind: 'basket_threshold', min_spend: 5000, off: { kind: 'percent', rate: 1000 } },
      })?.rule,
    ).toEqual({ kind: 'basket_threshold', minSpend: 5000, off: { kind: 'percent', rate: 1000 } });
  });

  test('[PROMO-T5] paused, ended, draft and deleted rows, and rows that do not read, are left out', () => {
    for (const status of ['paused', 'ended', 'draft'])
      expect(promotionOfRow({ ...stored, status })).toBeNull();
    expect(promotionOfRow({ ...stored, deleted_at: '2026-11-01T00:00:00Z' })).toBeNull();
    expect(promotionOfRow({ ...stored, rule: { kind: 'two_for_tuesday' } })).toBeNull();
    expect(promotionOfRow({ ...stored, rule: { kind: 'mix_match', items: null, quantity: 3 } })).toBeNull();
    expect(promotionOfRow({ ...stored, slots: 'evenings' })).toBeNull();
    expect(promotionOfRow(null)).toBeNull();
  });
});
