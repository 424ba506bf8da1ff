// The stock history as shown: the server's page of movements (every till) with this device's movements
// the server does not have yet laid over it, or — when the server cannot be asked — this device's own
// movements alone. Filtering of device rows mirrors the server's filter so both halves agree.
import type { DeviceStockMovement } from '../../data/local/back-office-reads';
import type { SyncState } from '../../data/local/ledger-types';
import type { ServerStockMovement, StockMovementFilter } from '../../data/remote/stock-movements';
import { withinBounds } from '../../lib/day-bounds';

export interface MovementRow extends ServerStockMovement {
  state: SyncState;
}

export function matchesFilter(row: DeviceStockMovement, filter: StockMovementFilter): boolean {
  return (
    (!filter.productId || row.product_id === filter.productId) &&
    (!filter.reason || row.reason === filter.reason) &&
    (!filter.terminalId || row.terminal_id === filter.terminalId) &&
    withinBounds(row.occurred_at, filter.from, filter.to)
  );
}

function fromDevice(row: DeviceStockMovement): MovementRow {
  return {
    id: row.id,
    store_id: row.store_id,
    product_id: row.product_id,
    delta: row.delta,
    reason: row.reason,
    terminal_id: row.terminal_id,
    note: row.note,
    occurred_at: row.occurred_at,
    state: row.sync,
  };
}

/**
 * `server` null: this device's movements only. Otherwise the server's page, plus (on the first page,
 * `withUnsynced`) this device's movements the server has not applied — pending or needing attention.
 */
export function mergeMovements(
  server: readonly ServerStockMovement[] | null,
  device: readonly DeviceStockMovement[],
  filter: StockMovementFilter,
  withUnsynced: boolean,
): MovementRow[] {
  const local = device.filter((row) => row.delta !== 0 && matchesFilter(row, filter));
  if (server === null) return local.map(fromDevice);
  const rows: MovementRow[] = server.map((row) => ({ ...row, state: 'synced' }));
  if (withUnsynced) {
    const known = new Set(server.map((row) => row.id));
    for (const row of local) {
      if (row.sync !== 'synced' && !known.has(row.id)) rows.push(fromDevice(row));
    }
  }
  return rows.sort((a, b) => b.occurred_at.localeCompare(a.occurred_at) || b.id.localeCompare(a.id));
}
