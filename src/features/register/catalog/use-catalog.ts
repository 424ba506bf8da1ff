// The catalogue at the counter as React state: starts from the loaded catalog and takes in products a manager
// changed here (a quick key, a product added for an unknown barcode), so the tiles and the search index show
// them at once, before the mirror has pulled them back. The search index is built once the list and the open
// cart have been painted (P6), or sooner by the first scan or query that needs it.
import { t } from '@lingui/core/macro';
import { useCallback, useEffect, useState } from 'react';
import { compareByFoldedName, ProductSearchIndex } from '../../../domain/product-search';
import { addSearchKeys, type MirrorProduct } from '../../../data/local/mirror-db';
import { afterNextPaint } from '../../../lib/after-paint';
import { markBoot } from '../../../lib/boot-marks';
import { freeQuickKey, quickKeyOf } from './catalog-edits';
import type { NewProductInput, RegisterCatalog, RegisterDeps } from '../register-deps';

/** Replaces a product (same id) or inserts it in name order (the register's: by folded name). */
function withProduct(products: readonly MirrorProduct[], product: MirrorProduct): MirrorProduct[] {
  const others = products.filter((other) => other.id !== product.id);
  const at = others.findIndex((other) => compareByFoldedName(other, product) > 0);
  others.splice(at === -1 ? others.length : at, 0, product);
  return others;
}

export interface CatalogAtCounter {
  catalog: RegisterCatalog;
  /** Present for owners and managers with a server to write to. */
  toggleQuickKey?: (product: MirrorProduct) => Promise<string | null>;
  addProduct?: (input: NewProductInput) => Promise<{ product: MirrorProduct } | { problem: string }>;
}

/**
 * `cartShown`: the open cart has been read back and shown. The index is built after that paint, so the stored
 * cart's read does not wait behind the build (P6: the register is usable with its cart); a scan or query
 * before then builds it on the spot.
 */
export function useCatalog(
  deps: Pick<RegisterDeps, 'catalog' | 'catalogEdits' | 'role' | 'watchProducts'>,
  cartShown = true,
): CatalogAtCounter {
  const [catalog, setCatalog] = useState(deps.catalog);
  const [loaded, setLoaded] = useState(deps.catalog);
  // A new catalog from the route (another visit) replaces what the counter holds.
  if (loaded !== deps.catalog) {
    setLoaded(deps.catalog);
    setCatalog(deps.catalog);
  }

  // A pull that changed products rebuilds the search index over what is on sale now; the cart keeps its lines.
  const { watchProducts } = deps;
  useEffect(
    () =>
      watchProducts?.((products) => {
        setCatalog((current) => ({ ...current, index: new ProductSearchIndex(products), products }));
      }),
    [watchProducts],
  );

  const { index } = catalog;
  useEffect(() => {
    if (!cartShown) return;
    return afterNextPaint(() => {
      index.prepare();
      markBoot('catalog indexed');
    });
  }, [index, cartShown]);

  // A product the server sent back gets the same search keys a pull would store with it.
  const put = useCallback((edited: MirrorProduct) => {
    const product = addSearchKeys({ ...edited });
    setCatalog((current) => {
      current.index.upsert(product);
      return { ...current, products: withProduct(current.products, product) };
    });
  }, []);

  const edits = deps.role === 'owner' || deps.role === 'manager' ? deps.catalogEdits : undefined;
  if (!edits) return { catalog };
  return {
    catalog,
    toggleQuickKey: async (product) => {
      const key = quickKeyOf(product) === null ? freeQuickKey(catalog.products) : null;
      if (key === null && quickKeyOf(product) === null) return t`All 999 quick keys are taken.`;
      const changed = await edits.setQuickKey(product, key);
      if (!changed.ok) return changed.error.message;
      put(changed.value);
      return null;
    },
    addProduct: async (input) => {
      const added = await edits.addProduct(input);
      if (!added.ok) return { problem: added.error.message };
      put(added.value);
      return { product: added.value };
    },
  };
}
