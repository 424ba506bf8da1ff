import { describe, expect, test } from 'vitest';
import { insightCsv, shownCell, type InsightColumn } from './insight-table';

interface Row {
  name: string;
  net: number;
  margin: number | null;
  pct: number | null;
}

const columns: InsightColumn<Row>[] = [
  { key: 'name', header: 'Product', value: (row) => row.name },
  { key: 'net', header: 'Net sales', value: (row) => row.net, kind: 'money' },
  { key: 'margin', header: 'Margin', value: (row) => row.margin, kind: 'money' },
  { key: 'pct', header: 'Margin %', value: (row) => row.pct, kind: 'percent' },
];

describe('an insight table and its CSV come from the same columns', () => {
  test('money is a plain decimal in the CSV, a missing figure an empty cell, formulas escaped', () => {
    const csv = insightCsv(
      columns,
      [
        { name: 'Tea', net: 1500, margin: 750, pct: 60 },
        { name: '=Cake', net: 1250, margin: null, pct: null },
      ],
      'EUR',
    );
    expect(csv.trim().split(/\r?\n/)).toEqual([
      'Product,Net sales,Margin,Margin %',
      'Tea,15.00,7.50,60',
      '"\'=Cake",12.50,,',
    ]);
  });

  test('on screen: money in the currency, a percentage with one decimal, a dash for nothing', () => {
    expect(shownCell(1500, 'money', 'EUR')).toMatch(/€15\.00/);
    expect(shownCell(74.35, 'percent', 'EUR')).toBe('74.3 %');
    expect(shownCell(2.5, 'number', 'EUR')).toBe('2.5');
    expect(shownCell(null, 'money', 'EUR')).toBe('—');
    expect(shownCell('Tea', 'text', 'EUR')).toBe('Tea');
  });
});
