import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { sum } from './money';
import { combineTaxSummaries, summarizeTax, taxLine, type TaxMode } from './tax';

const rates = fc.constantFrom(0, 550, 700, 1000, 2000, 2100, 2500);
const modes = fc.constantFrom<TaxMode>('inclusive', 'exclusive');

describe('tax', () => {
  test('[TAX-1] 20 % included in 2.50 is 0.42, leaving 2.08 net', () => {
    expect(taxLine(250, 2000, 'inclusive')).toEqual({ net: 208, tax: 42, gross: 250 });
  });

  test('[TAX-1] 20 % on top of 2.50 is 0.50', () => {
    expect(taxLine(250, 2000, 'exclusive')).toEqual({ net: 250, tax: 50, gross: 300 });
    expect(taxLine(1, 5000, 'exclusive')).toEqual({ net: 1, tax: 1, gross: 2 }); // 0.5 rounds up
    expect(taxLine(999, 0, 'inclusive')).toEqual({ net: 999, tax: 0, gross: 999 });
    expect(() => taxLine(100, 10_001, 'inclusive')).toThrow(/basis points/);
  });

  test('[TAX-1] net + tax = gross on every line, and tax is never more than the exact figure by half a unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), rates, modes, (amount, rate, mode) => {
        const line = taxLine(amount, rate, mode);
        expect(line.net + line.tax).toBe(line.gross);
        const exact = mode === 'inclusive' ? (amount * rate) / (10_000 + rate) : (amount * rate) / 10_000;
        expect(Math.abs(line.tax - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });

  test('[TAX-2] the per-rate summary adds up exactly to the lines', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1e7 }), rates), { maxLength: 40 }),
        modes,
        (items, mode) => {
          const lines = items.map(([amount, rate]) => ({ ...taxLine(amount, rate, mode), rate }));
          const summary = summarizeTax(lines);
          expect(sum(summary.map((row) => row.gross))).toBe(sum(lines.map((line) => line.gross)));
          expect(sum(summary.map((row) => row.tax))).toBe(sum(lines.map((line) => line.tax)));
          summary.forEach((row) => {
            expect(row.net + row.tax).toBe(row.gross);
          });
          expect(summary.map((row) => row.rate)).toEqual(
            [...new Set(items.map(([, rate]) => rate))].sort((a, b) => a - b),
          );
        },
      ),
    );
  });

  test('[TAX-3] a report nets refunds off sales per rate', () => {
    const sales = [{ rate: 2000, net: 208, tax: 42, gross: 250 }];
    const refunds = [{ rate: 2000, net: 104, tax: 21, gross: 125 }];
    expect(
      combineTaxSummaries([
        { rows: sales, sign: 1 },
        { rows: refunds, sign: -1 },
      ]),
    ).toEqual([{ rate: 2000, net: 104, tax: 21, gross: 125 }]);
  });
});
