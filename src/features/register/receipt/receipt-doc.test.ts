import { describe, expect, test } from 'vitest';
import type { LedgerSale, LedgerSaleLine } from '../../../data/local/ledger-types';
import type { SaleForReceipt } from '../../../data/local/sale-history';
import { receiptDocOf } from './receipt-doc';

const SALE: LedgerSale = {
  id: 's1',
  company_id: 'c1',
  terminal_id: 't1',
  store_id: 'st1',
  kind: 'sale',
  refund_of: null,
  receipt_no: 'T1-000042',
  shift_id: null,
  cashier_id: 'u1',
  customer_id: null,
  occurred_at: '2026-11-21T09:15:00.000Z',
  subtotal: 740,
  discount_total: 64,
  tax_total: 101,
  rounding: -1,
  total: 675,
  note: 'Gift',
  op_id: 'op1',
  sync: 'pending',
  error: null,
};

function line(id: string, fields: Partial<LedgerSaleLine>): LedgerSaleLine {
  return {
    id,
    sale_id: 's1',
    line_no: 1,
    product_id: null,
    refund_of_line_id: null,
    sku: null,
    name: 'Croissant',
    quantity: 2000,
    unit_price: 250,
    discount: 0,
    tax_rate_bp: 2000,
    tax: 0,
    total: 0,
    ...fields,
  };
}

const RECORD: SaleForReceipt = {
  sale: SALE,
  lines: [
    line('l1', { quantity: 2000, unit_price: 250, discount: 50, tax: 75, total: 450 }),
    line('l2', {
      name: 'Book',
      quantity: 1000,
      unit_price: 240,
      discount: 14,
      tax_rate_bp: 700,
      tax: 15,
      total: 226,
    }),
  ],
  payments: [
    { id: 'p1', sale_id: 's1', method: 'card', amount: 300, tendered: null, change: null, reference: 'A1' },
    { id: 'p2', sale_id: 's1', method: 'cash', amount: 375, tendered: 500, change: 125, reference: null },
  ],
  shopName: 'Corner Bakery',
  shopTexts: {
    header: 'Fresh every morning',
    address: '1 High Street',
    taxNumber: 'DE123',
    footer: 'Thank you!',
  },
  storeName: 'High Street',
  cashierName: 'Casey',
  customerName: 'Ada',
  refundOfReceiptNo: null,
};

describe('receipt document', () => {
  test('[TAX-2] tax per rate from the lines; tenders with reference, cash tendered and change', () => {
    const doc = receiptDocOf(RECORD, { name: 'Front counter', code: 'T1' });
    expect(doc).toMatchObject({
      receiptNo: 'T1-000042',
      terminal: 'Front counter (T1)',
      shopName: 'Corner Bakery',
      shopTexts: {
        header: 'Fresh every morning',
        address: '1 High Street',
        taxNumber: 'DE123',
        footer: 'Thank you!',
      },
      cashierName: 'Casey',
      customerName: 'Ada',
      subtotal: 740,
      discounts: 64,
      cartDiscount: null,
      rounding: -1,
      total: 675,
      change: 125,
      sync: 'pending',
      note: 'Gift',
    });
    expect(doc.taxRows).toEqual([
      { rate: 700, net: 211, tax: 15, gross: 226 },
      { rate: 2000, net: 375, tax: 75, gross: 450 },
    ]);
    expect(doc.payments).toEqual([
      { label: 'Card (A1)', amount: 300 },
      { label: 'Cash', amount: 500 },
    ]);
    expect(doc.lines.map((each) => each.discount)).toEqual([50, 14]);
  });

  test('a sale just made splits line and cart discounts; a mismatched split is ignored', () => {
    const split = { lineDiscounts: [25, 0], cartDiscount: 39 };
    const doc = receiptDocOf(RECORD, { name: 'Front counter', code: 'T1' }, split);
    expect(doc.lines.map((each) => each.discount)).toEqual([25, 0]);
    expect(doc.cartDiscount).toBe(39);
    const wrong = receiptDocOf(
      RECORD,
      { name: 'Front counter', code: 'T1' },
      { lineDiscounts: [1], cartDiscount: 2 },
    );
    expect(wrong.cartDiscount).toBeNull();
  });

  test('a refund: subtotal from unit prices, the original receipt, the server reason when refused', () => {
    const doc = receiptDocOf(
      {
        ...RECORD,
        sale: {
          ...SALE,
          kind: 'refund',
          refund_of: 's0',
          subtotal: null,
          discount_total: null,
          rounding: 0,
          total: 225,
          sync: 'attention',
          error: { code: 'more_than_refundable', message: 'Already refunded' },
        },
        lines: [line('r1', { quantity: 1000, discount: 0, tax: 38, total: 225, refund_of_line_id: 'l1' })],
        payments: [
          {
            id: 'p3',
            sale_id: 's1',
            method: 'card',
            amount: 225,
            tendered: null,
            change: null,
            reference: null,
          },
        ],
        refundOfReceiptNo: 'T1-000041',
      },
      { name: 'Front counter', code: 'T1' },
    );
    expect(doc).toMatchObject({
      kind: 'refund',
      refundOfReceiptNo: 'T1-000041',
      subtotal: 250,
      discounts: 0,
      total: 225,
      change: 0,
      sync: 'attention',
      problem: 'Already refunded',
    });
  });

  test('[WORDS-2] a reader payment reads as its card, never as its PaymentIntent id', () => {
    const card = (fields: Partial<SaleForReceipt['payments'][number]>) => ({
      id: 'p1',
      sale_id: 's1',
      method: 'card' as const,
      amount: 675,
      tendered: null,
      change: null,
      reference: 'pi_3DvCbQ2eZvKYlo2C1abcdefgh',
      ...fields,
    });
    const labels = [
      card({}),
      card({ card_brand: 'visa', card_last4: '4242' }),
      card({ card_brand: 'mastercard', card_last4: null }),
      card({ reference: 'EXT-1' }),
    ].map(
      (payment) =>
        receiptDocOf({ ...RECORD, payments: [payment] }, { name: 'Front counter', code: 'T1' }).payments[0]
          ?.label,
    );
    expect(labels).toEqual(['Card', 'Visa •••• 4242', 'Mastercard', 'Card (EXT-1)']);
  });

  test('[WORDS-6] a line of a product sold by measure carries its unit; pieces carry none', () => {
    const weighed = line('l3', {
      product_id: 'p-ban',
      name: 'Bananas',
      quantity: 1181,
      unit_price: 199,
      total: 235,
    });
    const doc = receiptDocOf(
      { ...RECORD, lines: [...RECORD.lines, weighed], units: { 'p-ban': 'kg' } },
      { name: 'Front counter', code: 'T1' },
    );
    expect(doc.lines.map((each) => each.unit)).toEqual([undefined, undefined, 'kg']);
  });

  test('[PROMO-13] the promotions its lines got, named, biggest first; each line keeps its own part apart', () => {
    const [first, second] = RECORD.lines;
    if (!first || !second) throw new Error('two lines');
    const record: SaleForReceipt = {
      ...RECORD,
      lines: [
        {
          ...first,
          promotions: [
            { promotion_id: 'bogo', amount: 40 },
            { promotion_id: 'welcome', amount: 4 },
          ],
        },
        // A promotion this device no longer knows: no name, so it stays among the other discounts.
        {
          ...second,
          promotions: [
            { promotion_id: 'welcome', amount: 2 },
            { promotion_id: 'gone', amount: 5 },
          ],
        },
      ],
      promotionNames: { bogo: 'Two croissants for one', welcome: 'Welcome: 10 % off' },
    };
    const doc = receiptDocOf(record, { name: 'Front till', code: 'T1' });
    expect(doc.promotions).toEqual([
      { name: 'Two croissants for one', amount: 40 },
      { name: 'Welcome: 10 % off', amount: 6 },
    ]);
    expect(doc.lines.map((l) => l.promotionDiscount)).toEqual([44, 2]);
    expect(receiptDocOf(RECORD, { name: 'Front till', code: 'T1' }).promotions).toEqual([]);
  });

  test('[VAL-35] [VAL-T32] value tenders read from the ledger sale: last four, balance after, points; a sold card’s code', () => {
    const value = (fields: Partial<SaleForReceipt['payments'][number]>) => ({
      id: 'p1',
      sale_id: 's1',
      method: 'gift_card' as const,
      amount: 500,
      tendered: null,
      change: null,
      reference: null,
      ...fields,
    });
    const doc = receiptDocOf(
      {
        ...RECORD,
        sale: { ...SALE, customer_id: 'cu1', loyalty: { earned: 6, balance_after: 356 } },
        lines: [
          line('g1', {
            name: 'Gift card',
            gift_card: { account_id: 'a1', code: 'ABCD-EFGH-JKLM-NPQ2', code_last4: 'NPQ2' },
          }),
          line('g2', { name: 'Gift card', gift_card: { account_id: 'a2', code: null, code_last4: 'WXYZ' } }),
        ],
        payments: [
          value({ account_id: 'a9', code_last4: '0001', balance_after: 2000 }),
          value({ method: 'store_credit', account_id: 'sc', balance_after: 0 }),
          value({ method: 'loyalty', points: 100, balance_after: 250 }),
          value({ method: 'on_account', balance_after: -4500 }),
          value({ method: 'gift_card', code_last4: '0002' }),
          value({ method: 'cash', balance_after: 99 }),
        ],
      },
      { name: 'Front counter', code: 'T1' },
    );
    expect(doc.payments).toEqual([
      { label: 'Gift card ••••0001', amount: 500, left: { amount: 2000, unit: 'money' } },
      { label: 'Store credit', amount: 500, left: { amount: 0, unit: 'money' } },
      { label: 'Points', amount: 500, left: { amount: 250, unit: 'points' } },
      { label: 'On account', amount: 500, left: { amount: -4500, unit: 'account' } },
      // A balance the till did not know is not printed; cash never has one.
      { label: 'Gift card ••••0002', amount: 500 },
      { label: 'Cash', amount: 500 },
    ]);
    expect(doc.lines.map((each) => each.giftCard)).toEqual([
      { code: 'ABCD-EFGH-JKLM-NPQ2', last4: 'NPQ2' },
      { code: null, last4: 'WXYZ' },
    ]);
    expect(doc.loyalty).toEqual({ earned: 6, balanceAfter: 356 });
    expect(receiptDocOf(RECORD, { name: 'Front counter', code: 'T1' }).loyalty).toBeNull();
  });
});
