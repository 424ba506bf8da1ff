// A customer's purchases and totals: this device's sales with the customer (live from the ledger, so an
// unsynced sale shows at once) merged with every till's from the server when it can be asked.
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { deviceSalesOfCustomer } from '../../data/local/back-office-reads';
import type { LedgerSale, SyncState } from '../../data/local/ledger-types';
import { customerSalesQuery, type ServerSaleSummary } from '../../data/remote/sales';
import { formatMoney } from '../../lib/format-money';
import { DataTable, type Column } from '../../ui/data-table';
import { ListSourceLine, type ListSourceWords } from '../../ui/list-source-line';
import { useDeviceAndServerRows } from '../../ui/use-device-and-server-rows';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { useWhen } from '../../ui/when';
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

function sourceWords(): ListSourceWords {
  const deviceOnly = t`Showing the purchases made on this device only; other tills’ show when online.`;
  return {
    loading: t`Loading purchases from every till…`,
    unreachable: deviceOnly,
    offline: deviceOnly,
    'device-only': deviceOnly,
  };
}

function purchaseColumns(
  money: (amount: number) => string,
  when: (iso: string) => string,
): Column<PurchaseRow>[] {
  return [
    { key: 'receipt', header: t`Receipt`, cell: (row) => row.receipt_no },
    { key: 'when', header: t`When`, cell: (row) => when(row.occurred_at) },
    { key: 'kind', header: t`Kind`, cell: (row) => (row.kind === 'refund' ? t`Refund` : t`Sale`) },
    { key: 'total', header: t`Total`, cell: (row) => money(row.kind === 'refund' ? -row.total : row.total) },
    { key: 'state', header: t`State`, cell: (row) => SYNC_STATE_WORDS[row.state] },
  ];
}

export function CustomerHistory({ deps, customer }: { deps: CustomersDeps; customer: CustomerRow }) {
  const { t } = useLingui();
  const customerName = customer.name;
  const { ledger } = deps.commandDeps;
  const readDevice = useCallback(() => deviceSalesOfCustomer(ledger, customer.id), [ledger, customer.id]);
  const device = readyValue(useLiveQuery(readDevice));
  const { rows, source } = useDeviceAndServerRows({
    device,
    query: () => customerSalesQuery(deps.companyId, deps.customerSales, customer.id),
    asksServer: deps.customerSales !== null,
    merge: (server, deviceRows) => mergePurchases(server ?? [], deviceRows),
  });
  const totals = purchaseTotals(rows);
  const money = (amount: number) => formatMoney(amount, deps.currency);
  const when = useWhen();

  return (
    <section className="customer-history" aria-label={t`Purchases of ${customerName}`}>
      <h3>
        <Trans>Purchases</Trans>
      </h3>
      <ListSourceLine source={source} words={sourceWords()} />
      <dl className="customer-totals">
        <div>
          <dt>
            <Trans>Sales</Trans>
          </dt>
          <dd data-testid="customer-sales-count">{totals.sales}</dd>
        </div>
        <div>
          <dt>
            <Trans>Refunds</Trans>
          </dt>
          <dd>{totals.refunds}</dd>
        </div>
        <div>
          <dt>
            <Trans>Spent</Trans>
          </dt>
          <dd data-testid="customer-spent">{money(totals.spent)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Last visit</Trans>
          </dt>
          <dd>{totals.lastVisit ? when(totals.lastVisit) : t`None yet`}</dd>
        </div>
      </dl>
      <DataTable
        label={t`Purchases`}
        columns={purchaseColumns(money, when)}
        rows={rows}
        rowKey={(row) => row.id}
        empty={t`No purchases yet.`}
      />
    </section>
  );
}
