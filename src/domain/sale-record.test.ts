import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { priceCart, type Cart } from './cart';
import { fixedClock } from './clock';
import { percentOff } from './discount';
import { pinnedIds } from './ids';
import { buildSaleRecord, checkSaleArithmetic, parseSaleRecord, type SaleContext } from './sale-record';
import type { SaleRecordArgs } from './sale-record-schema';
import type { Tender } from './tender';
import { bananas, cartArb, croissant, espresso, eurInclusive, rulesArb } from './test-arbitraries';

const ids = pinnedIds();
const [saleId, terminalId, espressoId, croissantId, bananasId] = Array.from({ length: 5 }, ids);
const rules = { ...eurInclusive, cashRounding: 5 };
const context: SaleContext = {
  saleId: saleId ?? '',
  terminalId: terminalId ?? '',
  shiftId: null,
  cashierId: null,
  receiptNo: 'T1-000042',
  occurredAt: fixedClock('2026-11-21T09:30:00Z')(),
  rules,
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

function built(tenders: Tender[] = [{ method: 'cash', amount: 1000 }]): SaleRecordArgs {
  const result = buildSaleRecord(cart, tenders, context, pinnedIds(Date.UTC(2026, 10, 21)));
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const codes = (sale: SaleRecordArgs) =>
  checkSaleArithmetic(sale, 'inclusive', 5).map((problem) => problem.code);

describe('the sale.record command', () => {
  test('[CMD-1] a sale carries its lines, totals, rounding and payments as the till worked them out', () => {
    const sale = built();
    expect(sale).toMatchObject({
      receipt_no: 'T1-000042',
      subtotal: 930,
      discount_total: 93,
      tax_total: 102,
      rounding: -2,
      total: 835,
      note: 'birthday',
      occurred_at: '2026-11-21T09:30:00.000Z',
    });
    expect(sale.lines.map((line) => [line.quantity, line.discount, line.total])).toEqual([
      [2, 50, 450],
      [1, 18, 162],
      [1.255, 25, 225],
    ]);
    expect(sale.payments?.map(({ id: _id, ...payment }) => payment)).toEqual([
      { method: 'cash', amount: 835, tendered: 1000, change: 165 },
    ]);
    expect(checkSaleArithmetic(sale, 'inclusive', 5)).toEqual([]);
  });

  test('[CMD-1] card payments carry their reference and no change; no rounding without cash', () => {
    const sale = built([{ method: 'card', amount: 837, reference: 'AUTH 123456' }]);
    expect(sale).toMatchObject({ rounding: 0, total: 837 });
    expect(sale.payments?.map(({ id: _id, ...payment }) => payment)).toEqual([
      { method: 'card', amount: 837, reference: 'AUTH 123456' },
    ]);
  });

  test('[CMD-1] an empty cart or a short payment is not a sale', () => {
    const code = (result: ReturnType<typeof buildSaleRecord>) => (result.ok ? 'ok' : result.error.code);
    expect(code(buildSaleRecord({ lines: [] }, [], context, ids))).toBe('empty_cart');
    expect(code(buildSaleRecord(cart, [{ method: 'cash', amount: 100 }], context, ids))).toBe('not_covered');
    expect(code(buildSaleRecord(cart, [{ method: 'card', amount: 9999 }], context, ids))).toBe(
      'non_cash_exceeds_due',
    );
  });

  test('[SALE-5] each line’s tax and total follow from its price, quantity and discount', () => {
    const sale = built();
    const line = (change: Partial<SaleRecordArgs['lines'][number]>) => ({
      ...sale,
      lines: sale.lines.map((each, index) => (index === 0 ? { ...each, ...change } : each)),
    });
    expect(codes(line({ tax: 76, total: 450 }))).toEqual(['tax_mismatch', 'tax_mismatch']);
    expect(codes(line({ total: 451 }))).toEqual(['line_total_mismatch', 'total_mismatch']);
    expect(codes(line({ discount: 600 }))[0]).toBe('discount_too_large');
  });

  test('[SALE-1] the header is the sum of its lines plus rounding', () => {
    const sale = built();
    expect(codes({ ...sale, tax_total: 103 })).toEqual(['tax_mismatch']);
    expect(codes({ ...sale, subtotal: 931 })).toEqual(['total_mismatch']);
    expect(codes({ ...sale, discount_total: 0 })).toEqual(['total_mismatch']);
    expect(codes({ ...sale, rounding: 0 })).toEqual(['total_mismatch']);
  });

  test('[SALE-6] rounding only with cash and at most half the step; [SALE-7] only cash gives change, payments add up', () => {
    const sale = built();
    const cash = sale.payments?.[0];
    if (cash === undefined) throw new Error('no payment');
    expect(
      codes({ ...sale, rounding: -3, total: 834, payments: [{ ...cash, amount: 834, change: 166 }] }),
    ).toEqual(['rounding_mismatch']);
    expect(codes({ ...sale, payments: [{ ...cash, method: 'card' }] })).toEqual([
      'rounding_mismatch',
      'change_mismatch',
    ]);
    expect(codes({ ...sale, payments: [{ ...cash, change: 100 }] })).toEqual(['change_mismatch']);
    expect(codes({ ...sale, payments: [{ ...cash, amount: 800, change: 200 }] })).toEqual([
      'payments_mismatch',
    ]);
  });

  test('[CMD-2] the argument is checked for shape with a readable message', () => {
    const sale = built();
    expect(parseSaleRecord(JSON.parse(JSON.stringify(sale)), rules)).toEqual({ ok: true, value: sale });
    const message = (input: unknown) => {
      const result = parseSaleRecord(input, rules);
      return result.ok ? 'ok' : `${result.error.code}: ${result.error.message}`;
    };
    expect(message({ ...sale, receipt_no: '42' })).toBe(
      'invalid_args: The sale is malformed at receipt_no: A receipt number looks like T1-000042.',
    );
    expect(message({ ...sale, lines: [{ ...sale.lines[0], quantity: 1.2345 }] })).toMatch(
      /at lines.0.quantity/,
    );
    const asText = sale.lines.map((line, index) => (index === 0 ? { ...line, quantity: '2.000' } : line));
    expect(message({ ...sale, lines: asText })).toBe('ok');
    expect(message({ ...sale, occurred_at: '1999-12-31T23:00:00Z' })).toMatch(/between 2000 and 2100/);
    // The same limits as the server's (supabase/SPEC.md SALE-1): a SKU is at most 64 characters.
    expect(
      message({ ...sale, lines: [{ ...sale.lines[0], sku: 'S'.repeat(64) }, ...sale.lines.slice(1)] }),
    ).toBe('ok');
    expect(message({ ...sale, lines: [{ ...sale.lines[0], sku: 'S'.repeat(65) }] })).toMatch(
      /at lines.0.sku/,
    );
    expect(message({ ...sale, extra: 1 })).toMatch(/malformed at the top: Unrecognized key/);
    expect(message({ ...sale, tax_total: 1 })).toBe(
      'tax_mismatch: tax_total is 1 but the lines add up to 102',
    );
    expect(message(null)).toMatch(/malformed at the top/);
  });

  test('[CMD-2] any cart paid in full builds a sale that survives JSON and passes the server’s checks', () => {
    const uuidCart = cartArb.map((generated) => {
      const productIds = pinnedIds(Date.UTC(2026, 0, 2));
      return { ...generated, lines: generated.lines.map((line) => ({ ...line, productId: productIds() })) };
    });
    fc.assert(
      fc.property(uuidCart, rulesArb, fc.boolean(), (generated, anyRules, byCard) => {
        const { total } = priceCart(generated, anyRules).totals;
        fc.pre(total > 0);
        const tender: Tender = byCard
          ? { method: 'card', amount: total, reference: 'A1' }
          : { method: 'cash', amount: total + 10_000 };
        const result = buildSaleRecord(generated, [tender], { ...context, rules: anyRules }, pinnedIds());
        if (!result.ok) throw new Error(result.error.message);
        const parsed = parseSaleRecord(JSON.parse(JSON.stringify(result.value)), anyRules);
        expect(parsed).toEqual({ ok: true, value: result.value });
      }),
    );
  });
});
