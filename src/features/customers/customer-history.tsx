// A customer's purchases and totals: this device's sales with the customer (live from the ledger, so an
// unsynced sale shows at once) merged with every till's from the server when it can be asked.
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { deviceSalesOfCustomer } from '../../data/local/back-office-reads';
import type { LedgerSale, SyncState } from '../../data/local/ledger-types';
import { customerSalesQuery, type ServerSaleSummary } from '../../data/remote/sales';
import { formatMoney } from '../../lib/format-money';
import { Alert } from '../../ui/alert';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { useOnline } from '../../ui/use-online';
import { formatWhen } from '../../lib/format-when';
import { SYNC_STATE_WORDS } from '../../ui/sync-state-words';
import type { CustomerRow } from './customer-rows';
import type { CustomersDeps } from './customers-deps';

export interface PurchaseRow {
  id: string;
  receipt_no: string;
  kind: 'sale' | 'refund';
  total: number;
  occurred_at: string;
  state: SyncState;
}

export function mergePurchases(
  server: readonly ServerSaleSummary[],
  device: readonly LedgerSale[],
): PurchaseRow[] {
  const rows = new Map<string, PurchaseRow>(
    server.map(({ id, receipt_no, kind, total, occurred_at }) => [
      id,
      { id, receipt_no, kind, total, occurred_at, state: 'synced' },
    ]),
  );
  for (const sale of device) {
    if (rows.has(sale.id)) continue;
    const { id, receipt_no, kind, total, occurred_at } = sale;
    rows.set(id, { id, receipt_no, kind, total, occurred_at, state: sale.sync });
  }
  return [...rows.values()].sort((a, b) => b.occurred_at.localeCompare(a.occurred_at));
}

/** Sales add, refunds take back; the last visit is the newest sale or refund. */
export function purchaseTotals(rows: readonly PurchaseRow[]) {
  const sales = rows.filter((row) => row.kind === 'sale');
  const refunds = rows.filter((row) => row.kind === 'refund');
  const sum = (list: PurchaseRow[]) => list.reduce((total, row) => total + row.total, 0);
  return {
    sales: sales.length,
    refunds: refunds.length,
    spent: sum(sales) - sum(refunds),
    lastVisit: rows[0]?.occurred_at ?? null,
  };
}

export function CustomerHistory({ deps, customer }: { deps: CustomersDeps; customer: CustomerRow }) {
  const { ledger } = deps.commandDeps;
  const readDevice = useCallback(() => deviceSalesOfCustomer(ledger, customer.id), [ledger, customer.id]);
  const device = readyValue(useLiveQuery(readDevice));
  const { customerSales } = deps;
  const online = useOnline();
  const server = useQuery({
    ...customerSalesQuery(deps.companyId, customerSales, customer.id),
    enabled: online,
  });
  const rows = mergePurchases(server.data ?? [], device ?? []);
  const totals = purchaseTotals(rows);
  const money = (amount: number) => formatMoney(amount, deps.currency);

  return (
    <section className="customer-history" aria-label={`Purchases of ${customer.name}`}>
      <h3>Purchases</h3>
      {server.isSuccess ? null : (
        <Alert tone="info">
          {server.isError || !online || customerSales === null
            ? 'Showing the purchases made on this device only; other tills’ show when online.'
            : 'Loading purchases from every till…'}
        </Alert>
      )}
      <dl className="customer-totals">
        <div>
          <dt>Sales</dt>
          <dd data-testid="customer-sales-count">{totals.sales}</dd>
        </div>
        <div>
          <dt>Refunds</dt>
          <dd>{totals.refunds}</dd>
        </div>
        <div>
          <dt>Spent</dt>
          <dd data-testid="customer-spent">{money(totals.spent)}</dd>
        </div>
        <div>
          <dt>Last visit</dt>
          <dd>{totals.lastVisit ? formatWhen(totals.lastVisit) : 'None yet'}</dd>
        </div>
      </dl>
      {rows.length === 0 ? (
        <p>No purchases yet.</p>
      ) : (
        <table className="customer-table" aria-label="Purchases">
          <thead>
            <tr>
              <th scope="col">Receipt</th>
              <th scope="col">When</th>
              <th scope="col">Kind</th>
              <th scope="col">Total</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{row.receipt_no}</td>
                <td>{formatWhen(row.occurred_at)}</td>
                <td>{row.kind === 'refund' ? 'Refund' : 'Sale'}</td>
                <td>{money(row.kind === 'refund' ? -row.total : row.total)}</td>
                <td>{SYNC_STATE_WORDS[row.state]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
