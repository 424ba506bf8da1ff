// The sales screen (issue 8): filter by date, terminal, cashier, kind and state, and open a sale whole.
// Managers and owners see every till's synced sales from the server a page at a time, with this device's
// unsynced ones merged in; cashiers — and everyone offline — see this device's sales from the ledger.
import { ServerPager } from '../../ui/server-pager';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { deviceSales } from '../../data/local/back-office-reads';
import { companyRows } from '../../data/local/mirror-reads';
import { salesQuery } from '../../data/remote/sales';
import { formatMoney } from '../../lib/format-money';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { useOnline } from '../../ui/use-online';
import { formatWhen } from '../../lib/format-when';
import { SYNC_STATE_WORDS } from '../../ui/sync-state-words';
import { SaleDetail } from './sale-detail';
import { mergeSales, type SaleRow } from './sale-rows';
import { SalesFilters, toFilter, type FilterFields } from './sales-filters';
import type { SalesDeps } from './sales-deps';
import './sales.css';

const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value !== '' ? value : fallback;

const PAGE = 50;
const DEVICE_SHOWN = 200;

export function SalesPage({ deps }: { deps: SalesDeps }) {
  const [fields, setFields] = useState<FilterFields>({
    from: '',
    to: '',
    terminal: '',
    cashier: '',
    kind: '',
    state: '',
  });
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<SaleRow | null>(null);
  const filter = toFilter(fields);
  const readDevice = useCallback(
    () => deviceSales(deps.ledger, deps.companyId),
    [deps.ledger, deps.companyId],
  );
  const device = readyValue(useLiveQuery(readDevice));
  const readNames = useCallback(async () => {
    const [terminals, members] = await Promise.all([
      companyRows(deps.mirror, 'terminals', deps.companyId),
      deps.mirror.companyMembers.where('company_id').equals(deps.companyId).toArray(),
    ]);
    return {
      terminals: terminals.map((row) => ({
        value: row.id,
        label: `${text(row.name, 'Till')} (${text(row.code, '?')})`,
      })),
      cashiers: members.map((row) => ({ value: row.user_id, label: row.display_name })),
    };
  }, [deps.mirror, deps.companyId]);
  const names = readyValue(useLiveQuery(readNames));

  const { server } = deps;
  const everyTill = server !== null && deps.role !== 'cashier';
  const online = useOnline();
  // Pending and refused sales exist only on this device: the server is not asked for them.
  const asksServer = everyTill && online && filter.state !== 'pending' && filter.state !== 'attention';
  const remote = useQuery({
    ...salesQuery(deps.companyId, server, filter, { offset, size: PAGE }),
    enabled: asksServer,
  });
  const page = asksServer && remote.isSuccess ? remote.data : null;
  const rows = mergeSales(page?.rows ?? null, device ?? [], filter, offset === 0);
  const shown = page ? rows : rows.slice(0, DEVICE_SHOWN);

  const terminalName = (id: string) => names?.terminals.find((row) => row.value === id)?.label ?? '—';
  const cashierName = (id: string | null) => names?.cashiers.find((row) => row.value === id)?.label ?? '—';
  const money = (amount: number) => formatMoney(amount, deps.currency);

  if (open) {
    return (
      <SaleDetail
        deps={deps}
        row={open}
        terminalName={terminalName(open.terminal_id)}
        cashierName={cashierName(open.cashier_id)}
        onBack={() => {
          setOpen(null);
        }}
      />
    );
  }

  return (
    <div className="sales">
      <SalesFilters
        fields={fields}
        onChange={(next) => {
          setFields(next);
          setOffset(0);
        }}
        terminals={names?.terminals ?? []}
        cashiers={names?.cashiers ?? []}
      />
      {page === null ? (
        <Alert tone="info">
          {!everyTill
            ? 'Showing the sales made on this device.'
            : asksServer && remote.isPending
              ? 'Loading every till’s sales…'
              : asksServer
                ? 'The server could not be reached: showing the sales made on this device only.'
                : online
                  ? 'Showing the sales on this device that are not synced.'
                  : 'Offline: showing the sales made on this device only.'}
        </Alert>
      ) : null}
      {shown.length === 0 ? (
        <p>No sales match.</p>
      ) : (
        <table className="sales-table" aria-label="Sales">
          <thead>
            <tr>
              <th scope="col">Receipt</th>
              <th scope="col">When</th>
              <th scope="col">Terminal</th>
              <th scope="col">Cashier</th>
              <th scope="col">Kind</th>
              <th scope="col">Total</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.id}>
                <td>
                  <Button
                    variant="ghost"
                    onPress={() => {
                      setOpen(row);
                    }}
                  >
                    {row.receipt_no}
                  </Button>
                </td>
                <td>{formatWhen(row.occurred_at)}</td>
                <td>{terminalName(row.terminal_id)}</td>
                <td>{cashierName(row.cashier_id)}</td>
                <td>{row.kind === 'refund' ? 'Refund' : 'Sale'}</td>
                <td>{money(row.kind === 'refund' ? -row.total : row.total)}</td>
                <td>{SYNC_STATE_WORDS[row.state]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page ? (
        <ServerPager
          className="sales__pager"
          total={page.total}
          offset={offset}
          pageSize={PAGE}
          onOffset={setOffset}
        />
      ) : rows.length > DEVICE_SHOWN ? (
        <p>
          Showing the latest {DEVICE_SHOWN} of {rows.length}: narrow the dates to see others.
        </p>
      ) : null}
    </div>
  );
}
