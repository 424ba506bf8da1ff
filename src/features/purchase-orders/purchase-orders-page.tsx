// /dashboard/purchase-orders (issue 38): the shop's purchase orders by filter — 'Open' (ordered, partly
// received), 'Drafts', 'Received', 'All' — read from the server (cached, so the list reads offline, dated);
// 'New purchase order' opens an empty editor; the tab 'Received by supplier' is [PUR-39]'s report. Managers and owners only: the route says so to a cashier.
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney } from '../../lib/format-money';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DataTable, type Column } from '../../ui/data-table';
import { StatusFilter } from '../../ui/status-filter';
import { useWhen } from '../../ui/when';
import { orderStatusWords } from './order-status-words';
import type { OrderFilter, OrderSummary, PurchaseOrdersDeps } from './purchase-orders-deps';
import { ReceivedReport } from './received-report';
import './purchase-orders.css';

export function ordersQueryKey(companyId: string, filter: OrderFilter) {
  return ['purchase-orders', companyId, filter] as const;
}

type Tab = 'orders' | 'received';

interface PageProps {
  deps: PurchaseOrdersDeps;
  onOpen: (orderId: string) => void;
  onNew: () => void;
}

export function PurchaseOrdersPage({ deps, onOpen, onNew }: PageProps) {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>('orders');
  const tabs: { value: Tab; label: string }[] = [
    { value: 'orders', label: t`Purchase orders` },
    { value: 'received', label: t`Received by supplier` },
  ];
  return (
    <div className="purchase-orders">
      <StatusFilter value={tab} options={tabs} onChange={setTab} />
      {tab === 'orders' ? (
        <OrderList deps={deps} onOpen={onOpen} onNew={onNew} />
      ) : (
        <ReceivedReport deps={deps} />
      )}
    </div>
  );
}

function OrderList({ deps, onOpen, onNew }: PageProps) {
  const { t } = useLingui();
  const when = useWhen();
  const [filter, setFilter] = useState<OrderFilter>('open');
  const orders = useQuery({
    queryKey: ordersQueryKey(deps.companyId, filter),
    queryFn: async () => {
      const listed = await deps.remote.list(filter);
      if (!listed.ok) throw new Error(listed.error.message);
      return listed.value;
    },
  });
  const filters: { value: OrderFilter; label: string }[] = [
    { value: 'open', label: t`Open` },
    { value: 'drafts', label: t`Drafts` },
    { value: 'received', label: t`Received` },
    { value: 'all', label: t`All` },
  ];
  const columns: Column<OrderSummary>[] = [
    {
      key: 'number',
      header: t`Number`,
      rowHeader: true,
      cell: (row) => (
        <Button
          variant="ghost"
          className="purchase-orders__open"
          onPress={() => {
            onOpen(row.id);
          }}
        >
          {row.number ?? t`Draft`}
        </Button>
      ),
    },
    { key: 'supplier', header: t`Supplier`, cell: (row) => row.supplierName },
    { key: 'store', header: t`Store`, cell: (row) => row.storeName, minor: true },
    { key: 'status', header: t`Status`, cell: (row) => orderStatusWords(row.status) },
    { key: 'expected', header: t`Expected`, cell: (row) => row.expectedOn ?? '', minor: true },
    {
      key: 'ordered',
      header: t`Ordered`,
      cell: (row) => (row.orderedAt ? when(row.orderedAt, 'date') : ''),
      minor: true,
    },
    {
      key: 'total',
      header: t`Total cost`,
      align: 'end',
      width: '8rem',
      cell: (row) => formatMoney(row.totalCost, deps.currency),
    },
  ];
  return (
    <>
      <div className="purchase-orders__bar">
        <StatusFilter label={t`Status`} value={filter} options={filters} onChange={setFilter} />
        <Button onPress={onNew}>
          <Trans>New purchase order</Trans>
        </Button>
      </div>
      {orders.error ? <Alert>{orders.error.message}</Alert> : null}
      {orders.data ? (
        <DataTable
          columns={columns}
          rows={orders.data}
          rowKey={(row) => row.id}
          label={t`Purchase orders`}
          empty={t`No purchase orders here yet.`}
        />
      ) : null}
    </>
  );
}
