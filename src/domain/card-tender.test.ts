import { describe, expect, test } from 'vitest';
import { isUnverifiedCard } from './card-tender';
import { shiftReport, type RecordedSaleSummary } from './shift-report';
import { shiftReportSections } from './shift-report-sections';

const sale = (
  payments: RecordedSaleSummary['payments'],
  kind: 'sale' | 'refund' = 'sale',
): RecordedSaleSummary => ({
  kind,
  total: payments.reduce((total, payment) => total + payment.amount, 0),
  rounding: 0,
  discounts: 0,
  taxSummary: [],
  payments,
  synced: true,
});

const report = (sales: RecordedSaleSummary[]) => ({
  ...shiftReport({ kind: 'X', openingFloat: 0, sales, movements: [], allowedDifference: 0 }),
  pending: { total: 0, sales: 0, refunds: 0, cashMoves: 0, accountPayments: 0, shift: 0 },
});

const money = (amount: number) => `€${(amount / 100).toFixed(2)}`;

describe('card tenders no reader payment stands behind', () => {
  test('[FLAGUI-5] a card tender is unverified unless it carries a reader payment’s PaymentIntent id', () => {
    expect(isUnverifiedCard({ method: 'card', reference: 'pi_3Abc_12' })).toBe(false);
    expect(isUnverifiedCard({ method: 'card', reference: 'A7' })).toBe(true);
    expect(isUnverifiedCard({ method: 'card' })).toBe(true);
    expect(isUnverifiedCard({ method: 'card', reference: null })).toBe(true);
    expect(isUnverifiedCard({ method: 'card', reference: 'pi_' })).toBe(true);
    expect(isUnverifiedCard({ method: 'cash' })).toBe(false);
  });

  test('[FLAGUI-5] the X/Z report sums the external terminal’s card apart, sales only, and lists it under Card', () => {
    const shift = report([
      sale([{ method: 'card', amount: 1200, reference: 'pi_reader1', change: 0 }]),
      sale([{ method: 'card', amount: 800, reference: 'SLIP-9', change: 0 }]),
      sale([
        { method: 'card', amount: 300, change: 0 },
        { method: 'cash', amount: 200, tendered: 500, change: 300 },
      ]),
      // A refund paid back on the terminal is money out, not a claim of money in: not counted here.
      sale([{ method: 'card', amount: 100, change: 0 }], 'refund'),
    ]);
    expect(shift.unverifiedCard).toEqual({ count: 2, amount: 1100 });
    expect(shift.tenders.find((row) => row.method === 'card')).toMatchObject({ sales: 2300, net: 2200 });
    const tenders = shiftReportSections(shift, money).find((section) => section.title === 'Tenders');
    expect(tenders?.rows).toEqual([
      ['Cash', '€2.00'],
      ['Card', '€22.00'],
      ['Unverified card: external terminal (2)', '€11.00'],
    ]);
  });

  test('[FLAGUI-5] with every card payment on the reader, no unverified line is shown', () => {
    const shift = report([sale([{ method: 'card', amount: 1200, reference: 'pi_reader1', change: 0 }])]);
    expect(shift.unverifiedCard).toEqual({ count: 0, amount: 0 });
    const tenders = shiftReportSections(shift, money).find((section) => section.title === 'Tenders');
    expect(tenders?.rows).toEqual([['Card', '€12.00']]);
  });
});
