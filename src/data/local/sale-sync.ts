// A sale's sync state, as the ledger keeps it since issue 39: the sale row stores only what cannot be
// derived — "needs attention" with the server's reason once its op was refused, otherwise the state it was
// recorded with ('pending'; rows written before issue 39 may say 'synced'). Whether it has synced is read
// from the outbox: push deletes an op when the server answers it, so a sale whose op is no longer queued and
// that does not need attention is synced. Rewriting each answered sale (and every index of its row) was most
// of a replay's IndexedDB work in Chromium (P5). Every read of a sale for a screen goes through here.
import type { LedgerDb } from './ledger-db';
import type { LedgerSale, SyncState } from './ledger-types';

type SaleSync = Pick<LedgerSale, 'op_id' | 'sync'>;

/** The ledger tables whose rows are not marked synced when their op is answered: it is derived (above). */
export const DERIVED_SYNC_TABLES: ReadonlySet<string> = new Set(['sales']);

/** A sale's state from what its row stores and whether its op is still in the outbox. */
export function saleSyncState(stored: SyncState, queued: boolean): SyncState {
  if (stored === 'attention') return 'attention';
  return queued ? 'pending' : 'synced';
}

/**
 * The sales with their sync state derived, with one read of the outbox's keys for the lot. Inside Dexie's
 * liveQuery the read follows those ops, so a screen sees a sale turn synced when its op leaves the outbox.
 */
export async function withSaleSync<T extends SaleSync>(ledger: LedgerDb, sales: readonly T[]): Promise<T[]> {
  if (sales.length === 0) return [];
  const opIds = [...new Set(sales.map((sale) => sale.op_id))];
  const queued = new Set(await ledger.outbox.where(':id').anyOf(opIds).primaryKeys());
  return sales.map((sale) => ({ ...sale, sync: saleSyncState(sale.sync, queued.has(sale.op_id)) }));
}

/** One sale (or none) with its sync state derived. */
export async function withOneSaleSync<T extends SaleSync>(
  ledger: LedgerDb,
  sale: T | undefined,
): Promise<T | undefined> {
  if (sale === undefined) return undefined;
  const [derived] = await withSaleSync(ledger, [sale]);
  return derived;
}
