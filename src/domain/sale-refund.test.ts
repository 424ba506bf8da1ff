import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { priceCart, type Cart } from './cart';
import { fixedClock } from './clock';
import { percentOff } from './discount';
import { pinnedIds } from './ids';
import { buildSaleRecord } from './sale-record';
import { soldLinesOf, soldLinesOfRecord } from './sold-lines';
import { buildRefundRecord, checkRefundArithmetic, refundDue, type RefundContext } from './sale-refund';
import { saleRefundSchema } from './sale-refund-schema';
import { cartArb, croissant, espresso, eurInclusive, rulesArb } from './test-arbitraries';

const ids = pinnedIds();
const [saleId, refundId, terminalId, lineA, lineB] = Array.from({ length: 5 }, ids);
const cart: Cart = {
  lines: [
    { ...espresso, lineId: lineA ?? '', quantity: 3000 },
    { ...croissant, lineId: lineB ?? '', quantity: 1000 },
  ],
  discount: percentOff(1000),
};
const sale = { lines: soldLinesOf(priceCart(cart, eurInclusive)), taxMode: eurInclusive.taxMode };
const context: RefundContext = {
  refundId: refundId ?? '',
  saleId: saleId ?? '',
  terminalId: terminalId ?? '',
  shiftId: null,
  cashierId: null,
  receiptNo: 'T1-000043',
  occurredAt: fixedClock('2026-11-21T10:02:00Z')(),
  reason: 'Damaged',
  restock: true,
  cashRounding: 5,
};

describe('the sale.refund command', () => {
  test('[CMD-3] one espresso of three, 10 % off, paid back in cash: the server’s own example', () => {
    const result = buildRefundRecord(
      sale,
      [],
      [{ originalLineId: lineA ?? '', quantity: 1000 }],
      { method: 'cash' },
      context,
      pinnedIds(1),
    );
    if (!result.ok) throw new Error(result.error.message);
    const { lines, payments, ...header } = result.value;
    expect(header).toMatchObject({
      refund_of: saleId,
      receipt_no: 'T1-000043',
      tax_total: 38,
      total: 225,
      rounding: 0,
      reason: 'Damaged',
      restock: true,
    });
    expect(lines.map(({ id: _id, ...line }) => line)).toEqual([
      { refund_of_line_id: lineA, quantity: 1, tax: 38, total: 225 },
    ]);
    expect(payments?.map(({ id: _id, ...payment }) => payment)).toEqual([{ method: 'cash', amount: 225 }]);
    expect(saleRefundSchema.safeParse(JSON.parse(JSON.stringify(result.value))).success).toBe(true);
  });

  test('[CMD-3] a cash refund is rounded to the cash step, a card refund is not, and nothing rounds to zero', () => {
    expect(refundDue(162, 'cash', 5)).toEqual({ due: 160, rounding: -2 });
    expect(refundDue(163, 'cash', 5)).toEqual({ due: 165, rounding: 2 });
    expect(refundDue(162, 'card', 5)).toEqual({ due: 162, rounding: 0 });
    expect(refundDue(2, 'cash', 5)).toEqual({ due: 2, rounding: 0 });
    const result = buildRefundRecord(
      sale,
      [],
      [{ originalLineId: lineB ?? '', quantity: 1000 }],
      { method: 'card', reference: 'R-9' },
      context,
      pinnedIds(1),
    );
    expect(result.ok && result.value.payments?.map(({ id: _id, ...payment }) => payment)).toEqual([
      { method: 'card', amount: 162, reference: 'R-9' },
    ]);
  });

  test('[REFUND-2] a refund beyond what is left is refused before it is queued', () => {
    const result = buildRefundRecord(
      sale,
      [{ originalLineId: lineB ?? '', quantity: 1000 }],
      [{ originalLineId: lineB ?? '', quantity: 1000 }],
      { method: 'cash' },
      context,
      ids,
    );
    expect(result).toEqual({
      ok: false,
      error: { code: 'more_than_refundable', message: 'Croissant has already been refunded in full.' },
    });
  });

  test('[REFUND-5] refunding a recorded sale in full, in cash or by card, gives back its lines and tax and adds up', () => {
    fc.assert(
      fc.property(
        cartArb,
        rulesArb,
        fc.constantFrom<'cash' | 'card'>('cash', 'card'),
        (anyCart, rules, method) => {
          const priced = priceCart(anyCart, rules);
          const tenders =
            priced.totals.total > 0
              ? [{ method: 'cash' as const, amount: priced.totals.total + 10_000 }]
              : [];
          const saleContext = {
            saleId: context.saleId,
            terminalId: context.terminalId,
            shiftId: null,
            cashierId: null,
            receiptNo: 'T1-000042',
            occurredAt: context.occurredAt,
            rules,
          };
          const recorded = buildSaleRecord(anyCart, tenders, saleContext, pinnedIds(2));
          if (!recorded.ok) throw new Error(recorded.error.message);
          const lines = soldLinesOfRecord(recorded.value.lines, () => false);
          const everything = lines.map((line) => ({ originalLineId: line.lineId, quantity: line.quantity }));
          const result = buildRefundRecord(
            { lines, taxMode: rules.taxMode },
            [],
            everything,
            { method },
            { ...context, cashRounding: rules.cashRounding },
            pinnedIds(3),
          );
          if (!result.ok) throw new Error(result.error.message);
          const refund = result.value;
          expect(saleRefundSchema.safeParse(JSON.parse(JSON.stringify(refund))).success).toBe(true);
          const lineTotals = refund.lines.reduce((total, line) => total + line.total, 0);
          expect(lineTotals).toBe(priced.totals.total);
          expect(refund.tax_total).toBe(recorded.value.tax_total);
          expect(lineTotals + (refund.rounding ?? 0)).toBe(refund.total);
          expect((refund.payments ?? []).reduce((total, payment) => total + payment.amount, 0)).toBe(
            refund.total,
          );
          if (method === 'card') expect(refund.rounding).toBe(0);
          expect(checkRefundArithmetic(refund, rules.cashRounding)).toEqual([]);
        },
      ),
    );
  });

  test('[REFUND-5] a refund whose sums are off is caught with the server’s codes', () => {
    const result = buildRefundRecord(
      sale,
      [],
      [{ originalLineId: lineB ?? '', quantity: 1000 }],
      { method: 'cash' },
      context,
      pinnedIds(1),
    );
    if (!result.ok) throw new Error(result.error.message);
    const refund = result.value; // 1.62 → 1.60 in cash, rounding −2
    const codes = (changed: Partial<typeof refund>) =>
      checkRefundArithmetic({ ...refund, ...changed }, 5).map((problem) => problem.code);
    expect(codes({})).toEqual([]);
    expect(codes({ tax_total: 1 })).toEqual(['tax_mismatch']);
    expect(codes({ rounding: 0 })).toEqual(['total_mismatch']);
    expect(codes({ payments: [] })).toEqual(['rounding_mismatch', 'payments_mismatch']);
  });
});
