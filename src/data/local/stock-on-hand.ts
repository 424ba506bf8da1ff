// On-hand at the till (DESIGN §5): the mirrored stock level plus this device's deltas that a pull has not
// surely brought in yet. A delta is settled once its op was applied (it has the server's txid) and a full
// pull of stock_levels went past that txid — until then it is added on top of the mirror.
import { fromNumeric, type Milli } from '../../domain/quantity';
import type { LedgerDb } from './ledger-db';
import type { MirrorDb } from './mirror-db';

/** [ONHAND-1] Mirror level + unsettled local deltas, in thousandths. Usable inside a liveQuery. */
export async function onHand(
  ledger: LedgerDb,
  mirror: MirrorDb,
  storeId: string,
  productId: string,
): Promise<Milli> {
  const [level, local] = await Promise.all([
    mirror.stockLevels.where('[store_id+product_id]').equals([storeId, productId]).first(),
    ledger.stockMovements
      .where('[store_id+product_id]')
      .equals([storeId, productId])
      .filter((row) => row.settled === 0)
      .toArray(),
  ]);
  const base = level ? fromNumeric(level.on_hand) : 0;
  return local.reduce((total, row) => total + row.delta, base);
}

/** [ONHAND-1] The same for every product of a store at once (the register's list), in thousandths. */
export async function onHandByProduct(
  ledger: LedgerDb,
  mirror: MirrorDb,
  storeId: string,
): Promise<Map<string, Milli>> {
  const totals = new Map<string, Milli>();
  const levels = await mirror.stockLevels.filter((row) => row.store_id === storeId).toArray();
  for (const level of levels) totals.set(level.product_id, fromNumeric(level.on_hand));
  const local = await ledger.stockMovements.where('settled').equals(0).toArray();
  for (const row of local) {
    if (row.store_id !== storeId) continue;
    totals.set(row.product_id, (totals.get(row.product_id) ?? 0) + row.delta);
  }
  return totals;
}

/** Compares two xid8 values sent as decimal strings (they may exceed 2^53). */
export function txidAtMost(txid: string, bound: string): boolean {
  return BigInt(txid) <= BigInt(bound);
}

/**
 * [ONHAND-2] After a complete pull of stock_levels up to `cursorTxid`, the deltas applied at or before it
 * are in the mirror's levels: they stop counting on top, synced, with their op's txid. The op's txid is the
 * one push kept in `appliedOps` (or, for a delta written before version 4, its own); once every op at or
 * before the cursor is settled, its entry goes.
 */
export async function settleDeltas(ledger: LedgerDb, cursorTxid: string): Promise<number> {
  return ledger.transaction('rw', ledger.stockMovements, ledger.appliedOps, async () => {
    const [open, applied] = await Promise.all([
      ledger.stockMovements.where('settled').equals(0).toArray(),
      ledger.appliedOps.toArray(),
    ]);
    const txidOf = new Map(applied.map((op) => [op.op_id, op.txid]));
    const settled = open.flatMap((row) => {
      const txid = txidOf.get(row.op_id) ?? row.txid;
      return txid !== null && txidAtMost(txid, cursorTxid)
        ? [{ ...row, txid, settled: 1 as const, sync: 'synced' as const }]
        : [];
    });
    await ledger.stockMovements.bulkPut(settled);
    await ledger.appliedOps.bulkDelete(
      applied.filter((op) => txidAtMost(op.txid, cursorTxid)).map((op) => op.op_id),
    );
    return settled.length;
  });
}
