// What a promotion can name, from this device's mirror (so the form opens offline, and follows every pull):
// the shop's live products (parents and variants), its categories and its stores, by name.
import { t } from '@lingui/core/macro';
import { useCallback } from 'react';
import { companyProducts, companyRows } from '../../../data/local/mirror-reads';
import type { MirrorDb } from '../../../data/local/mirror-db';
import { readyValue, useLiveQuery } from '../../../ui/use-live-query';

export interface NamedRow {
  id: string;
  name: string;
}

export interface PromotionCatalog {
  products: NamedRow[];
  categories: NamedRow[];
  stores: NamedRow[];
}

const byName = (a: NamedRow, b: NamedRow) => a.name.localeCompare(b.name);

function named(rows: readonly { id: string; name?: unknown; deleted_at?: unknown }[]): NamedRow[] {
  return rows
    .filter((row) => !row.deleted_at)
    .map((row) => ({ id: row.id, name: typeof row.name === 'string' ? row.name : t`Unnamed` }))
    .sort(byName);
}

async function readCatalog(mirror: MirrorDb, companyId: string): Promise<PromotionCatalog> {
  const [products, categories, stores] = await Promise.all([
    companyProducts(mirror, companyId),
    companyRows(mirror, 'categories', companyId),
    companyRows(mirror, 'stores', companyId),
  ]);
  return {
    products: named(products.filter((product) => product.active)),
    categories: named(categories),
    stores: named(stores),
  };
}

export function usePromotionCatalog(mirror: MirrorDb, companyId: string): PromotionCatalog | undefined {
  const query = useCallback(() => readCatalog(mirror, companyId), [mirror, companyId]);
  return readyValue(useLiveQuery(query));
}
