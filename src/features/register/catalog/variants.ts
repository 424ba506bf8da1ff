// Parents and their variants in the register's catalogue (issue 21, [VAR-3]): a parent (a product with option
// names, domain/variant-stock.ts's isVariantParent) is never rung up itself; its variants on sale are the
// catalogue's products linked to it. Kept apart
// from the chooser dialog so the register's first screen does not load the dialog to know what a parent is.
import type { MirrorProduct } from '../../../data/local/mirror-db';

/** A variant: reached through its parent, so the list before anything is typed leaves it out. */
export function isVariant(product: MirrorProduct): boolean {
  return typeof product.variant_of === 'string';
}
