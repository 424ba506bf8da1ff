// The one CSV writer for every export, so no cell reaches a spreadsheet as a formula ([CSV-1]). A cell that
// starts with = + - @ tab or CR (what Excel, LibreOffice and Sheets run) gets a leading ' through Papa
// Parse's escapeFormulae, as OWASP's CSV-injection advice says. A plain negative number is data, not a
// formula: it stays a number the spreadsheet can add up. A cell that already starts with quotes before such
// a character gets one more, so the importer's unescapeFormula gives every cell back exactly.
import Papa from 'papaparse';

const FORMULA_START = /^(?!-\d+(?:\.\d+)?$)'*[=+\-@\t\r]/;
const ESCAPED_FORMULA = /^'+[=+\-@\t\r]/;

export type CsvCell = string | number | boolean | null;

export function toCsv(fields: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return Papa.unparse(
    { fields: [...fields], data: rows.map((row) => [...row]) },
    { newline: '\n', escapeFormulae: FORMULA_START },
  );
}

/** What the exporter wrote before it escaped the cell: `'=SUM(A1)` → `=SUM(A1)`; anything else as it is. */
export function unescapeFormula(cell: string): string {
  return ESCAPED_FORMULA.test(cell) ? cell.slice(1) : cell;
}
