// The products list as CSV, in the import's column set (product-csv.ts), so export → import round-trips:
// price as exact major units, tax rate as a percentage, category by name. Cells a spreadsheet would run as
// a formula are escaped by the shared writer ([CSV-1]); the import undoes it.
import { toCsv } from '../../lib/csv';
import type { MirrorProduct } from '../../data/local/mirror-db';
import { CSV_COLUMNS, SCALE_COLUMNS, SUPPLIER_COLUMNS, VARIANT_COLUMNS } from './product-csv';
import { costText, numericText, priceText, taxPercentText } from './product-fields';

/**
 * `productById` finds a variant's parent ([IMP-7]): with a variant among the rows, each row also carries its
 * parent's SKU and its option names and values, so the import links it again. `supplierName` names a supplier
 * ([IMP-9]); without it (the names could not be read) there is no supplier column, so an import of the file
 * leaves suppliers alone rather than clearing them.
 */
export function productsToCsv(
  products: readonly MirrorProduct[],
  categoryName: (id: string | null) => string,
  currency: string,
  productById: (id: string) => MirrorProduct | undefined = () => undefined,
  supplierName?: (id: string) => string | undefined,
): string {
  const withVariants = products.some((product) => typeof product.variant_of === 'string');
  const withScaleCodes = products.some((product) => typeof product.scale_code === 'string');
  const withSuppliers =
    supplierName !== undefined && products.some((product) => typeof product.supplier_id === 'string');
  const data = products.map((product) => [
    product.sku ?? '',
    product.name,
    priceText(product.price, currency),
    product.barcode ?? '',
    categoryName(product.category_id),
    taxPercentText(product.tax_rate_bp),
    product.track_stock ? 'true' : 'false',
    numericText(product.reorder_level),
    costText(product.cost, currency),
    ...(withVariants ? variantCells(product, productById) : []),
    ...(withScaleCodes ? [product.scale_code ?? ''] : []),
    ...(withSuppliers ? [product.supplier_id ? (supplierName(product.supplier_id) ?? '') : ''] : []),
  ]);
  return toCsv(
    [
      ...CSV_COLUMNS,
      ...(withVariants ? VARIANT_COLUMNS : []),
      ...(withScaleCodes ? SCALE_COLUMNS : []),
      ...(withSuppliers ? SUPPLIER_COLUMNS : []),
    ],
    data,
  );
}

/** parent_sku, then a name and a value per option; empty for a product that is not a variant. */
function variantCells(
  product: MirrorProduct,
  productById: (id: string) => MirrorProduct | undefined,
): string[] {
  const parent = typeof product.variant_of === 'string' ? productById(product.variant_of) : undefined;
  const names = parent?.option_names ?? [];
  const values = product.option_values ?? [];
  const options = [0, 1, 2].flatMap((at) => [names[at] ?? '', values[at] ?? '']);
  return [parent?.sku ?? '', ...options];
}

/** A file to start from: the import's columns and one example row, in the shop's currency. */
export function productsCsvTemplate(currency: string): string {
  return toCsv(CSV_COLUMNS, [
    [
      'CRO-1',
      'Croissant',
      priceText(250, currency),
      '4006381333931',
      'Bakery',
      '10',
      'true',
      '12',
      priceText(90, currency),
    ],
  ]);
}
