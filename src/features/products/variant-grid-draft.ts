// The variant grid as a manager types it (issue 21, supabase/SPEC.md [VAR-9]): up to three options, each a
// name and its values typed as a list ("S, M, L"), and one row per variant with its values, SKU, barcode,
// price, cost and active flag. 'Generate combinations' makes a row for every combination of the typed values,
// keeping the rows that exist; saving checks the grid the way save_product_variants does, so most mistakes
// are said before anything is sent. Pure.
import { t } from '@lingui/core/macro';
import type { MirrorProduct } from '../../data/local/mirror-db';
import type { VariantInput } from '../../data/remote/product-writes';
import { err, ok, type Result } from '../../domain/result';
import { checkCode, checkCost, checkName, checkPrice, costText, priceText } from './product-fields';

export const MAX_OPTIONS = 3;

export interface GridOption {
  name: string;
  /** The option's values as typed: separated by commas. */
  values: string;
}

export interface GridRow {
  /** The variant's product id, or null for a row not yet saved. */
  id: string | null;
  values: string[];
  sku: string;
  barcode: string;
  price: string;
  cost: string;
  active: boolean;
}

export interface Grid {
  options: GridOption[];
  rows: GridRow[];
}

/** The values typed for an option: trimmed, blanks dropped, each once (case-insensitive), in typed order. */
export function valuesOf(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((value) => value.trim())
    .filter((value) => {
      const key = value.toLowerCase();
      if (value === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

const sameValues = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, at) => value.toLowerCase() === b[at]?.toLowerCase());

/** The grid as saved: the parent's option names with the values its variants use, and a row per variant. */
export function gridOf(parent: MirrorProduct, variants: readonly MirrorProduct[], currency: string): Grid {
  const names = parent.option_names ?? [];
  const options = names.map((name, at) => ({
    name,
    values: [...new Set(variants.map((variant) => variant.option_values?.[at] ?? ''))]
      .filter((value) => value !== '')
      .join(', '),
  }));
  const rows = variants.map((variant) => ({
    id: variant.id,
    values: [...(variant.option_values ?? [])],
    sku: variant.sku ?? '',
    barcode: variant.barcode ?? '',
    price: priceText(variant.price, currency),
    cost: costText(variant.cost, currency),
    active: variant.active,
  }));
  return { options: options.length > 0 ? options : [{ name: '', values: '' }], rows };
}

/** Every combination of the options' values, the first option varying slowest (S Blue, S Black, M Blue…). */
export function combinationsOf(options: readonly GridOption[]): string[][] {
  return options.reduce<string[][]>(
    (combinations, option) =>
      combinations.flatMap((head) => valuesOf(option.values).map((value) => [...head, value])),
    [[]],
  );
}

/**
 * [VAR-9] A row for every combination: an existing row keeps its fields (found by its values, whatever their
 * case); a new one starts at the parent's price and cost. Rows of combinations no longer typed are left out,
 * and so deactivated when the grid is saved.
 */
export function withCombinations(grid: Grid, parent: MirrorProduct, currency: string): GridRow[] {
  return combinationsOf(grid.options).map(
    (values) =>
      grid.rows.find((row) => sameValues(row.values, values)) ?? {
        id: null,
        values,
        sku: '',
        barcode: '',
        price: priceText(parent.price, currency),
        cost: costText(parent.cost, currency),
        active: true,
      },
  );
}

export interface CheckedGrid {
  optionNames: string[];
  variants: VariantInput[];
}

/** The grid as save_product_variants takes it, or the first mistake in words ("Row 2: Enter a price."). */
export function checkGrid(grid: Grid, currency: string): Result<CheckedGrid> {
  const optionNames: string[] = [];
  for (const option of grid.options) {
    const name = checkName(option.name, 30);
    if (!name.ok) {
      const number = optionNames.length + 1;
      const problem = name.error.message;
      return err(name.error.code, t`Option ${number}: ${problem}`);
    }
    const called = name.value;
    if (optionNames.some((other) => other.toLowerCase() === called.toLowerCase())) {
      return err('duplicate_option', t`Two options are called ${called}.`);
    }
    optionNames.push(name.value);
  }
  if (grid.rows.length === 0)
    return err('no_rows', t`Generate the combinations first: the grid has no variants.`);
  const variants: VariantInput[] = [];
  for (const [at, row] of grid.rows.entries()) {
    const checked = checkRow(row, currency);
    if (!checked.ok) {
      const number = at + 1;
      const variant = row.values.join(' / ');
      const problem = checked.error.message;
      return err(checked.error.code, t`Row ${number} (${variant}): ${problem}`);
    }
    variants.push(checked.value);
  }
  return ok({ optionNames, variants });
}

function checkRow(row: GridRow, currency: string): Result<VariantInput> {
  const sku = checkCode(row.sku, 'SKU');
  if (!sku.ok) return sku;
  const barcode = checkCode(row.barcode, 'barcode');
  if (!barcode.ok) return barcode;
  const price = checkPrice(row.price, currency);
  if (!price.ok) return price;
  const cost = checkCost(row.cost, currency);
  if (!cost.ok) return cost;
  return ok({
    ...(row.id === null ? {} : { id: row.id }),
    option_values: row.values,
    sku: sku.value,
    barcode: barcode.value,
    price: price.value,
    cost: cost.value,
    active: row.active,
  });
}
