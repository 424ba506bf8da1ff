// The stock history: filter by product, reason, date and terminal. Online, every till's movements come
// from the server a page at a time, with this device's not-yet-synced ones on the first page; offline (or
// when the server cannot be asked) this device's own movements are shown, and the screen says so.
import { DayField } from '../../ui/day-field';
import { ServerPager } from '../../ui/server-pager';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { deviceStockMovements } from '../../data/local/back-office-reads';
import { stockMovementsQuery, type StockMovementFilter } from '../../data/remote/stock-movements';
import { dayAfter, dayStart } from '../../lib/day-bounds';
import { Alert } from '../../ui/alert';
import { SelectField } from '../../ui/select-field';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { useOnline } from '../../ui/use-online';
import { formatWhen } from '../../lib/format-when';
import { SYNC_STATE_WORDS } from '../../ui/sync-state-words';
import { mergeMovements } from './movement-rows';
import { ProductPicker, productLabel } from './product-picker';
import type { StockCatalog } from './stock-catalog';
import type { StockDeps } from './stock-deps';
import { formatQuantity } from './stock-quantity';

const PAGE = 50;
const REASONS = ['sale', 'refund', 'receive', 'adjust', 'count', 'waste', 'transfer'] as const;

export function MovementHistory({ deps, catalog }: { deps: StockDeps; catalog: StockCatalog }) {
  const [productId, setProductId] = useState('');
  const [reason, setReason] = useState('');
  const [terminalId, setTerminalId] = useState('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [offset, setOffset] = useState(0);
  const from = dayStart(fromDay);
  const to = dayAfter(toDay);
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
  const { server } = deps;
  const online = useOnline();
  const remote = useQuery({
    ...stockMovementsQuery(deps.companyId, server, filter, { offset, size: PAGE }),
    enabled: online,
  });
  const fromServer = remote.isSuccess ? remote.data : null;
  const rows = mergeMovements(fromServer?.rows ?? null, device ?? [], filter, offset === 0);
  const refilter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setOffset(0);
  };

  return (
    <section className="stock-history" aria-label="Stock history">
      <div className="stock-filters">
        <ProductPicker
          label="Filter by product"
          products={catalog.products}
          value={productId}
          onChange={refilter(setProductId)}
          allowAny="Any product"
        />
        <SelectField
          label="Reason"
          name="reason"
          value={reason}
          onChange={refilter(setReason)}
          options={[{ value: '', label: 'Any reason' }, ...REASONS.map((value) => ({ value, label: value }))]}
        />
        <SelectField
          label="Terminal"
          name="terminal"
          value={terminalId}
          onChange={refilter(setTerminalId)}
          options={[{ value: '', label: 'Any terminal' }, ...catalog.terminals]}
        />
        <DayField label="From" value={fromDay} onChange={refilter(setFromDay)} />
        <DayField label="To" value={toDay} onChange={refilter(setToDay)} />
      </div>
      {fromServer === null ? (
        <Alert tone="info">
          {remote.isError
            ? 'The server could not be reached: showing the movements made on this device only.'
            : online && server
              ? 'Loading every till’s movements…'
              : 'Offline: showing the movements made on this device only.'}
        </Alert>
      ) : null}
      {rows.length === 0 ? (
        <p>No stock movements match.</p>
      ) : (
        <table className="stock-table" aria-label="Stock movements">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Product</th>
              <th scope="col">Reason</th>
              <th scope="col">Change</th>
              <th scope="col">Terminal</th>
              <th scope="col">Note</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const product = catalog.byId.get(row.product_id);
              return (
                <tr key={row.id}>
                  <td>{formatWhen(row.occurred_at)}</td>
                  <td>{product ? productLabel(product) : 'Unknown product'}</td>
                  <td>{row.reason}</td>
                  <td>{(row.delta > 0 ? '+' : '') + formatQuantity(row.delta)}</td>
                  <td>{row.terminal_id ? (catalog.terminalNames.get(row.terminal_id) ?? '—') : '—'}</td>
                  <td>{row.note ?? ''}</td>
                  <td>{SYNC_STATE_WORDS[row.state]}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {fromServer ? (
        <ServerPager
          className="stock-pager"
          total={fromServer.total}
          offset={offset}
          pageSize={PAGE}
          onOffset={setOffset}
        />
      ) : null}
    </section>
  );
}
