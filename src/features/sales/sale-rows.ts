// The sales list as shown: a page of the server's sales (every till) with this device's sales the server
// does not have yet merged in — deduplicated by id, newest first — or, without the server, this device's
// sales alone. Device rows keep their state: pending, or needs attention when the server refused them.
import { t } from '@lingui/core/macro';
import type { LedgerSale, SyncState } from '../../data/local/ledger-types';
import type { SaleFilter, ServerSale, ServerSaleSummary } from '../../data/remote/sales';
import { withinBounds } from '../../lib/day-bounds';

export interface SalesFilter extends SaleFilter {
  state?: SyncState;
}

export interface SaleRow extends Omit<ServerSaleSummary, 'cashier_id'> {
  cashier_id: string | null;
  state: SyncState;
  /** The server's lines and tenders; null for a device row (read from the ledger when opened). */
  server: ServerSale | null;
  error: string | null;
}

export function fromLedger(sale: LedgerSale): SaleRow {
  return {
    id: sale.id,
    terminal_id: sale.terminal_id,
    cashier_id: sale.cashier_id,
    customer_id: sale.customer_id,
    kind: sale.kind,
    refund_of: sale.refund_of,
    receipt_no: sale.receipt_no,
    subtotal: sale.subtotal ?? sale.total,
    discount_total: sale.discount_total ?? 0,
    tax_total: sale.tax_total,
    rounding: sale.rounding,
    total: sale.total,
    occurred_at: sale.occurred_at,
    note: sale.note,
    state: sale.sync,
    server: null,
    error: sale.error?.message ?? null,
  };
}

export function fromServer(sale: ServerSale): SaleRow {
  return { ...sale, state: 'synced', server: sale, error: null };
}

export function matchesSale(row: SaleRow, filter: SalesFilter): boolean {
  return (
    (!filter.terminalId || row.terminal_id === filter.terminalId) &&
    (!filter.cashierId || row.cashier_id === filter.cashierId) &&
    (!filter.kind || row.kind === filter.kind) &&
    (!filter.state || row.state === filter.state) &&
    withinBounds(row.occurred_at, filter.from, filter.to)
  );
}

/**
 * `server` null: this device's sales only. Otherwise the server's page and (on the first page,
 * `withUnsynced`) this device's sales that are not synced, unless the server already has them.
 */
export function mergeSales(
  server: readonly ServerSale[] | null,
  device: readonly LedgerSale[],
  filter: SalesFilter,
  withUnsynced: boolean,
): SaleRow[] {
  const local = device.map(fromLedger).filter((row) => matchesSale(row, filter));
  if (server === null) return local;
  const rows = server.map(fromServer);
  if (withUnsynced) {
    const known = new Set(rows.map((row) => row.id));
    rows.push(...local.filter((row) => row.state !== 'synced' && !known.has(row.id)));
  }
  return rows.sort((a, b) => b.occurred_at.localeCompare(a.occurred_at) || b.id.localeCompare(a.id));
}

/** What the server could not verify about a synced sale, in words; empty when all is verified or unknown. */
function approvalWords(action: string | null | undefined): string {
  if (!action) return t`the manager’s approval`;
  const what = action.replace(/_/g, ' ');
  return t`the manager’s approval (${what})`;
}

export function unverifiedParts(row: SaleRow): string[] {
  const verification = row.server?.verification;
  if (!verification) return [];
  return [
    ...(verification.cashierVerified ? [] : [t`who sold it`]),
    ...(verification.approvalVerified === false ? [approvalWords(verification.approvalAction)] : []),
  ];
}
