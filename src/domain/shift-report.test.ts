import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { priceCart } from './cart';
import { sum } from './money';
import { shiftReport, type RecordedSaleSummary } from './shift-report';
import { refundDue } from './sale-refund';
import { settle, type Tender } from './tender';
import { cartArb, rulesArb } from './test-arbitraries';

const taxRow = (gross: number) => ({
  rate: 2000,
  net: gross - Math.round(gross / 6),
  tax: Math.round(gross / 6),
  gross,
});

const cashSale: RecordedSaleSummary = {
  kind: 'sale',
  total: 730,
  rounding: 0,
  discounts: 50,
  taxSummary: [taxRow(730)],
  payments: [{ method: 'cash', amount: 730, tendered: 1000, change: 270 }],
  synced: true,
};
const cardSale: RecordedSaleSummary = {
  ...cashSale,
  total: 1200,
  discounts: 0,
  taxSummary: [taxRow(1200)],
  payments: [{ method: 'card', amount: 1200, reference: 'A7', change: 0 }],
  synced: false,
};
const cashRefund: RecordedSaleSummary = {
  ...cashSale,
  kind: 'refund',
  total: 250,
  discounts: 0,
  taxSummary: [taxRow(250)],
  payments: [{ method: 'cash', amount: 250, change: 0 }],
};

describe('X and Z reports', () => {
  test('[CASHUP-3] a Z report sums sales, refunds, tenders, tax, discounts and cash', () => {
    const report = shiftReport({
      kind: 'Z',
      openingFloat: 10000,
      sales: [cashSale, cardSale, cashRefund],
      movements: [
        { kind: 'pay_out', amount: 1500 },
        { kind: 'pay_in', amount: 2000 },
      ],
      counted: 10800,
      allowedDifference: 100,
    });
    expect(report).toMatchObject({
      salesCount: 2,
      refundsCount: 1,
      sales: 1930,
      refunds: 250,
      net: 1680,
      discounts: 50,
    });
    expect(report.tenders).toEqual([
      { method: 'cash', sales: 730, refunds: 250, net: 480 },
      { method: 'card', sales: 1200, refunds: 0, net: 1200 },
    ]);
    expect(report.taxByRate).toEqual([{ rate: 2000, net: 1400, tax: 280, gross: 1680 }]);
    expect(report.cash).toMatchObject({
      cashTendered: 1000,
      changeGiven: 270,
      cashRefunds: 250,
      expected: 10980,
      counted: 10800,
    });
    expect(report.cash.difference).toEqual({ difference: -180, status: 'short', needsApproval: true });
    expect(report.unsynced).toEqual({ sales: 1, refunds: 0 });
  });

  test('[CASHUP-3] an X report needs no count; a Z report does', () => {
    const input = { openingFloat: 0, sales: [], movements: [], allowedDifference: 0 };
    expect(shiftReport({ ...input, kind: 'X' }).cash).toEqual({
      openingFloat: 0,
      cashTendered: 0,
      changeGiven: 0,
      cashRefunds: 0,
      payIns: 0,
      payOuts: 0,
      accountPayments: 0,
      expected: 0,
    });
    expect(() => shiftReport({ ...input, kind: 'Z' })).toThrow(/counted cash/);
  });

  test('[VAL-34] [VAL-T33] gift card, store credit, points and on account are tenders of their own, none of them cash', () => {
    const valueSale: RecordedSaleSummary = {
      ...cardSale,
      total: 5000,
      taxSummary: [taxRow(5000)],
      payments: [
        { method: 'gift_card', amount: 2000, change: 0 },
        { method: 'store_credit', amount: 1000, change: 0 },
        { method: 'loyalty', amount: 500, change: 0 },
        { method: 'on_account', amount: 1000, change: 0 },
        { method: 'cash', amount: 500, tendered: 500, change: 0 },
      ],
    };
    const toCredit: RecordedSaleSummary = {
      ...cashRefund,
      payments: [{ method: 'store_credit', amount: 250, change: 0 }],
    };
    const report = shiftReport({
      kind: 'X',
      openingFloat: 10000,
      sales: [valueSale, toCredit],
      movements: [],
      accountPayments: [
        { method: 'cash', amount: 4500 },
        { method: 'card', amount: 1000 },
      ],
      allowedDifference: 0,
    });
    expect(report.tenders).toEqual([
      { method: 'cash', sales: 500, refunds: 0, net: 500 },
      { method: 'gift_card', sales: 2000, refunds: 0, net: 2000 },
      { method: 'store_credit', sales: 1000, refunds: 250, net: 750 },
      { method: 'on_account', sales: 1000, refunds: 0, net: 1000 },
      { method: 'loyalty', sales: 500, refunds: 0, net: 500 },
    ]);
    // The drawer holds the float, the sale's cash and the cash paid on account; no value tender is cash.
    expect(report.cash.expected).toBe(10000 + 500 + 4500);
    expect(report.accountPayments).toEqual({
      count: 2,
      total: 5500,
      byMethod: [
        { method: 'cash', amount: 4500 },
        { method: 'card', amount: 1000 },
      ],
    });
    // Account payments are not takings.
    expect(report.net).toBe(5000 - 250);
  });

  test('[CASHUP-4] for any shift, tenders net to the takings and expected cash follows the cash payments', () => {
    const tenderArb = fc.record({
      method: fc.constantFrom<Tender['method']>('cash', 'card'),
      amount: fc.integer({ min: 1, max: 50_000 }),
    });
    const saleArb = fc.record({
      cart: cartArb,
      rules: rulesArb,
      tenders: fc.array(tenderArb, { maxLength: 3 }),
      refund: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(saleArb, { maxLength: 8 }),
        fc.integer({ min: 0, max: 50_000 }),
        (drafts, float) => {
          const recorded: RecordedSaleSummary[] = drafts.flatMap<RecordedSaleSummary>(
            ({ cart, rules, tenders, refund }) => {
              const priced = priceCart(cart, rules);
              const summary = {
                discounts: priced.totals.discounts,
                taxSummary: priced.taxSummary,
                synced: true,
              };
              if (refund) {
                // A refund pays back exactly, in cash.
                const { due, rounding } = refundDue(priced.totals.total, 'cash', rules.cashRounding);
                const payments = due > 0 ? [{ method: 'cash' as const, amount: due, change: 0 }] : [];
                return [{ ...summary, kind: 'refund' as const, total: due, rounding, payments }];
              }
              const paidWith = [...tenders, { method: 'cash' as const, amount: 100_000_000 }];
              const result = settle(priced.totals.total, paidWith, rules.cashRounding);
              if (!result.ok) return [];
              const { due, rounding, payments } = result.value;
              return [{ ...summary, kind: 'sale' as const, total: due, rounding, payments }];
            },
          );
          const report = shiftReport({
            kind: 'X',
            openingFloat: float,
            sales: recorded,
            movements: [],
            allowedDifference: 0,
          });
          expect(sum(report.tenders.map((row) => row.net))).toBe(report.net);
          expect(sum(report.taxByRate.map((row) => row.gross))).toBe(report.net - report.rounding);
          const cashNet = report.tenders.find((row) => row.method === 'cash')?.net ?? 0;
          expect(report.cash.expected).toBe(float + cashNet);
        },
      ),
    );
  });
});
