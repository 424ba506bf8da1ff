import Papa from 'papaparse';
import { describe, expect, test } from 'vitest';
import { toCsv, unescapeFormula } from './csv';

const cellsOf = (csv: string): string[] => Papa.parse<string[]>(csv).data[1] ?? [];

describe('[CSV-1] cells a spreadsheet would run as a formula', () => {
  test('= + - @ tab and CR at the start get a leading quote; the rest is untouched', () => {
    const row = ['=1+1', '+33 6 12', '-cmd|calc', '@SUM(A1)', '\tx', '\rx', 'Plain', 'a=b', ''];
    expect(
      cellsOf(
        toCsv(
          row.map((_, i) => `c${String(i)}`),
          [row],
        ),
      ),
    ).toEqual(["'=1+1", "'+33 6 12", "'-cmd|calc", "'@SUM(A1)", "'\tx", "'\rx", 'Plain', 'a=b', '']);
  });

  test('plain negative numbers stay numbers a spreadsheet adds up', () => {
    expect(cellsOf(toCsv(['a', 'b', 'c'], [['-12.50', -3, '-1e5']]))).toEqual(['-12.50', '-3', "'-1e5"]);
  });

  test('unescapeFormula gives back exactly what was written, quotes included', () => {
    const cells = ['=HYPERLINK("http://x","y")', "'=already quoted", "''@twice", "it's", '-5', 'x'];
    const written = cellsOf(
      toCsv(
        cells.map((_, i) => `c${String(i)}`),
        [cells],
      ),
    );
    expect(written.map(unescapeFormula)).toEqual(cells);
  });
});
