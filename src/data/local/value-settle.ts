// [VAL-32] This device's value entries stop counting on top of the mirror once a complete pull of
// `value_balances` went past their op's txid — [ONHAND-2]'s rule for stock deltas, per account. Push stamps
// each applied op's txid on its entries (there are few: only sales that touch value write any), so the
// stock pull's settling, which runs first and forgets the applied ops it settled, cannot lose them.
import type { LedgerDb } from './ledger-db';
import { txidAtMost } from './stock-on-hand';

/** [VAL-32] Settles the entries whose op's txid is at or before `cursorTxid`; answers how many. */
export async function settleValueEntries(ledger: LedgerDb, cursorTxid: string): Promise<number> {
  return ledger.transaction('rw', ledger.valueEntries, ledger.appliedOps, async () => {
    const [open, applied] = await Promise.all([
      ledger.valueEntries.where('settled').equals(0).toArray(),
      ledger.appliedOps.toArray(),
    ]);
    const txidOf = new Map(applied.map((op) => [op.op_id, op.txid]));
    const settled = open.flatMap((row) => {
      const txid = row.txid ?? txidOf.get(row.op_id) ?? null;
      return txid !== null && txidAtMost(txid, cursorTxid)
        ? [{ ...row, txid, settled: 1 as const, sync: 'synced' as const }]
        : [];
    });
    await ledger.valueEntries.bulkPut(settled);
    return settled.length;
  });
}

/** [PUSH-2] The server applied these ops: their entries keep its txid until a pull settles them. */
export async function stampValueTxids(
  ledger: LedgerDb,
  applied: readonly { op_id: string; txid: string }[],
): Promise<void> {
  if (applied.length === 0) return;
  const txidOf = new Map(applied.map((op) => [op.op_id, op.txid]));
  await ledger.valueEntries
    .where('op_id')
    .anyOf([...txidOf.keys()])
    .filter((row) => row.settled === 0)
    .modify((row) => {
      row.txid = txidOf.get(row.op_id) ?? row.txid;
    });
}
