// /dashboard/transfers (issue 38, docs/purchasing.md "Transfers"): the shop's transfers between stores by
// filter, read from the server (cached, so the list reads offline), with 'New transfer'; and 'In transit',
// every line still on its way ([PUR-40]) for one store or all, with 'Export CSV'. Managers and owners only.
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatQuantity } from '../../domain/quantity';
import { formatMoney } from '../../lib/format-money';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DataTable, type Column } from '../../ui/data-table';
import { SelectField } from '../../ui/select-field';
import { StatusFilter } from '../../ui/status-filter';
import { useWhen } from '../../ui/when';
import { downloadFile } from '../../lib/download';
import { inTransitCsv } from './in-transit-csv';
import { transferStatusWords } from './transfer-status-words';
import type { InTransitLine, TransferFilter, TransferSummary, TransfersDeps } from './transfers-deps';
import './transfers.css';

export function transfersQueryKey(companyId: string, filter: TransferFilter) {
  return ['transfers', companyId, filter] as const;
}

export function TransfersPage({
  deps,
  onOpen,
  onNew,
}: {
  deps: TransfersDeps;
  onOpen: (transferId: string) => void;
  onNew: () => void;
}) {
  const { t } = useLingui();
  const when = useWhen();
  const [filter, setFilter] = useState<TransferFilter>('open');
  const transfers = useQuery({
    queryKey: transfersQueryKey(deps.companyId, filter),
    queryFn: async () => {
      const listed = await deps.remote.list(filter);
      if (!listed.ok) throw new Error(listed.error.message);
      return listed.value;
    },
  });
  // Names from the server, as the transfers themselves: the mirror may not have pulled the stores yet.
  const stores = useQuery({
    queryKey: ['transfer-store-names', deps.companyId],
    queryFn: async () => {
      const read = await deps.remote.storeNames();
      if (!read.ok) throw new Error(read.error.message);
      return read.value;
    },
  });
  const storeName = (id: string) => stores.data?.find((store) => store.id === id)?.name ?? '';
  const filters: { value: TransferFilter; label: string }[] = [
    { value: 'open', label: t`On their way` },
    { value: 'drafts', label: t`Drafts` },
    { value: 'done', label: t`Done` },
    { value: 'all', label: t`All` },
  ];
  const columns: Column<TransferSummary>[] = [
    {
      key: 'number',
      header: t`Number`,
      rowHeader: true,
      cell: (row) => (
        <Button
          variant="ghost"
          className="transfers__open"
          onPress={() => {
            onOpen(row.id);
          }}
        >
          {row.number}
        </Button>
      ),
    },
    { key: 'from', header: t`From`, cell: (row) => storeName(row.fromStoreId) },
    { key: 'to', header: t`To`, cell: (row) => storeName(row.toStoreId) },
    { key: 'status', header: t`Status`, cell: (row) => transferStatusWords(row.status) },
    {
      key: 'sent',
      header: t`Sent`,
      align: 'end',
      cell: (row) => (row.sentAt ? formatQuantity(row.sent) : ''),
    },
    { key: 'in-transit', header: t`In transit`, align: 'end', cell: (row) => formatQuantity(row.inTransit) },
    { key: 'received', header: t`Received`, align: 'end', cell: (row) => formatQuantity(row.received) },
    {
      key: 'sent-at',
      header: t`Sent on`,
      minor: true,
      cell: (row) => (row.sentAt ? when(row.sentAt, 'date') : ''),
    },
  ];
  return (
    <div className="transfers">
      <div className="transfers__bar">
        <StatusFilter value={filter} options={filters} onChange={setFilter} />
        <Button onPress={onNew}>
          <Trans>New transfer</Trans>
        </Button>
      </div>
      {transfers.error ? <Alert>{transfers.error.message}</Alert> : null}
      {transfers.data ? (
        <DataTable
          columns={columns}
          rows={transfers.data}
          rowKey={(row) => row.id}
          label={t`Transfers`}
          empty={<p>{t`No transfers here yet.`}</p>}
        />
      ) : null}
      <InTransit deps={deps} storeName={storeName} stores={stores.data ?? []} />
    </div>
  );
}

/** [PUR-40] The report of transfers in transit, for one store (either end) or the whole shop. */
function InTransit({
  deps,
  storeName,
  stores,
}: {
  deps: TransfersDeps;
  storeName: (id: string) => string;
  stores: { id: string; name: string }[];
}) {
  const { t } = useLingui();
  const [storeId, setStoreId] = useState('');
  const report = useQuery({
    queryKey: ['transfers-in-transit', deps.companyId, storeId],
    // A refused report (a server without [PUR-40]'s function) says so at once rather than after retries.
    retry: 1,
    queryFn: async () => {
      const read = await deps.remote.inTransit(storeId === '' ? null : storeId);
      if (!read.ok) throw new Error(read.error.message);
      return read.value;
    },
  });
  const columns: Column<InTransitLine>[] = [
    { key: 'number', header: t`Number`, rowHeader: true, cell: (row) => row.number },
    { key: 'from', header: t`From`, cell: (row) => storeName(row.fromStoreId) },
    { key: 'to', header: t`To`, cell: (row) => storeName(row.toStoreId) },
    { key: 'product', header: t`Product`, cell: (row) => row.name },
    { key: 'in-transit', header: t`In transit`, align: 'end', cell: (row) => formatQuantity(row.inTransit) },
    {
      key: 'value',
      header: t`Value at cost`,
      align: 'end',
      cell: (row) => formatMoney(row.valueAtCost, deps.currency),
    },
    { key: 'days', header: t`Days on the way`, align: 'end', minor: true, cell: (row) => row.daysInTransit },
  ];
  const exportCsv = (rows: InTransitLine[]) => {
    downloadFile(
      `tillpoint-in-transit-${new Date().toISOString().slice(0, 10)}.csv`,
      inTransitCsv(rows, storeName, deps.currency),
      'text/csv',
    );
  };
  return (
    <section className="transfers__report" aria-labelledby="transfers-in-transit">
      <h2 className="section-title" id="transfers-in-transit">
        {t`In transit`}
      </h2>
      <div className="transfers__bar">
        <SelectField
          label={t`Store`}
          name="in-transit-store"
          value={storeId}
          onChange={setStoreId}
          options={[
            { value: '', label: t`All stores` },
            ...stores.map((store) => ({ value: store.id, label: store.name })),
          ]}
        />
        {report.data && report.data.length > 0 ? (
          <Button
            variant="secondary"
            onPress={() => {
              exportCsv(report.data);
            }}
          >
            <Trans>Export CSV</Trans>
          </Button>
        ) : null}
      </div>
      {report.error ? <Alert>{report.error.message}</Alert> : null}
      {report.data ? (
        <DataTable
          columns={columns}
          rows={report.data}
          rowKey={(row) => `${row.transferId}:${row.productId}`}
          label={t`In transit`}
          empty={<p>{t`Nothing is on its way between stores.`}</p>}
        />
      ) : null}
    </section>
  );
}
