import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { priceCart, type Cart } from './cart';
import { fixedClock } from './clock';
import { percentOff } from './discount';
import { pinnedIds } from './ids';
import type { Tender } from './tender';
import { buildSaleRecord, checkSaleArithmetic, parseSaleRecord, type SaleContext } from './sale-record';
import type { SaleRecordArgs } from './sale-record-schema';
import { bananas, cartArb, croissant, espresso, eurInclusive, rulesArb } from './test-arbitraries';

const ids = pinnedIds();
const [saleId, storeId, terminalId, espressoId, croissantId, bananasId] = Array.from({ length: 6 }, ids);
const context: SaleContext = {
  saleId: saleId ?? '',
  storeId: storeId ?? '',
  terminalId: terminalId ?? '',
  shiftId: null,
  receiptNo: 'T1-000042',
  occurredAt: fixedClock('2026-11-21T09:30:00Z')(),
  rules: { ...eurInclusive, cashRounding: 5 },
};
const cart: Cart = {
  lines: [
    { ...espresso, productId: espressoId ?? '', lineId: 'a', quantity: 2000 },
    { ...croissant, productId: croissantId ?? '', lineId: 'b', quantity: 1000 },
    { ...bananas, productId: bananasId ?? '', lineId: 'c', quantity: 1255 },
  ],
  discount: percentOff(1000),
  note: 'birthday',
};

function built(tenders = [{ method: 'cash' as const, amount: 1000 }]): SaleRecordArgs {
  const result = buildSaleRecord(cart, tenders, context, pinnedIds(Date.UTC(2026, 10, 21)));
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('the sale.record command', () => {
  test('[SALE-1] a sale carries its lines, totals, rounding and payments as the till worked them out', () => {
    const sale = built();
    expect(sale).toMatchObject({
      kind: 'sale',
      receipt_no: 'T1-000042',
      prices_include_tax: true,
      subtotal: 930,
      discount_total: 93,
      total: 837,
      rounding: -2,
      note: 'birthday',
      occurred_at: '2026-11-21T09:30:00.000Z',
    });
    expect(sale.lines.map((line) => [line.line_no, line.quantity, line.discount, line.total])).toEqual([
      [1, 2, 50, 450],
      [2, 1, 18, 162],
      [3, 1.255, 25, 225],
    ]);
    expect(sale.payments).toEqual([
      {
        id: expect.any(String) as string,
        method: 'cash',
        amount: 835,
        tendered: 1000,
        change: 165,
        reference: null,
      },
    ]);
    expect(checkSaleArithmetic(sale, 5)).toEqual([]);
  });

  test('[SALE-1] an empty cart or a short payment is not a sale', () => {
    const code = (result: ReturnType<typeof buildSaleRecord>) => (result.ok ? 'ok' : result.error.code);
    expect(code(buildSaleRecord({ lines: [] }, [], context, ids))).toBe('empty_cart');
    expect(code(buildSaleRecord(cart, [{ method: 'cash', amount: 100 }], context, ids))).toBe('not_covered');
    expect(code(buildSaleRecord(cart, [{ method: 'card', amount: 9999 }], context, ids))).toBe(
      'non_cash_exceeds_due',
    );
  });

  test('[SALE-2] a sale that does not add up is refused with every reason', () => {
    const sale = built();
    const tampered: SaleRecordArgs = {
      ...sale,
      total: sale.total + 1,
      lines: sale.lines.map((line, index) => (index === 0 ? { ...line, tax: line.tax + 1 } : line)),
    };
    expect(checkSaleArithmetic(tampered, 5)).toEqual([
      'line 1: tax 76 should be 75',
      'tax_total 102 should be 103',
      'total 838 should be 837',
      'payments 835 should be 836',
    ]);
    const payments = sale.payments.map((payment) => ({ ...payment, amount: 834, change: 166 }));
    expect(checkSaleArithmetic({ ...sale, rounding: -3, payments }, 5)).toEqual([
      'rounding -3 is not a cash rounding to 5',
    ]);
  });

  test('[SALE-3] the argument is checked for shape with a readable message', () => {
    const sale = built();
    expect(parseSaleRecord(JSON.parse(JSON.stringify(sale)), 5)).toEqual({ ok: true, value: sale });
    const message = (input: unknown) => {
      const result = parseSaleRecord(input, 5);
      return result.ok ? 'ok' : result.error.message;
    };
    expect(message({ ...sale, receipt_no: '42' })).toBe(
      'The sale is malformed at receipt_no: A receipt number looks like T1-000042..',
    );
    expect(message({ ...sale, lines: [{ ...sale.lines[0], quantity: 1.2345 }] })).toMatch(
      /at lines.0.quantity: A quantity has at most 3 decimals/,
    );
    expect(message({ ...sale, kind: 'refund' })).toMatch(/at refund_of/);
    expect(message({ ...sale, extra: 1 })).toMatch(/Unrecognized key/);
    expect(message(null)).toMatch(/malformed at the top/);
  });

  test('[SALE-2] any cart paid in full builds a sale that survives JSON and passes the server’s checks', () => {
    const uuidCart = cartArb.map((generated) => {
      const productIds = pinnedIds(Date.UTC(2026, 0, 2));
      return { ...generated, lines: generated.lines.map((line) => ({ ...line, productId: productIds() })) };
    });
    fc.assert(
      fc.property(uuidCart, rulesArb, fc.boolean(), (generated, rules, byCard) => {
        const { total } = priceCart(generated, rules).totals;
        fc.pre(total > 0);
        const tender: Tender = byCard
          ? { method: 'card', amount: total, reference: 'A1' }
          : { method: 'cash', amount: total + 10_000 };
        const result = buildSaleRecord(generated, [tender], { ...context, rules }, pinnedIds());
        if (!result.ok) return; // cash of a few cents may round to nothing: 'cash_not_needed'
        const parsed = parseSaleRecord(JSON.parse(JSON.stringify(result.value)), rules.cashRounding);
        expect(parsed).toEqual({ ok: true, value: result.value });
      }),
    );
  });
});
