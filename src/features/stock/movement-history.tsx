// The stock history: filter by product, reason, date and terminal. Online, every till's movements come
// from the server a page at a time, with this device's not-yet-synced ones on the first page; offline (or
// when the server cannot be asked) this device's own movements are shown, and the screen says so.
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { DayField } from '../../ui/day-field';
import { ServerPager } from '../../ui/server-pager';
import { useCallback, useState } from 'react';
import { deviceStockMovements } from '../../data/local/back-office-reads';
import { FIRST_PAGE, stockMovementsQuery, type StockMovementFilter } from '../../data/remote/stock-movements';
import { dayAfter, dayStart } from '../../lib/day-bounds';
import { DataTable, type Column } from '../../ui/data-table';
import { ListSourceLine, type ListSourceWords } from '../../ui/list-source-line';
import { SelectField } from '../../ui/select-field';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { useDeviceAndServerRows } from '../../ui/use-device-and-server-rows';
import { useShopTimeZone, useWhen } from '../../ui/when';
import { SYNC_STATE_WORDS } from '../../ui/sync-state-words';
import { mergeMovements, type MovementRow } from './movement-rows';
import { ProductPicker, productLabel } from './product-picker';
import type { StockCatalog } from './stock-catalog';
import type { StockDeps } from './stock-deps';
import { formatQuantity } from './stock-quantity';

const PAGE = FIRST_PAGE.size;
/** Why stock moved, in words: the server's reason codes are the keys. */
const REASON_WORDS: Record<string, MessageDescriptor> = {
  sale: msg`Sale`,
  refund: msg`Refund`,
  receive: msg`Received`,
  adjust: msg`Adjustment`,
  count: msg`Count`,
  waste: msg`Waste`,
  transfer: msg`Transfer`,
};

function sourceWords(): ListSourceWords {
  const deviceOnly = t`Offline: showing the movements made on this device only.`;
  return {
    loading: t`Loading every till’s movements…`,
    unreachable: t`The server could not be reached: showing the movements made on this device only.`,
    offline: deviceOnly,
    'device-only': deviceOnly,
  };
}

function reasonWords(reason: string): string {
  const words = REASON_WORDS[reason];
  return words ? i18n._(words) : reason;
}

function movementColumns(catalog: StockCatalog, when: (iso: string) => string): Column<MovementRow>[] {
  return [
    { key: 'when', header: t`When`, cell: (row) => when(row.occurred_at) },
    {
      key: 'product',
      header: t`Product`,
      cell: (row) => {
        const product = catalog.byId.get(row.product_id);
        return product ? productLabel(product) : t`Unknown product`;
      },
    },
    { key: 'reason', header: t`Reason`, cell: (row) => reasonWords(row.reason) },
    {
      key: 'change',
      header: t({ message: 'Change', context: 'a change in stock' }),
      cell: (row) => (row.delta > 0 ? '+' : '') + formatQuantity(row.delta),
    },
    {
      key: 'terminal',
      header: t`Terminal`,
      cell: (row) => (row.terminal_id ? (catalog.terminalNames.get(row.terminal_id) ?? '—') : '—'),
    },
    { key: 'note', header: t`Note`, cell: (row) => row.note ?? '' },
    { key: 'state', header: t`State`, cell: (row) => SYNC_STATE_WORDS[row.state] },
  ];
}

export function MovementHistory({ deps, catalog }: { deps: StockDeps; catalog: StockCatalog }) {
  // The columns and the source line are worded outside this component, through Lingui's shared instance:
  // this subscribes the component to a change of language.
  const { t } = useLingui();
  const when = useWhen();
  const [productId, setProductId] = useState('');
  const [reason, setReason] = useState('');
  const [terminalId, setTerminalId] = useState('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const zone = useShopTimeZone();
  const from = dayStart(fromDay, zone);
  const to = dayAfter(toDay, zone);
  const filter: StockMovementFilter = {
    ...(productId ? { productId } : {}),
    ...(reason ? { reason } : {}),
    ...(terminalId ? { terminalId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const { ledger } = deps.commandDeps;
  const readDevice = useCallback(
    () => deviceStockMovements(ledger, deps.companyId),
    [ledger, deps.companyId],
  );
  const device = readyValue(useLiveQuery(readDevice));
  const { rows, source, pager } = useDeviceAndServerRows({
    device,
    query: (window) => stockMovementsQuery(deps.companyId, deps.server, filter, window),
    asksServer: deps.server !== null,
    merge: (serverPage, deviceRows, firstPage) =>
      mergeMovements(serverPage ?? null, deviceRows, filter, firstPage),
    paging: {
      size: PAGE,
      total: (serverPage) => serverPage.total,
      key: JSON.stringify([productId, reason, terminalId, fromDay, toDay]),
    },
  });

  return (
    <section className="stock-history" aria-label={t`Stock history`}>
      <div className="stock-filters">
        <ProductPicker
          label={t`Filter by product`}
          products={catalog.products}
          value={productId}
          onChange={setProductId}
          allowAny={t`Any product`}
        />
        <SelectField
          label={t`Reason`}
          name="reason"
          value={reason}
          onChange={setReason}
          options={[
            { value: '', label: t`Any reason` },
            ...Object.keys(REASON_WORDS).map((value) => ({ value, label: reasonWords(value) })),
          ]}
        />
        <SelectField
          label={t`Terminal`}
          name="terminal"
          value={terminalId}
          onChange={setTerminalId}
          options={[{ value: '', label: t`Any terminal` }, ...catalog.terminals]}
        />
        <DayField label={t`From`} value={fromDay} onChange={setFromDay} />
        <DayField label={t`To`} value={toDay} onChange={setToDay} />
      </div>
      <ListSourceLine source={source} words={sourceWords()} />
      <DataTable
        label={t`Stock movements`}
        columns={movementColumns(catalog, when)}
        rows={rows}
        rowKey={(row) => row.id}
        empty={t`No stock movements match.`}
      />
      {pager ? <ServerPager className="stock-pager" {...pager} /> : null}
    </section>
  );
}
