// Which products the table shows: a search over name, SKU and barcode (the register's ProductSearchIndex,
// one pass over pre-folded text, best matches first) narrowed by category, low stock and archived. Pure.
import type { MirrorProduct } from '../../data/local/mirror-db';
import type { ProductSearchIndex } from '../../domain/product-search';
import { fromNumeric, type Milli } from '../../domain/quantity';
import { isStockItem } from '../../domain/variant-stock';

export const NO_CATEGORY = 'none';

export interface ProductFilter {
  query: string;
  /** '' for all, NO_CATEGORY for products without one, else a category id. */
  categoryId: string;
  lowStock: boolean;
  showArchived: boolean;
}

export const NO_FILTER: ProductFilter = { query: '', categoryId: '', lowStock: false, showArchived: false };

/**
 * Tracked and at or below its reorder level, or below zero (as the server's low-stock report counts). Never a
 * parent ([PSTOCK-T2]): its own stock stays at zero while its variants hold the stock, and they are marked.
 */
export function isLowStock(product: MirrorProduct, onHand: ReadonlyMap<string, Milli>): boolean {
  if (!isStockItem(product)) return false;
  const quantity = onHand.get(product.id) ?? 0;
  const level = product.reorder_level;
  if (typeof level === 'number' || typeof level === 'string') {
    if (quantity <= fromNumeric(level)) return true;
  }
  return quantity < 0;
}

export function filterProducts(
  products: readonly MirrorProduct[],
  filter: ProductFilter,
  onHand: ReadonlyMap<string, Milli>,
  index: ProductSearchIndex<MirrorProduct>,
): MirrorProduct[] {
  const query = filter.query.trim();
  const candidates = query === '' ? products : index.search(query, Math.max(index.size, 1)).items;
  return candidates.filter(
    (product) =>
      (filter.showArchived || product.active) &&
      (filter.categoryId === '' ||
        (filter.categoryId === NO_CATEGORY
          ? product.category_id === null
          : product.category_id === filter.categoryId)) &&
      (!filter.lowStock || isLowStock(product, onHand)),
  );
}
