import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { sum } from './money';
import { cashToPay, quickTenders, settle, type Settlement, type Tender } from './tender';

function settled(total: number, tenders: Tender[], cashRounding = 1): Settlement {
  const result = settle(total, tenders, cashRounding);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const cash = (amount: number): Tender => ({ method: 'cash', amount });
const card = (amount: number, reference = 'A1'): Tender => ({ method: 'card', amount, reference });

describe('tenders', () => {
  test('[TENDER-1] cash gives change; the shop keeps only what was due', () => {
    const result = settled(730, [cash(1000)]);
    expect(result).toMatchObject({ due: 730, cashDue: 730, change: 270, remaining: 0, covered: true });
    expect(result.payments).toEqual([{ method: 'cash', amount: 730, tendered: 1000, change: 270 }]);
  });

  test('[TENDER-1] split tender: card first, cash for the rest', () => {
    const result = settled(1000, [card(600), cash(500)]);
    expect(result).toMatchObject({ nonCash: 600, cashDue: 400, change: 100, covered: true });
    expect(result.payments).toEqual([
      { method: 'card', amount: 600, reference: 'A1', change: 0 },
      { method: 'cash', amount: 400, tendered: 500, change: 100 },
    ]);
  });

  test('[TENDER-1] a short tender is not covered and says what remains', () => {
    expect(settled(1000, [cash(500)])).toMatchObject({ covered: false, remaining: 500, change: 0 });
    expect(settled(1000, [])).toMatchObject({ covered: false, remaining: 1000 });
  });

  test('[TENDER-2] cash rounding applies only to the part paid in cash', () => {
    expect(settled(1232, [cash(2000)], 5)).toMatchObject({
      rounding: -2,
      due: 1230,
      cashDue: 1230,
      change: 770,
    });
    expect(settled(1233, [cash(1235)], 5)).toMatchObject({
      rounding: 2,
      due: 1235,
      change: 0,
      covered: true,
    });
    expect(settled(1232, [card(1232)], 5)).toMatchObject({ rounding: 0, due: 1232, covered: true });
    // 0.02 left for cash would round to nothing: it is paid exactly instead.
    expect(settled(1002, [card(1000), cash(100)], 5)).toMatchObject({ rounding: 0, cashDue: 2, change: 98 });
    expect(settled(2, [cash(5)], 5)).toMatchObject({ rounding: 0, due: 2, change: 3 });
    expect([cashToPay(1232, 5), cashToPay(1233, 5), cashToPay(2, 5), cashToPay(1232, 1)]).toEqual([
      1230, 1235, 2, 1232,
    ]);
    expect(settled(1232, [card(1000), cash(500)], 5)).toMatchObject({
      rounding: -2,
      cashDue: 230,
      change: 270,
    });
  });

  test('[TENDER-4] bad tenders get a clear error', () => {
    const code = (total: number, tenders: Tender[], rounding = 1) => {
      const result = settle(total, tenders, rounding);
      return result.ok ? 'ok' : result.error.code;
    };
    expect(code(1000, [card(1200)])).toBe('non_cash_exceeds_due');
    expect(code(1000, [cash(0)])).toBe('invalid_amount');
    expect(code(1000, [cash(2.5)])).toBe('invalid_amount');
    expect(code(1000, [card(1000), cash(100)])).toBe('cash_not_needed');
    expect(code(1000, [card(1000, 'x'.repeat(201))])).toBe('reference_too_long');
  });

  test('[TENDER-1] whenever tenders cover the total, change is never negative and payments add up to what is due', () => {
    const tenderArb = fc.record({
      method: fc.constantFrom<Tender['method']>('cash', 'card', 'other'),
      amount: fc.integer({ min: 1, max: 100_000 }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200_000 }),
        fc.array(tenderArb, { maxLength: 5 }),
        fc.constantFrom(1, 5, 10, 100),
        (total, tenders, rounding) => {
          const result = settle(total, tenders, rounding);
          if (!result.ok) return;
          const settlement = result.value;
          expect(settlement.change).toBeGreaterThanOrEqual(0);
          expect(Math.abs(settlement.rounding)).toBeLessThanOrEqual(rounding / 2);
          if (settlement.covered) {
            expect(sum(settlement.payments.map((payment) => payment.amount))).toBe(settlement.due);
            expect(settlement.cashTendered - settlement.change).toBe(settlement.cashDue);
          } else {
            expect(settlement.change).toBe(0);
            expect(settlement.remaining).toBeGreaterThan(0);
          }
          for (const payment of settlement.payments) {
            expect(payment.change).toBe((payment.tendered ?? payment.amount) - payment.amount);
          }
        },
      ),
    );
  });

  test('[TENDER-3] quick tenders: exact, then the next whole unit and notes', () => {
    expect(quickTenders(730, 'EUR')).toEqual([730, 800, 1000, 2000, 5000]);
    expect(quickTenders(1000, 'EUR')).toEqual([1000, 2000, 5000, 10000, 20000]);
    expect(quickTenders(1230, 'JPY', 4)).toEqual([1230, 1500, 2000, 5000]);
    expect(quickTenders(730, 'USD')).toEqual([730, 800, 1000, 2000, 5000]); // no half-dollar button
    expect(quickTenders(0, 'EUR')).toEqual([]);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.constantFrom('EUR', 'USD', 'JPY', 'KWD', 'GBP'),
        (due, currency) => {
          const suggestions = quickTenders(due, currency);
          expect(suggestions[0]).toBe(due);
          suggestions.forEach((value) => {
            expect(value).toBeGreaterThanOrEqual(due);
          });
          expect(new Set(suggestions).size).toBe(suggestions.length);
        },
      ),
    );
  });
});
