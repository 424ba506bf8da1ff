import Papa from 'papaparse';
import { describe, expect, test } from 'vitest';
import type { RangeReport } from '../../data/remote/reports';
import { moneyCell, reportCsv, reportFileName } from './report-csv';

const report: RangeReport = {
  from: '2026-11-01',
  to: '2026-11-02',
  margin: { netSales: 0, costedNet: 0, costTotal: 0, uncostedNet: 0, uncostedLines: 0 },
  days: [
    {
      day: '2026-11-01',
      salesCount: 2,
      salesTotal: 1250,
      refundsCount: 1,
      refundsTotal: 250,
      taxTotal: 160,
      netTotal: 1000,
    },
    {
      day: '2026-11-02',
      salesCount: 0,
      salesTotal: 0,
      refundsCount: 0,
      refundsTotal: 0,
      taxTotal: 0,
      netTotal: 0,
    },
  ],
  cashiers: [{ id: 'u1', name: 'Casey, "the fast one"', salesCount: 2, refundsCount: 1, netTotal: 1000 }],
  terminals: [{ id: 't1', name: 'T1 Front till', salesCount: 2, refundsCount: 1, netTotal: 1000 }],
  paymentMix: [],
  topProducts: [],
};

describe('range report CSV', () => {
  test('days: one row a day, money as plain decimals', () => {
    const parsed = Papa.parse<string[]>(reportCsv(report, 'days', 'EUR')).data;
    expect(parsed[0]).toEqual([
      'Day',
      'Sales',
      'Sales total',
      'Refunds',
      'Refunds total',
      'Tax',
      'Net total',
    ]);
    expect(parsed[1]).toEqual(['2026-11-01', '2', '12.50', '1', '2.50', '1.60', '10.00']);
    expect(parsed).toHaveLength(3);
  });

  test('names with commas and quotes survive the round trip', () => {
    const parsed = Papa.parse<string[]>(reportCsv(report, 'cashiers', 'EUR')).data;
    expect(parsed[1]).toEqual(['Casey, "the fast one"', '2', '1', '10.00']);
    expect(Papa.parse<string[]>(reportCsv(report, 'terminals', 'EUR')).data[0]?.[0]).toBe('Terminal');
  });

  test('currencies without minor units, and the file name', () => {
    expect(moneyCell(1500, 'JPY')).toBe('1500');
    expect(moneyCell(-250, 'EUR')).toBe('-2.50');
    expect(reportFileName(report, 'days')).toBe('tillpoint-days-2026-11-01-to-2026-11-02.csv');
  });
});

test('[CSV-1] a member named like a formula reaches the manager’s report as text', () => {
  const hostile = {
    ...report,
    cashiers: [
      {
        id: 'u2',
        name: '=HYPERLINK("http://evil.example","Click")',
        salesCount: 1,
        refundsCount: 0,
        netTotal: -250,
      },
    ],
  };
  const rows = Papa.parse<string[]>(reportCsv(hostile, 'cashiers', 'EUR')).data;
  expect(rows[1]).toEqual(['\'=HYPERLINK("http://evil.example","Click")', '1', '0', '-2.50']);
});
