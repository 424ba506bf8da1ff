// A product with variants is not a stock item (issue 34, src/domain/SPEC.md [PSTOCK-T1]..[PSTOCK-T2]): a
// parent (a product with option names) is sold through its variants, each a product with its own stock, and
// its own stock level stays at zero. So where the till shows stock, a parent shows what its variants hold, and
// nothing counts it as low or values its stock. Pure: the screens pass their products and on-hand map.
import { formatQuantity, type Milli } from './quantity';

/** What these rules read of a product (a mirror row fits). */
export interface StockProduct {
  id: string;
  track_stock: boolean;
  option_names?: readonly string[] | null | undefined;
  variant_of?: string | null | undefined;
}

/** What a parent's variants hold: how many of them (among the products given) and their stock added up. */
export interface VariantStock {
  variants: number;
  /** Of the variants that track stock; `tracked` 0: none does, so there is no stock to show. */
  onHand: Milli;
  tracked: number;
}

/** A product with options: sold through its variants, never a stock item itself. */
export function isVariantParent(product: StockProduct): boolean {
  return (product.option_names?.length ?? 0) > 0;
}

/** [PSTOCK-T2] A product whose own stock counts (low stock, stock value): tracked and not a parent. */
export function isStockItem(product: StockProduct): boolean {
  return product.track_stock && !isVariantParent(product);
}

/** [PSTOCK-T1] Each parent's variants among `products`, with their stock added up: one pass, by parent id. */
export function variantStockByParent(
  products: readonly StockProduct[],
  onHand: ReadonlyMap<string, Milli>,
): Map<string, VariantStock> {
  const byParent = new Map<string, VariantStock>();
  for (const product of products) {
    const parent = product.variant_of;
    if (typeof parent !== 'string') continue;
    const sum = byParent.get(parent) ?? { variants: 0, onHand: 0, tracked: 0 };
    sum.variants += 1;
    if (product.track_stock) {
      sum.tracked += 1;
      sum.onHand += onHand.get(product.id) ?? 0;
    }
    byParent.set(parent, sum);
  }
  return byParent;
}

/** [PSTOCK-T1] A parent's stock line: "6 variants, 28 in stock"; null when no variant tracks stock. */
export function variantStockText(stock: VariantStock | undefined): string | null {
  if (!stock || stock.tracked === 0) return null;
  const count = stock.variants === 1 ? '1 variant' : `${String(stock.variants)} variants`;
  return `${count}, ${formatQuantity(stock.onHand)} in stock`;
}
