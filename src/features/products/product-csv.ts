// The products CSV (issue #8): one documented column set for export and import, so an exported file imports
// back unchanged. Headers are matched by name, case-insensitive, in any order:
//   sku, name, price   required; price in major units ("2.50"), create-or-update by SKU
//   barcode, category, tax_rate, track_stock, reorder_level, cost   optional; tax_rate in percent ("20",
//   "5.5"), cost in major units like the price (empty: none)
//   parent_sku, option1_name, option1_value … option3_value   variants (issue 21, [IMP-7]): a row with a
//   parent_sku is a variant of the product with that SKU, its values for the parent's named options
//   scale_code   the item code on scale labels ([IMP-8], [SCALE-4]); empty: none
//   supplier   one of the shop's suppliers by name, any case ([IMP-9]); empty: none (a variant: its parent's)
// A column the file does not have leaves that field of an existing product alone. Parsing checks every row
// and names each bad one ("Row 7: price "abc" is not a number."); the server checks them all again in one
// transaction (supabase/SPEC.md §8). Pure apart from papaparse.
// The column names are the file's format, read back by the import: they stay as they are in every language;
// the sentences about the file are in the person's language (issue 35).
import { plural, t } from '@lingui/core/macro';
import Papa from 'papaparse';
import { unescapeFormula } from '../../lib/csv';
import type { ImportRow } from '../../data/remote/product-writes';
import { ok, type Result } from '../../domain/result';
import {
  checkBoolean,
  checkCode,
  checkCost,
  checkName,
  checkPrice,
  checkReorderLevel,
  checkScaleCode,
  checkTaxPercent,
  type NameKind,
} from './product-fields';

export const CSV_COLUMNS = [
  'sku',
  'name',
  'price',
  'barcode',
  'category',
  'tax_rate',
  'track_stock',
  'reorder_level',
  'cost',
] as const;
/** The variant columns ([IMP-7]): exported only when a variant is among the rows, so other files stay as they were. */
export const VARIANT_COLUMNS = [
  'parent_sku',
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
] as const;
/** The scale item code ([IMP-8]): exported only when a product has one, so other files stay as they were. */
export const SCALE_COLUMNS = ['scale_code'] as const;
/** The supplier's name ([IMP-9]): exported only when a product has one, so other files stay as they were. */
export const SUPPLIER_COLUMNS = ['supplier'] as const;
export type CsvColumn =
  | (typeof CSV_COLUMNS)[number]
  | (typeof VARIANT_COLUMNS)[number]
  | (typeof SCALE_COLUMNS)[number]
  | (typeof SUPPLIER_COLUMNS)[number];
const KNOWN: readonly CsvColumn[] = [
  ...CSV_COLUMNS,
  ...VARIANT_COLUMNS,
  ...SCALE_COLUMNS,
  ...SUPPLIER_COLUMNS,
];
const REQUIRED: readonly CsvColumn[] = ['sku', 'name', 'price'];

/** What the catalog already holds, to tell create from update and to find barcodes taken by others. */
export interface CatalogCodes {
  /** lower(sku) of every product. */
  skus: ReadonlySet<string>;
  /** barcode → lower(sku) (or '' without SKU) and name of the active product holding it. */
  barcodes: ReadonlyMap<string, { sku: string; name: string }>;
}

export interface ParsedImport {
  columns: CsvColumn[];
  rows: ImportRow[];
  /** Per row: would it create a product or update the one with that SKU. */
  actions: ('create' | 'update')[];
  /** A file-level problem (columns) or one line per bad row; empty when the file can be imported. */
  errors: string[];
}

function message(result: Extract<Result<unknown>, { ok: false }>): string {
  // "The price "abc" is not a number." reads "price "abc" is not a number." after "Row 7: ". Only English
  // starts so: another language's sentence reads whole after the row's number.
  return result.error.message.replace(/^The /, '');
}

/** One bad row's problem, with its number so the list is sorted by row whatever the language. */
interface RowError {
  row: number;
  text: string;
}

function rowError(row: number, problem: string): RowError {
  return { row, text: t`Row ${row}: ${problem}` };
}

function readHeader(header: readonly string[]): { columns: (CsvColumn | null)[]; errors: string[] } {
  const errors: string[] = [];
  const seen = new Set<string>();
  const columns = header.map((raw) => {
    const name = raw.trim().toLowerCase().replace(/\s+/g, '_');
    const known = KNOWN.find((column) => column === name) ?? null;
    const shown = raw.trim();
    const columns = KNOWN.join(', ');
    if (!known) errors.push(t`Unknown column "${shown}": the columns are ${columns}.`);
    else if (seen.has(known)) errors.push(t`The column "${known}" appears twice.`);
    if (known) seen.add(known);
    return known;
  });
  const needed = REQUIRED.join(', ');
  for (const column of REQUIRED) {
    if (!seen.has(column)) errors.push(t`The file has no "${column}" column (needed: ${needed}).`);
  }
  return { columns, errors };
}

/** A category's or a supplier's name in a cell: empty is none (null). */
function nameOrNone(cell: string, max: number, kind: NameKind): Result<string | null> {
  return cell.trim() === '' ? ok(null) : checkName(cell, max, kind);
}

function readRow(
  cells: Partial<Record<CsvColumn, string>>,
  row: number,
  currency: string,
): { value: ImportRow | null; errors: RowError[] } {
  const errors: RowError[] = [];
  const fail = (text: string) => errors.push(rowError(row, text));
  const sku = checkCode(cells.sku ?? '', 'SKU');
  if (!sku.ok) fail(message(sku));
  else if (sku.value === null) fail(t`SKU is empty (every row needs one).`);
  const name = checkName(cells.name ?? '');
  if (!name.ok) fail(name.error.code === 'empty' ? t`name is empty.` : message(name));
  const priceCell = cells.price ?? '';
  const price = checkPrice(priceCell, currency);
  if (!price.ok) fail(price.error.code === 'empty' ? t`price is empty.` : message(price));
  const value: ImportRow = {
    row,
    sku: sku.ok ? (sku.value ?? '') : '',
    name: name.ok ? name.value : '',
    price: price.ok ? price.value : 0,
  };
  if (cells.barcode !== undefined) {
    const barcode = checkCode(cells.barcode, 'barcode');
    if (barcode.ok) value.barcode = barcode.value;
    else fail(message(barcode));
  }
  if (cells.category !== undefined) {
    const category = nameOrNone(cells.category, 100, 'category');
    if (category.ok) value.category = category.value;
    else fail(message(category));
  }
  if (cells.tax_rate !== undefined && cells.tax_rate.trim() !== '') {
    const tax = checkTaxPercent(cells.tax_rate);
    if (tax.ok) value.tax_rate_bp = tax.value;
    else fail(message(tax));
  }
  if (cells.track_stock !== undefined && cells.track_stock.trim() !== '') {
    const track = checkBoolean(cells.track_stock, 'track_stock');
    if (track.ok) value.track_stock = track.value;
    else fail(message(track));
  }
  if (cells.reorder_level !== undefined) {
    const level = checkReorderLevel(cells.reorder_level);
    if (level.ok) value.reorder_level = level.value;
    else fail(message(level));
  }
  if (cells.cost !== undefined) {
    const cost = checkCost(cells.cost, currency);
    if (cost.ok) value.cost = cost.value;
    else fail(message(cost));
  }
  if (cells.scale_code !== undefined) {
    const scaleCode = checkScaleCode(cells.scale_code);
    if (scaleCode.ok) value.scale_code = scaleCode.value;
    else fail(message(scaleCode));
  }
  if (cells.supplier !== undefined) {
    // The server matches the name among the shop's suppliers and names an unknown one by row ([IMP-9]).
    const supplier = nameOrNone(cells.supplier, 120, 'supplier');
    if (supplier.ok) value.supplier = supplier.value;
    else fail(message(supplier));
  }
  readVariant(cells, value, fail);
  return { value: errors.length === 0 ? value : null, errors };
}

const OPTION_SLOTS = [1, 2, 3] as const;

/** [IMP-7] A row with a parent_sku is a variant: its parent's option names and its values, one per name. */
function readVariant(
  cells: Partial<Record<CsvColumn, string>>,
  value: ImportRow,
  fail: (text: string) => void,
) {
  const parent = (cells.parent_sku ?? '').trim();
  if (parent === '') return;
  const sku = checkCode(parent, 'SKU');
  if (!sku.ok) {
    const problem = message(sku);
    fail(t`parent_sku: ${problem}`);
    return;
  }
  value.parent_sku = parent;
  let options = 0;
  for (const slot of OPTION_SLOTS) {
    const name = (cells[`option${slot}_name`] ?? '').trim();
    const optionValue = (cells[`option${slot}_value`] ?? '').trim();
    if (name === '' && optionValue === '') continue;
    if (name === '' || optionValue === '') {
      fail(t`option${slot} needs both a name and a value.`);
      continue;
    }
    if (name.length > 30 || optionValue.length > 60) {
      fail(t`option${slot} names are at most 30 characters, values at most 60.`);
      continue;
    }
    value[`option${slot}_name`] = name;
    value[`option${slot}_value`] = optionValue;
    options += 1;
  }
  if (options === 0) fail(t`a row with a parent_sku needs option1_name and option1_value.`);
}

/** Duplicates within the file, and barcodes another product of the catalog holds. */
function crossCheck(rows: readonly ImportRow[], catalog: CatalogCodes): RowError[] {
  const errors: RowError[] = [];
  const skuRow = new Map<string, number>();
  const barcodeRow = new Map<string, number>();
  const newBarcodeOf = new Map<string, string | null>();
  for (const row of rows) if (row.barcode !== undefined) newBarcodeOf.set(row.sku.toLowerCase(), row.barcode);
  for (const row of rows) {
    const sku = row.sku.toLowerCase();
    const first = skuRow.get(sku);
    const { sku: shownSku, barcode } = row;
    if (first !== undefined) errors.push(rowError(row.row, t`SKU "${shownSku}" is also on row ${first}.`));
    else skuRow.set(sku, row.row);
    if (!barcode) continue;
    const firstBarcode = barcodeRow.get(barcode);
    if (firstBarcode !== undefined) {
      errors.push(rowError(row.row, t`barcode "${barcode}" is also on row ${firstBarcode}.`));
      continue;
    }
    barcodeRow.set(barcode, row.row);
    const holder = catalog.barcodes.get(barcode);
    // Taken, unless by this same SKU or by a product this file gives another barcode.
    const freed =
      holder && holder.sku !== '' && newBarcodeOf.has(holder.sku) && newBarcodeOf.get(holder.sku) !== barcode;
    if (holder && holder.sku !== sku && !freed) {
      const { name } = holder;
      errors.push(rowError(row.row, t`barcode "${barcode}" already belongs to "${name}".`));
    }
  }
  return errors;
}

export function parseProductCsv(text: string, currency: string, catalog: CatalogCodes): ParsedImport {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const records = parsed.data;
  const empty: ParsedImport = { columns: [], rows: [], actions: [], errors: [] };
  const header = records[0];
  if (!header || header.every((cell) => cell.trim() === '')) {
    return { ...empty, errors: [t`The file is empty: the first row must name the columns.`] };
  }
  const { columns, errors: headerErrors } = readHeader(header);
  const present = columns.filter((column): column is CsvColumn => column !== null);
  if (headerErrors.length > 0) return { ...empty, columns: present, errors: headerErrors };

  const errors: RowError[] = [];
  const rows: ImportRow[] = [];
  for (let index = 1; index < records.length; index += 1) {
    const record = records[index] ?? [];
    if (record.every((cell) => cell.trim() === '')) continue;
    const rowNumber = index + 1;
    if (record.length !== columns.length) {
      const headerCells = columns.length;
      const cellCount = record.length;
      const problem = plural(cellCount, {
        one: `has # cell but the header has ${headerCells}.`,
        other: `has # cells but the header has ${headerCells}.`,
      });
      errors.push(rowError(rowNumber, problem));
      continue;
    }
    const cells: Partial<Record<CsvColumn, string>> = {};
    columns.forEach((column, at) => {
      if (column) cells[column] = unescapeFormula(record[at] ?? '');
    });
    const read = readRow(cells, rowNumber, currency);
    errors.push(...read.errors);
    if (read.value) rows.push(read.value);
  }
  if (rows.length === 0 && errors.length === 0) {
    return { columns: present, rows, actions: [], errors: [t`The file has a header but no rows.`] };
  }
  errors.push(...crossCheck(rows, catalog));
  errors.sort((a, b) => a.row - b.row);
  const actions = rows.map((row) => (catalog.skus.has(row.sku.toLowerCase()) ? 'update' : 'create'));
  return { columns: present, rows, actions, errors: errors.map((error) => error.text) };
}
