// The products list with variants (issue 21): each parent is followed by its variants (in their grid order)
// and shows how many it has; a variant whose parent the filters hide stays where name order puts it. One
// pass each way, so 50,000 products cost no more to list than before. Pure.
import type { MirrorProduct } from '../../data/local/mirror-db';
import { isVariantParent } from '../../domain/variant-stock';

/** How many variants each parent has (inactive ones too), by parent id. */
export function variantCounts(products: readonly MirrorProduct[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const product of products) {
    if (typeof product.variant_of === 'string') {
      counts.set(product.variant_of, (counts.get(product.variant_of) ?? 0) + 1);
    }
  }
  return counts;
}

/** `products` in their order, each shown parent's variants moved to just under it. */
export function variantsUnderParents(products: readonly MirrorProduct[]): readonly MirrorProduct[] {
  const shownParents = new Set<string>();
  const underParent = new Map<string, MirrorProduct[]>();
  for (const product of products) {
    if (isVariantParent(product)) shownParents.add(product.id);
  }
  for (const product of products) {
    const parent = product.variant_of;
    if (typeof parent === 'string' && shownParents.has(parent)) {
      const list = underParent.get(parent) ?? [];
      list.push(product);
      underParent.set(parent, list);
    }
  }
  if (underParent.size === 0) return products;
  const ordered: MirrorProduct[] = [];
  for (const product of products) {
    const parent = product.variant_of;
    if (typeof parent === 'string' && shownParents.has(parent)) continue;
    ordered.push(product);
    const variants = underParent.get(product.id);
    if (variants) {
      ordered.push(...variants.sort((a, b) => (a.variant_position ?? 0) - (b.variant_position ?? 0)));
    }
  }
  return ordered;
}
