// The sales screen (issue 8): filter by date, terminal, cashier, kind and state, and open a sale whole.
// Managers and owners see every till's synced sales from the server a page at a time, with this device's
// unsynced ones merged in; cashiers — and everyone offline — see this device's sales from the ledger.
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

function sourceWords(): ListSourceWords {
  return {
    loading: t`Loading every till’s sales…`,
    unreachable: t`The server could not be reached: showing the sales made on this device only.`,
    'device-only': t`Showing the sales on this device that are not synced.`,
    offline: t`Offline: showing the sales made on this device only.`,
  };
}

/** What the server could not verify about a sale, as the flag's title. */
function notVerifiedTitle(row: SaleRow): string {
  const parts = unverifiedParts(row).join(t` and `);
  return t`Not verified: ${parts}`;
}

export function SalesPage({ deps }: { deps: SalesDeps }) {
  const { t } = useLingui();
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
  const rowCount = rows.length;

  const money = (amount: number) => formatMoney(amount, deps.currency);
  const when = useWhen();
  const columns: Column<SaleRow>[] = [
    {
      key: 'receipt',
      header: t`Receipt`,
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
    { key: 'when', header: t`When`, cell: (row) => when(row.occurred_at) },
    { key: 'terminal', header: t`Terminal`, cell: (row) => terminalName(row.terminal_id) },
    {
      key: 'cashier',
      header: t`Cashier`,
      cell: (row) => (
        <>
          {cashierName(row.cashier_id)}
          {unverifiedParts(row).length > 0 ? (
            <>
              {' '}
              <strong className="sales__flag" title={notVerifiedTitle(row)}>
                <Trans>Unverified</Trans>
              </strong>
            </>
          ) : null}
        </>
      ),
    },
    { key: 'kind', header: t`Kind`, cell: (row) => (row.kind === 'refund' ? t`Refund` : t`Sale`) },
    { key: 'total', header: t`Total`, cell: (row) => money(row.kind === 'refund' ? -row.total : row.total) },
    { key: 'state', header: t`State`, cell: (row) => SYNC_STATE_WORDS[row.state] },
  ];

  return (
    <div className="sales">
      <SalesFilters fields={fields} onChange={setFields} terminals={terminals} cashiers={cashiers} />
      {everyTill ? (
        <ListSourceLine source={source} words={sourceWords()} />
      ) : (
        <Alert tone="info">
          <Trans>Showing the sales made on this device.</Trans>
        </Alert>
      )}
      <DataTable
        label={t`Sales`}
        columns={columns}
        rows={shown}
        rowKey={(row) => row.id}
        empty={t`No sales match.`}
      />
      {pager ? (
        <ServerPager className="sales__pager" {...pager} />
      ) : rows.length > DEVICE_SHOWN ? (
        <p>
          <Trans>
            Showing the latest {DEVICE_SHOWN} of {rowCount}: narrow the dates to see others.
          </Trans>
        </p>
      ) : null}
    </div>
  );
}
