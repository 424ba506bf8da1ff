// Marks the business row an op made with the op's fate: synced, or "needs attention" with the server's
// reason (DESIGN §6: a rejected sale is shown, never silently dropped). Runs inside the caller's transaction.
import type { LedgerDb } from './ledger-db';
import type { EntityRef, OpError, SyncState } from './ledger-types';

export function entityTable(ledger: LedgerDb, entity: EntityRef) {
  return ledger[entity.table];
}

export async function markEntity(
  ledger: LedgerDb,
  entity: EntityRef | null,
  sync: SyncState,
  error: OpError | null,
  extra: Record<string, unknown> = {},
): Promise<void> {
  if (entity === null) return;
  await entityTable(ledger, entity).update(entity.id, syncChanges(sync, error, extra));
}

/** The fields markEntity sets, for callers that mark many rows in one bulk request. */
export function syncChanges(
  sync: SyncState,
  error: OpError | null,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { sync, error, ...extra };
}
