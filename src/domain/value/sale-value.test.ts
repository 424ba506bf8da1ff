// A sale that sells a gift card and spends customer value, as the till builds it ([VAL-11], [VAL-12], [VAL-13]):
// the card's line is money (no discount reaches it, untaxed, no product), value tenders carry what the server
// checks, and the op's schema refuses what the server would.
import { describe, expect, test } from 'vitest';
import { priceCart, type Cart } from '../cart';
import { fixedClock } from '../clock';
import { percentOff } from '../discount';
import { pinnedIds } from '../ids';
import { buildSaleRecord, type SaleContext } from '../sale-record';
import { saleRecordSchema, type SaleRecordArgs } from '../sale-record-schema';
import type { Tender } from '../tender';
import { croissant, eurInclusive } from '../test-arbitraries';
import { DEFAULT_LOYALTY } from './loyalty';

const CUSTOMER = 'd4700000-0000-4000-8000-000000000001';
const CARD = '01900000-0000-7000-8000-0000000000c1';
const context: SaleContext = {
  saleId: '01900000-0000-7000-8000-000000000001',
  terminalId: '01900000-0000-7000-8000-000000000002',
  shiftId: null,
  cashierId: null,
  receiptNo: 'T1-000042',
  occurredAt: fixedClock('2026-11-21T09:30:00Z')(),
  rules: { ...eurInclusive, cashRounding: 1 },
  loyalty: { ...DEFAULT_LOYALTY, enabled: true },
};
const cart: Cart = {
  customerId: CUSTOMER,
  discount: percentOff(1000),
  lines: [
    { ...croissant, productId: '01900000-0000-7000-8000-00000000000a', lineId: 'a', quantity: 4000 },
    {
      productId: 'gift-card',
      name: 'Gift card',
      sku: null,
      unitPrice: 2500,
      taxRate: 0,
      weighed: false,
      lineId: 'g',
      quantity: 1000,
      giftCard: { accountId: CARD, code: 'ABCD-EFGH-JKLM-NPQ2', last4: 'NPQ2' },
    },
  ],
};

function built(tenders: Tender[]): SaleRecordArgs {
  const result = buildSaleRecord(cart, tenders, context, pinnedIds(Date.UTC(2026, 10, 21)));
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('selling and spending customer value', () => {
  test('[VAL-11] a gift card line takes no share of the cart discount and is sent without a product, untaxed', () => {
    const priced = priceCart(cart, context.rules);
    const [goods, card] = priced.lines;
    expect(goods?.cartDiscount).toBeGreaterThan(0);
    expect(card).toMatchObject({ cartDiscount: 0, lineDiscount: 0, gross: 2500, tax: 0 });
    const total = priced.totals.total;
    const sale = built([{ method: 'card', amount: total }]);
    expect(sale.lines[1]).toMatchObject({
      product_id: null,
      discount: 0,
      tax: 0,
      total: 2500,
      gift_card: { account_id: CARD, code: 'ABCD-EFGH-JKLM-NPQ2' },
    });
  });

  test('[VAL-12] value tenders carry their card, points, balance seen and offline; [VAL-13] the points earned', () => {
    const total = priceCart(cart, context.rules).totals.total;
    const sale = built([
      {
        method: 'gift_card',
        amount: 300,
        value: { accountId: CARD, code: 'X', balanceSeen: 2500, offline: true },
      },
      {
        method: 'loyalty',
        amount: 100,
        value: { accountId: 'ignored', points: 100, balanceSeen: 350, offline: false },
      },
      {
        method: 'store_credit',
        amount: 200,
        value: { accountId: 'ignored', balanceSeen: 1000, offline: true },
      },
      { method: 'card', amount: total - 600 },
    ]);
    expect(sale.payments?.slice(0, 3)).toMatchObject([
      { method: 'gift_card', account_id: CARD, code: 'X', balance_seen: 2500, offline: true },
      { method: 'loyalty', points: 100, balance_seen: 350, offline: false },
      { method: 'store_credit', balance_seen: 1000, offline: true },
    ]);
    expect(sale.payments?.[1]).not.toHaveProperty('account_id');
    expect(sale.payments?.[2]).not.toHaveProperty('account_id');
    // Earned on the goods only (not the gift card), less the points spent: floor((goods − 1.00) × 1).
    const goods = total - 2500;
    expect(sale.loyalty).toEqual({ earned: Math.floor((goods - 100) / 100) });
    expect(saleRecordSchema.safeParse(sale).success).toBe(true);
  });

  test('[VAL-12] the schema refuses a value tender the server would: no card, points astray, no customer', () => {
    const total = priceCart(cart, context.rules).totals.total;
    const sale = built([{ method: 'card', amount: total }]);
    const paying = (payment: Record<string, unknown>, customer: string | null = CUSTOMER) =>
      saleRecordSchema.safeParse({
        ...sale,
        customer_id: customer,
        payments: [{ id: '01900000-0000-7000-8000-0000000000f1', amount: total, ...payment }],
      }).success;
    expect(paying({ method: 'gift_card', account_id: CARD, code: 'ABCDEFGH' })).toBe(true);
    expect(paying({ method: 'gift_card' })).toBe(false);
    expect(paying({ method: 'store_credit', account_id: CARD })).toBe(false);
    expect(paying({ method: 'loyalty' })).toBe(false);
    expect(paying({ method: 'loyalty', points: 10 })).toBe(true);
    expect(paying({ method: 'card', points: 10 })).toBe(false);
    expect(paying({ method: 'cash', balance_seen: 10 })).toBe(false);
    expect(paying({ method: 'on_account', balance_seen: -500, offline: true })).toBe(true);
    expect(paying({ method: 'on_account' }, null)).toBe(false);
  });
});
