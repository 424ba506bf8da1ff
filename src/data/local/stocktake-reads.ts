// Counting at the register (issue 38, [PUR-T12]…[PUR-T14]): this store's open stocktakes and this till's
// counts of one, read from the device alone so counting works offline.
import type { CountLine } from '../../domain/purchasing/count-lines';
import type { LedgerDb } from './ledger-db';
import type { MirrorDb, MirrorProduct, MirrorStocktake } from './mirror-db';

const live = (row: { deleted_at?: string | null }) => row.deleted_at === null || row.deleted_at === undefined;

/** The store's open stocktakes as last pulled, by number (a stocktake not yet numbered last). */
export async function openStocktakes(mirror: MirrorDb, storeId: string): Promise<MirrorStocktake[]> {
  const rows = await mirror.stocktakes.where('store_id').equals(storeId).toArray();
  return rows
    .filter((row) => live(row) && row.status === 'open')
    .sort((a, b) => (a.number ?? '\uffff').localeCompare(b.number ?? '\uffff'));
}

/**
 * [PUR-T13] The counts this till already sent for a stocktake, each line in force (none of this till's later
 * lines replaces it), so a change after sending goes as a line that `replaces` it.
 */
export async function countedHere(ledger: LedgerDb, stocktakeId: string): Promise<CountLine[]> {
  const rows = await ledger.stocktakeCountLines.where('stocktake_id').equals(stocktakeId).toArray();
  const replaced = new Set(rows.flatMap((row) => (row.replaces === null ? [] : [row.replaces])));
  return rows
    .filter((row) => !replaced.has(row.id))
    .sort((a, b) => a.counted_at.localeCompare(b.counted_at))
    .map((row) => ({
      id: row.id,
      productId: row.product_id,
      zone: row.zone ?? '',
      counted: row.counted,
      countedAt: row.counted_at,
      sentId: row.id,
      dirty: false,
    }));
}

/** [PUR-T12] Whether a product is on the stocktake's list (its scope), as the server reads it ([PUR-31]). */
export function inStocktakeScope(stocktake: MirrorStocktake, product: MirrorProduct): boolean {
  if (stocktake.scope === 'category') return product.category_id === stocktake.category_id;
  if (stocktake.scope === 'supplier') return (product.supplier_id ?? null) === stocktake.supplier_id;
  return true;
}
