// The products screen's live data: the company's products (name order), categories, and on hand per product,
// read with Dexie's liveQuery so the list follows every pull (DESIGN §5) without reloading. Also the
// browser's online flag (src/ui/use-online.ts) decides whether edits can be saved.
import { t } from '@lingui/core/macro';
import { useCallback } from 'react';
import { companyProducts, companyRows, companySettings } from '../../data/local/mirror-reads';
import type { MirrorProduct } from '../../data/local/mirror-db';
import { onHandByProduct } from '../../data/local/stock-on-hand';
import type { Milli } from '../../domain/quantity';
import type { ProductsDeps } from './products-deps';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';

export interface CategoryRow {
  id: string;
  name: string;
}

export interface CatalogData {
  /** Every product of the company, archived ones too, in name order. */
  products: MirrorProduct[];
  categories: CategoryRow[];
  /** Summed over the company's stores, with this device's unsynced deltas (ONHAND-1). */
  onHand: Map<string, Milli>;
  defaultTaxRateBp: number;
}

/** What a panel of the products screen (categories, import, modifiers) is given. */
export interface PanelProps {
  deps: ProductsDeps;
  catalog: CatalogData;
  online: boolean;
  onClose: () => void;
}

function byName<T extends { name: string }>(rows: T[]): T[] {
  // Plain comparison of pre-lowered keys: a locale collator over 50,000 names costs a visible pause.
  const keyed = rows.map((row) => ({ row, key: row.name.toLowerCase() }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((entry) => entry.row);
}

async function readCatalog(deps: ProductsDeps): Promise<CatalogData> {
  const { mirror, ledger, companyId } = deps;
  const [products, categoryRows, stores, company] = await Promise.all([
    companyProducts(mirror, companyId),
    companyRows(mirror, 'categories', companyId),
    companyRows(mirror, 'stores', companyId),
    companySettings(mirror, companyId),
  ]);
  const onHand = new Map<string, Milli>();
  for (const store of stores) {
    for (const [productId, quantity] of await onHandByProduct(ledger, mirror, store.id)) {
      onHand.set(productId, (onHand.get(productId) ?? 0) + quantity);
    }
  }
  const categories = byName(
    categoryRows.map((row) => ({ id: row.id, name: typeof row.name === 'string' ? row.name : t`Unnamed` })),
  );
  const tax = company?.default_tax_rate_bp;
  return {
    products: byName(products),
    categories,
    onHand,
    defaultTaxRateBp: typeof tax === 'number' ? tax : 0,
  };
}

export function useCatalogData(deps: ProductsDeps): CatalogData | undefined {
  const query = useCallback(() => readCatalog(deps), [deps]);
  return readyValue(useLiveQuery(query));
}
