// /dashboard/stocktakes (issue 38, docs/purchasing.md "Stocktakes"): the shop's stocktakes (number, store,
// scope, status, opened, approved), 'New stocktake', and the tab 'Variances' with [PUR-41]'s report. Read
// from the server; every change is an op queued through the outbox. Managers and owners only: the route
// says so to a cashier.
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { documentStatusWords } from '../../../domain/purchasing/document-status';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { DataTable, type Column } from '../../../ui/data-table';
import { StatusFilter } from '../../../ui/status-filter';
import { useWhen } from '../../../ui/when';
import { NewStocktakeForm } from './new-stocktake-form';
import { scopeWords } from './stocktake-words';
import type { StocktakeSummary, StocktakesDeps } from './stocktakes-deps';
import { VariancesReport } from './variances-report';
import './stocktakes.css';

export function stocktakesQueryKey(companyId: string) {
  return ['stocktakes', companyId] as const;
}

type Tab = 'list' | 'variances';

export function StocktakesPage({
  deps,
  onOpen,
}: {
  deps: StocktakesDeps;
  onOpen: (stocktakeId: string) => void;
}) {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>('list');
  const tabs: { value: Tab; label: string }[] = [
    { value: 'list', label: t`Stocktakes` },
    { value: 'variances', label: t`Variances` },
  ];
  return (
    <div className="stocktakes">
      <StatusFilter value={tab} options={tabs} onChange={setTab} />
      {tab === 'list' ? <StocktakeList deps={deps} onOpen={onOpen} /> : <VariancesReport deps={deps} />}
    </div>
  );
}

function StocktakeList({ deps, onOpen }: { deps: StocktakesDeps; onOpen: (stocktakeId: string) => void }) {
  const { t } = useLingui();
  const when = useWhen();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [queued, setQueued] = useState(false);
  const stocktakes = useQuery({
    queryKey: stocktakesQueryKey(deps.companyId),
    queryFn: async () => {
      const listed = await deps.remote.list();
      if (!listed.ok) throw new Error(listed.error.message);
      return listed.value;
    },
  });
  const columns: Column<StocktakeSummary>[] = [
    {
      key: 'number',
      header: t`Number`,
      rowHeader: true,
      cell: (row) => (
        <Button
          variant="ghost"
          className="stocktakes__open"
          onPress={() => {
            onOpen(row.id);
          }}
        >
          {row.number}
        </Button>
      ),
    },
    { key: 'store', header: t`Store`, cell: (row) => row.storeName },
    { key: 'scope', header: t`Scope`, cell: (row) => scopeWords(row.scope, row.scopeName), minor: true },
    { key: 'status', header: t`Status`, cell: (row) => documentStatusWords('stocktake', row.status) },
    { key: 'opened', header: t`Opened`, cell: (row) => when(row.openedAt, 'dateTime'), minor: true },
    {
      key: 'approved',
      header: t`Approved`,
      cell: (row) => (row.approvedAt ? when(row.approvedAt, 'dateTime') : ''),
      minor: true,
    },
  ];
  return (
    <>
      <div className="stocktakes__bar">
        <Button
          onPress={() => {
            setCreating(true);
            setQueued(false);
          }}
        >
          <Trans>New stocktake</Trans>
        </Button>
      </div>
      {queued ? (
        <Alert tone="success">
          <Trans>The stocktake is opened as soon as it reaches the server; the tills can then count.</Trans>
        </Alert>
      ) : null}
      {creating ? (
        <NewStocktakeForm
          deps={deps}
          onQueued={() => {
            setCreating(false);
            setQueued(true);
            void queryClient.invalidateQueries({ queryKey: stocktakesQueryKey(deps.companyId) });
          }}
          onClose={() => {
            setCreating(false);
          }}
        />
      ) : null}
      {stocktakes.error ? <Alert>{stocktakes.error.message}</Alert> : null}
      {stocktakes.data ? (
        <DataTable
          columns={columns}
          rows={stocktakes.data}
          rowKey={(row) => row.id}
          label={t`Stocktakes`}
          empty={<p>{t`No stocktakes yet.`}</p>}
        />
      ) : null}
    </>
  );
}
