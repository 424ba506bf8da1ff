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
 * `withUnsynced`) this device's movements the page does not hold: pending or needing attention, and also
 * synced ones that belong on it. The page is cached, so a movement that synced after it was fetched is
 * missing from it; without this it would vanish from the history the moment it synced.
 */
export function mergeMovements(
  server: { rows: readonly ServerStockMovement[]; total: number } | null,
  device: readonly DeviceStockMovement[],
  filter: StockMovementFilter,
  withUnsynced: boolean,
): MovementRow[] {
  const local = device.filter((row) => row.delta !== 0 && matchesFilter(row, filter));
  if (server === null) return local.map(fromDevice);
  const rows: MovementRow[] = server.rows.map((row) => ({ ...row, state: 'synced' }));
  if (withUnsynced) {
    const known = new Set(server.rows.map((row) => row.id));
    const oldest = server.rows.at(-1)?.occurred_at;
    const wholeList = server.total <= server.rows.length;
    const onThisPage = (row: DeviceStockMovement) =>
      wholeList || oldest === undefined || row.occurred_at >= oldest;
    for (const row of local) {
      if (!known.has(row.id) && (row.sync !== 'synced' || onThisPage(row))) rows.push(fromDevice(row));
    }
  }
  return rows.sort((a, b) => b.occurred_at.localeCompare(a.occurred_at) || b.id.localeCompare(a.id));
}
