import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { priceCart } from './cart';
import { fixedClock } from './clock';
import { pinnedIds } from './ids';
import { buildSaleRecord } from './sale-record';
import { reportEntry } from './shift-report-entry';
import { cartArb, rulesArb } from './test-arbitraries';

const context = {
  saleId: '019b76da-a800-7000-8000-040000000001',
  terminalId: '019b76da-a800-7000-8000-040000000002',
  shiftId: null,
  cashierId: null,
  receiptNo: 'T1-000001',
  occurredAt: fixedClock('2026-11-21T09:30:00Z')(),
};

describe('report entries', () => {
  test('[CASHUP-5] a row-shaped refund becomes a report entry with tax per rate and its payments', () => {
    const entry = reportEntry(
      { kind: 'refund', total: 225, rounding: null, discount_total: 25 },
      [{ tax_rate_bp: 2000, tax: 38, total: 225 }],
      [{ method: 'cash', amount: 225, tendered: null, change: 0 }],
      false,
    );
    expect(entry).toEqual({
      kind: 'refund',
      total: 225,
      rounding: 0,
      discounts: 25,
      taxSummary: [{ rate: 2000, net: 187, tax: 38, gross: 225 }],
      payments: [{ method: 'cash', amount: 225, change: 0 }],
      synced: false,
    });
  });

  test('[CASHUP-5] a recorded sale read back gives the tax summary the receipt printed', () => {
    fc.assert(
      fc.property(cartArb, rulesArb, (cart, rules) => {
        const priced = priceCart(cart, rules);
        const total = priced.totals.total;
        const tenders = total > 0 ? [{ method: 'cash' as const, amount: total + 10_000 }] : [];
        const result = buildSaleRecord(cart, tenders, { ...context, rules }, pinnedIds());
        if (!result.ok) throw new Error(result.error.message);
        const sale = result.value;
        const entry = reportEntry({ kind: 'sale', ...sale }, sale.lines, sale.payments ?? [], true);
        expect(entry.taxSummary).toEqual(priced.taxSummary);
        expect(entry.total).toBe(sale.total);
        expect(entry.discounts).toBe(priced.totals.discounts);
        expect(entry.payments).toEqual(
          sale.payments?.map(({ id: _id, reference: _ref, ...payment }) => payment),
        );
      }),
    );
  });
});
