import { describe, expect, test } from 'vitest';
import type { SoldLine } from '../../../domain/refund';
import { planLines, planRefund } from './refund-plan';
import type { RefundableSale } from '../history/sale-history-deps';

function sold(lineId: string, fields: Partial<SoldLine>): SoldLine {
  return {
    lineId,
    name: 'Croissant',
    unitPrice: 250,
    taxRate: 2000,
    weighed: false,
    quantity: 3000,
    discount: 0,
    tax: 125,
    total: 750,
    ...fields,
  };
}

const REFUNDABLE: RefundableSale = {
  sale: {
    id: 's1',
    company_id: 'c1',
    terminal_id: 't1',
    store_id: 'st1',
    kind: 'sale',
    refund_of: null,
    receipt_no: 'T1-000001',
    shift_id: null,
    cashier_id: null,
    customer_id: null,
    occurred_at: '2026-11-21T09:15:00.000Z',
    subtotal: 948,
    discount_total: 0,
    tax_total: 158,
    rounding: 0,
    total: 948,
    note: null,
    op_id: 'op1',
    sync: 'synced',
    error: null,
  },
  soldLines: [
    sold('l1', {}),
    sold('l2', { name: 'Bananas', unitPrice: 199, weighed: true, quantity: 1000, tax: 33, total: 199 }),
  ],
  alreadyRefunded: [{ originalLineId: 'l1', quantity: 1000 }],
  defaultMethod: 'card',
  cardIntents: [],
  refundId: 'r1',
};

const CARD = { taxMode: 'inclusive', cashRounding: 5, method: 'card' } as const;

describe('refund plan', () => {
  test('[REFUND-2] what is left per line counts earlier refunds', () => {
    expect(planLines(REFUNDABLE).map(({ line, left }) => [line.name, left])).toEqual([
      ['Croissant', 2000],
      ['Bananas', 1000],
    ]);
  });

  test('blank quantities are nothing to refund; typed ones are read and priced from the sale', () => {
    expect(planRefund(REFUNDABLE, new Map(), CARD)).toEqual({ kind: 'empty' });
    expect(planRefund(REFUNDABLE, new Map([['l1', ' ']]), CARD)).toEqual({ kind: 'empty' });
    expect(
      planRefund(
        REFUNDABLE,
        new Map([
          ['l1', '2'],
          ['l2', '0,5'],
        ]),
        CARD,
      ),
    ).toMatchObject({
      kind: 'ready',
      quantities: [
        { originalLineId: 'l1', quantity: 2000 },
        { originalLineId: 'l2', quantity: 500 },
      ],
      total: 600,
      due: 600,
      rounding: 0,
    });
  });

  test('[REFUND-2] more than is left, or a fraction of a piece, is refused in plain words', () => {
    expect(planRefund(REFUNDABLE, new Map([['l1', '3']]), CARD)).toEqual({
      kind: 'invalid',
      message: 'Only 2 of Croissant can still be refunded.',
    });
    expect(planRefund(REFUNDABLE, new Map([['l1', '1.5']]), CARD)).toMatchObject({ kind: 'invalid' });
    expect(planRefund(REFUNDABLE, new Map([['l1', 'two']]), CARD)).toMatchObject({ kind: 'invalid' });
  });

  test('[REFUND-5] paid back in cash, the refund rounds to the cash step', () => {
    const plan = planRefund(REFUNDABLE, new Map([['l2', '0.333']]), { ...CARD, method: 'cash' });
    expect(plan).toMatchObject({ kind: 'ready', total: 66, due: 65, rounding: -1 });
  });
});
