// The customers screen (issue 8): search the shop's customers by name, email or phone — the mirror's,
// with the ones made or changed on this device and not synced yet — create and edit them offline, and see
// a customer's balances (store credit, points, the account on credit: [VAL-T50]) and purchases and totals.
import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useDeferredValue, useState } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { deviceCustomers } from '../../data/local/back-office-reads';
import { companyRows } from '../../data/local/mirror-reads';
import { customerTotalsQuery, type CustomerTotals } from '../../data/remote/reports';
import { formatMoney } from '../../lib/format-money';
import { unanswered } from '../../lib/query-answer';
import { Button } from '../../ui/button';
import { DataTable, type Column } from '../../ui/data-table';
import { Card } from '../../ui/layout';
import { SelectField } from '../../ui/select-field';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { useWhen } from '../../ui/when';
import { SYNC_STATE_WORDS } from '../../ui/sync-state-words';
import { CustomerBalances } from './customer-balances';
import { CustomerForm } from './customer-form';
import { CustomerHistory } from './customer-history';
import {
  CUSTOMER_ORDERS,
  isCustomerOrder,
  mergeCustomers,
  orderCustomers,
  searchCustomers,
  withTotals,
  type CustomerOrder,
  type CustomerRow,
  type CustomerWithTotals,
} from './customer-rows';
import type { CustomersDeps } from './customers-deps';
import './customers.css';

const SHOWN = 100;

interface ColumnOptions {
  open: (id: string) => void;
  /** The State column only when some row shown is not synced: an always-empty column reads as missing data. */
  withState: boolean;
  /** Visits and spend, for a manager whose device has the server's figures. */
  totals: { money: (amount: number) => string; day: (iso: string) => string } | null;
}

function customerColumns({ open, withState, totals }: ColumnOptions): Column<CustomerWithTotals>[] {
  const columns: Column<CustomerWithTotals>[] = [
    {
      key: 'name',
      header: t`Name`,
      cell: (row) => (
        <Button
          variant="ghost"
          onPress={() => {
            open(row.id);
          }}
        >
          {row.name}
        </Button>
      ),
    },
    {
      key: 'contact',
      header: t`Contact`,
      cell: (row) => (
        <span className="customers__contact">
          {row.email ? <span>{row.email}</span> : null}
          {row.phone ? <span className="customers__phone">{row.phone}</span> : null}
        </span>
      ),
    },
  ];
  if (totals) {
    columns.push(
      { key: 'visits', header: t`Visits`, align: 'end', width: '5rem', cell: (row) => row.visits },
      {
        key: 'spent',
        header: t`Spent`,
        align: 'end',
        width: '7rem',
        cell: (row) => totals.money(row.netSpend),
      },
      {
        key: 'last',
        header: t`Last visit`,
        width: '8rem',
        cell: (row) => (row.lastVisit ? totals.day(row.lastVisit) : ''),
      },
    );
  }
  if (withState) {
    columns.push({
      key: 'state',
      header: t`State`,
      cell: (row) => (row.state === 'synced' ? '' : SYNC_STATE_WORDS[row.state]),
    });
  }
  return columns;
}

type View = { kind: 'list' } | { kind: 'new' } | { kind: 'customer'; id: string; editing: boolean };

export function CustomersPage({ deps }: { deps: CustomersDeps }) {
  const { t } = useLingui();
  const { ledger } = deps.commandDeps;
  const read = useCallback(async () => {
    const [mirrored, device] = await Promise.all([
      companyRows(deps.mirror, 'customers', deps.companyId),
      deviceCustomers(ledger, deps.companyId),
    ]);
    return mergeCustomers(mirrored, device);
  }, [deps.mirror, deps.companyId, ledger]);
  const customers = readyValue(useLiveQuery(read));
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [view, setView] = useState<View>({ kind: 'list' });
  const [order, setOrder] = useState<CustomerOrder>('name');
  const totals = useQuery(customerTotalsQuery(deps.companyId, deps.customerTotals));
  const when = useWhen();
  const toList = () => {
    setView({ kind: 'list' });
  };
  const open = (id: string) => {
    setView({ kind: 'customer', id, editing: false });
  };

  if (!customers)
    return (
      <p aria-busy="true">
        <Trans>Loading customers…</Trans>
      </p>
    );
  if (view.kind === 'new') {
    return (
      <Card title={t`New customer`}>
        <CustomerForm deps={deps} current={null} onSaved={open} onCancel={toList} />
      </Card>
    );
  }
  if (view.kind === 'customer') {
    const customer = customers.find((row) => row.id === view.id);
    if (customer) return <CustomerDetail deps={deps} customer={customer} view={view} setView={setView} />;
  }

  const figures = totals.data ?? null;
  const found = orderCustomers(
    withTotals(searchCustomers(customers, deferred), figures ?? []),
    figures ? order : 'name',
  );
  const shown = found.slice(0, SHOWN);
  const foundCount = found.length;
  return (
    <div className="customers">
      <div className="customers__bar">
        <label className="field customers__search">
          <span className="field__label">
            <Trans>Search customers</Trans>
          </span>
          <input
            type="search"
            className="field__input"
            placeholder={t`Name, email or phone`}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
            }}
          />
        </label>
        {figures && (
          <SelectField
            label={t`Sort by`}
            name="order"
            value={order}
            onChange={(value) => {
              if (isCustomerOrder(value)) setOrder(value);
            }}
            options={Object.entries(CUSTOMER_ORDERS).map(([value, label]) => ({ value, label: t(label) }))}
          />
        )}
        <Button
          onPress={() => {
            setView({ kind: 'new' });
          }}
        >
          <Trans>New customer</Trans>
        </Button>
      </div>
      <TotalsNote deps={deps} totals={totals} />
      <p className="customers__count" aria-live="polite">
        {found.length > SHOWN
          ? t`Showing ${SHOWN} of ${foundCount} customers: refine the search to see others.`
          : plural(foundCount, { one: '# customer', other: '# customers' })}
      </p>
      <DataTable
        label={t`Customers`}
        columns={customerColumns({
          open,
          withState: shown.some((row) => row.state !== 'synced'),
          totals: figures && {
            money: (amount) => formatMoney(amount, deps.currency),
            day: (iso) => when(iso, 'date'),
          },
        })}
        rows={shown}
        rowKey={(row) => row.id}
        empty={null}
      />
    </div>
  );
}

/**
 * Where the visits and spend come from, for a manager: nothing to say when they are fresh; when they were
 * loaded earlier and cannot be refreshed (offline, server unreachable), from when; when they never loaded,
 * that they need the server.
 */
function TotalsNote({ deps, totals }: { deps: CustomersDeps; totals: UseQueryResult<CustomerTotals[]> }) {
  const { t } = useLingui();
  const when = useWhen();
  if (!deps.customerTotals || !unanswered(totals)) return null;
  const loadedAt = when(totals.dataUpdatedAt);
  return (
    <p className="customers__note">
      {totals.data
        ? t`Visits and spend as loaded ${loadedAt}: they cannot be refreshed right now.`
        : t`Visits and spend show when this device can reach the server.`}
    </p>
  );
}

function CustomerDetail({
  deps,
  customer,
  view,
  setView,
}: {
  deps: CustomersDeps;
  customer: CustomerRow;
  view: { id: string; editing: boolean };
  setView: (view: View) => void;
}) {
  return (
    <div className="customers">
      <div className="button-row">
        <Button
          variant="ghost"
          onPress={() => {
            setView({ kind: 'list' });
          }}
        >
          <Trans>Back to customers</Trans>
        </Button>
      </div>
      <Card title={customer.name}>
        {view.editing ? (
          <CustomerForm
            deps={deps}
            current={customer}
            onSaved={() => {
              setView({ kind: 'customer', id: view.id, editing: false });
            }}
            onCancel={() => {
              setView({ kind: 'customer', id: view.id, editing: false });
            }}
          />
        ) : (
          <>
            <dl className="customer-facts">
              <dt>
                <Trans>Email</Trans>
              </dt>
              <dd>{customer.email ?? '—'}</dd>
              <dt>
                <Trans>Phone</Trans>
              </dt>
              <dd>{customer.phone ?? '—'}</dd>
              <dt>
                <Trans>Note</Trans>
              </dt>
              <dd>{customer.note ?? '—'}</dd>
              {customer.state === 'synced' ? null : (
                <>
                  <dt>
                    <Trans>Sync</Trans>
                  </dt>
                  <dd>{SYNC_STATE_WORDS[customer.state]}</dd>
                </>
              )}
            </dl>
            <div className="button-row">
              <Button
                variant="secondary"
                onPress={() => {
                  setView({ kind: 'customer', id: view.id, editing: true });
                }}
              >
                <Trans>Edit</Trans>
              </Button>
            </div>
          </>
        )}
      </Card>
      <CustomerBalances deps={deps} customer={customer} />
      <CustomerHistory deps={deps} customer={customer} />
    </div>
  );
}
