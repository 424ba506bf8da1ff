import { describe, expect, test } from 'vitest';
import { denominationsOf } from './denominations';
import { cashDifference, countedCash, expectedCash } from './shift';

describe('cash-up', () => {
  test('[SHIFT-4] expected cash = float + cash tendered − change − cash refunds + pay-ins − pay-outs', () => {
    const flow = {
      openingFloat: 10000,
      cashTendered: 5000,
      changeGiven: 730,
      cashRefunds: 250,
      payIns: 2000,
      payOuts: 1500,
    };
    expect(expectedCash(flow)).toBe(14520);
    expect(() => expectedCash({ ...flow, payOuts: -1 })).toThrow(/payOuts cannot be negative/);
  });

  test('[CASHUP-1] the drawer is counted by denomination in the company’s currency', () => {
    expect(
      countedCash(
        [
          { value: 2000, pieces: 3 },
          { value: 500, pieces: 1 },
          { value: 200, pieces: 4 },
          { value: 5, pieces: 7 },
        ],
        'EUR',
      ),
    ).toBe(7335);
    expect(() => countedCash([{ value: 300, pieces: 1 }], 'EUR')).toThrow(/no note or coin/);
    expect(() => countedCash([{ value: 100, pieces: 1.5 }], 'EUR')).toThrow(/whole number/);
    expect(
      denominationsOf('EUR')
        .filter((d) => d.kind === 'note')
        .map((d) => d.value),
    ).toEqual([50000, 20000, 10000, 5000, 2000, 1000, 500]);
    expect(denominationsOf('JPY').at(-1)).toEqual({ value: 1, kind: 'coin' });
    expect(denominationsOf('KWD').map((d) => d.value)).toContain(500); // the 1-2-5 fallback
  });

  test('[CASHUP-2] over or short, and a manager approves beyond the allowed difference', () => {
    expect(cashDifference(14020, 14520, 200)).toEqual({
      difference: -500,
      status: 'short',
      needsApproval: true,
    });
    expect(cashDifference(14600, 14520, 200)).toEqual({
      difference: 80,
      status: 'over',
      needsApproval: false,
    });
    expect(cashDifference(14520, 14520, 0)).toEqual({ difference: 0, status: 'even', needsApproval: false });
  });
});
