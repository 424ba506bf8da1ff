// The sales screen (issue 8): filter by date, terminal, cashier, kind and state, and open a sale whole.
// Managers and owners see every till's synced sales from the server a page at a time, with this device's
// unsynced ones merged in; cashiers — and everyone offline — see this device's sales from the ledger.
import { ServerPager } from '../../ui/server-pager';
import { useCallback, useState } from 'react';
import { deviceSales } from '../../data/local/back-office-reads';
import { salesQuery } from '../../data/remote/sales';
import { FIRST_PAGE } from '../../data/remote/stock-movements';
import { formatMoney } from '../../lib/format-money';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DataTable, type Column } from '../../ui/data-table';
import { ListSourceLine, type ListSourceWords } from '../../ui/list-source-line';
import { useDeviceAndServerRows } from '../../ui/use-device-and-server-rows';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { useShopTimeZone, useWhen } from '../../ui/when';
import { SYNC_STATE_WORDS } from '../../ui/sync-state-words';
import { mergeSales, unverifiedParts, type SaleRow } from './sale-rows';
import { SalesFilters, toFilter, type FilterFields } from './sales-filters';
import type { SalesDeps } from './sales-deps';
import { useSaleNames } from './use-sale-names';
import './sales.css';

const PAGE = FIRST_PAGE.size;
const DEVICE_SHOWN = 200;

const SOURCE_WORDS = {
  loading: 'Loading every till’s sales…',
  unreachable: 'The server could not be reached: showing the sales made on this device only.',
  'device-only': 'Showing the sales on this device that are not synced.',
  offline: 'Offline: showing the sales made on this device only.',
} satisfies ListSourceWords;

export function SalesPage({ deps }: { deps: SalesDeps }) {
  const [fields, setFields] = useState<FilterFields>({
    from: '',
    to: '',
    terminal: '',
    cashier: '',
    kind: '',
    state: '',
  });
  const filter = toFilter(fields, useShopTimeZone());
  const readDevice = useCallback(
    () => deviceSales(deps.ledger, deps.companyId),
    [deps.ledger, deps.companyId],
  );
  const device = readyValue(useLiveQuery(readDevice));
  const { terminals, cashiers, terminalName, cashierName } = useSaleNames(deps);

  const { server } = deps;
  const everyTill = server !== null && deps.role !== 'cashier';
  // Pending and refused sales exist only on this device: the server is not asked for them.
  const { rows, page, source, pager } = useDeviceAndServerRows({
    device,
    query: (window) => salesQuery(deps.companyId, server, filter, window),
    asksServer: everyTill && filter.state !== 'pending' && filter.state !== 'attention',
    merge: (serverPage, deviceRows, firstPage) =>
      mergeSales(serverPage?.rows ?? null, deviceRows, filter, firstPage),
    paging: { size: PAGE, total: (serverPage) => serverPage.total, key: JSON.stringify(fields) },
  });
  const shown = page ? rows : rows.slice(0, DEVICE_SHOWN);

  const money = (amount: number) => formatMoney(amount, deps.currency);
  const when = useWhen();
  const columns: Column<SaleRow>[] = [
    {
      key: 'receipt',
      header: 'Receipt',
      cell: (row) => (
        <Button
          variant="ghost"
          onPress={() => {
            deps.openSale(row.id);
          }}
        >
          {row.receipt_no}
        </Button>
      ),
    },
    { key: 'when', header: 'When', cell: (row) => when(row.occurred_at) },
    { key: 'terminal', header: 'Terminal', cell: (row) => terminalName(row.terminal_id) },
    {
      key: 'cashier',
      header: 'Cashier',
      cell: (row) => (
        <>
          {cashierName(row.cashier_id)}
          {unverifiedParts(row).length > 0 ? (
            <>
              {' '}
              <strong className="sales__flag" title={`Not verified: ${unverifiedParts(row).join(' and ')}`}>
                Unverified
              </strong>
            </>
          ) : null}
        </>
      ),
    },
    { key: 'kind', header: 'Kind', cell: (row) => (row.kind === 'refund' ? 'Refund' : 'Sale') },
    { key: 'total', header: 'Total', cell: (row) => money(row.kind === 'refund' ? -row.total : row.total) },
    { key: 'state', header: 'State', cell: (row) => SYNC_STATE_WORDS[row.state] },
  ];

  return (
    <div className="sales">
      <SalesFilters fields={fields} onChange={setFields} terminals={terminals} cashiers={cashiers} />
      {everyTill ? (
        <ListSourceLine source={source} words={SOURCE_WORDS} />
      ) : (
        <Alert tone="info">Showing the sales made on this device.</Alert>
      )}
      <DataTable
        label="Sales"
        columns={columns}
        rows={shown}
        rowKey={(row) => row.id}
        empty="No sales match."
      />
      {pager ? (
        <ServerPager className="sales__pager" {...pager} />
      ) : rows.length > DEVICE_SHOWN ? (
        <p>
          Showing the latest {DEVICE_SHOWN} of {rows.length}: narrow the dates to see others.
        </p>
      ) : null}
    </div>
  );
}
