// Marks the business row an op made with the op's fate: synced, or "needs attention" with the server's
// reason (DESIGN §6: a rejected sale is shown, never silently dropped). Runs inside the caller's transaction.
import type { LedgerDb } from './ledger-db';
import type { EntityRef, OpError, SyncState } from './ledger-types';

export function entityTable(ledger: LedgerDb, entity: EntityRef) {
  return ledger[entity.table];
}

/** The ledger tables an answer may touch; a transaction applying answers must include them all. */
export function answerTables(ledger: LedgerDb) {
  return [
    ledger.outbox,
    ledger.deadLetters,
    ledger.meta,
    ledger.sales,
    ledger.customers,
    ledger.stockMovements,
    ledger.shifts,
    ledger.cashMovements,
  ];
}

export async function markEntity(
  ledger: LedgerDb,
  entity: EntityRef | null,
  sync: SyncState,
  error: OpError | null,
  extra: Record<string, unknown> = {},
): Promise<void> {
  if (entity === null) return;
  await entityTable(ledger, entity).update(entity.id, { sync, error, ...extra });
}
