// /dashboard/stocktakes/$stocktakeId (issue 38, [PUR-37]): one stocktake as the server works it out now —
// per product 'Expected', 'Counted', 'Variance', 'Variance value' and the counts of each till; 'Not counted'
// (and what approval does with them); 'Not in this stocktake' (counted though outside the scope, each of
// which the manager may leave out); the tills not synced since it opened, warned about before approving;
// 'Approve stocktake' and 'Cancel stocktake', queued through the outbox.
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { documentStatusWords } from '../../../domain/purchasing/document-status';
import { formatQuantity } from '../../../domain/quantity';
import { formatMoney } from '../../../lib/format-money';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { DataTable, type Column } from '../../../ui/data-table';
import { useWhen } from '../../../ui/when';
import { StocktakeDecision } from './stocktake-decision';
import { scopeWords, signedQuantity } from './stocktake-words';
import { useShopList } from './use-shop-list';
import type { ReviewLine, StocktakeReview, StocktakesDeps } from './stocktakes-deps';
import './stocktakes.css';

export function reviewQueryKey(companyId: string, stocktakeId: string) {
  return ['stocktake-review', companyId, stocktakeId] as const;
}

export function StocktakeReviewPage({
  deps,
  stocktakeId,
  onBack,
}: {
  deps: StocktakesDeps;
  stocktakeId: string;
  onBack: () => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const review = useQuery({
    queryKey: reviewQueryKey(deps.companyId, stocktakeId),
    queryFn: async () => {
      const read = await deps.remote.review(stocktakeId);
      if (!read.ok) throw new Error(read.error.message);
      return read.value;
    },
  });
  const stores = useShopList(deps, 'stores');
  const terminals = useShopList(deps, 'terminals');
  const categories = useShopList(deps, 'categories');
  const suppliers = useQuery({
    queryKey: ['stocktake-suppliers', deps.companyId],
    enabled: review.data?.scope === 'supplier',
    queryFn: async () => {
      const read = await deps.remote.suppliers();
      if (!read.ok) throw new Error(read.error.message);
      return read.value;
    },
  });
  const scopeName = (scopeId: string | null) =>
    [...(categories.data ?? []), ...(suppliers.data ?? [])].find((row) => row.id === scopeId)?.name ?? null;
  const tillName = (terminalId: string | null) =>
    (terminalId ? terminals.data?.find((till) => till.id === terminalId)?.name : undefined) ?? t`Back office`;

  return (
    <div className="stocktake">
      <div className="stocktakes__bar">
        <Button variant="secondary" onPress={onBack}>
          <Trans>All stocktakes</Trans>
        </Button>
      </div>
      {review.error ? <Alert>{review.error.message}</Alert> : null}
      {review.data ? (
        <ReviewBody
          deps={deps}
          review={review.data}
          storeName={stores.data?.find((store) => store.id === review.data.storeId)?.name ?? ''}
          scopeName={scopeName(review.data.scopeId)}
          tillName={tillName}
          onQueued={() => {
            void queryClient.invalidateQueries({ queryKey: reviewQueryKey(deps.companyId, stocktakeId) });
          }}
        />
      ) : null}
    </div>
  );
}

function ReviewBody({
  deps,
  review,
  storeName,
  scopeName,
  tillName,
  onQueued,
}: {
  deps: StocktakesDeps;
  review: StocktakeReview;
  storeName: string;
  scopeName: string | null;
  tillName: (terminalId: string | null) => string;
  onQueued: () => void;
}) {
  const { t } = useLingui();
  const when = useWhen();
  const [leftOut, setLeftOut] = useState<ReadonlySet<string>>(new Set());
  const open = review.status === 'open';
  const opened = when(review.openedAt, 'dateTime');
  const approved = review.approvedAt ? when(review.approvedAt, 'dateTime') : null;
  const money = (minor: number | null) => (minor === null ? '' : formatMoney(minor, deps.currency));
  const lineColumns: Column<ReviewLine>[] = [
    { key: 'product', header: t`Product`, rowHeader: true, cell: (row) => row.name },
    { key: 'expected', header: t`Expected`, align: 'end', cell: (row) => formatQuantity(row.expected) },
    { key: 'counted', header: t`Counted`, align: 'end', cell: (row) => formatQuantity(row.counted) },
    { key: 'variance', header: t`Variance`, align: 'end', cell: (row) => signedQuantity(row.variance) },
    { key: 'value', header: t`Variance value`, align: 'end', cell: (row) => money(row.varianceValue) },
    {
      key: 'counts',
      header: t`Counts per till`,
      minor: true,
      cell: (row) => (
        <ul className="stocktake__counts">
          {row.counts
            .filter((count) => !count.replaced)
            .map((count) => (
              <li key={count.id}>
                {[tillName(count.terminalId), count.zone, formatQuantity(count.counted)]
                  .filter((part) => part)
                  .join(' · ')}
                {count.late ? ` (${t`late`})` : ''}
              </li>
            ))}
        </ul>
      ),
    },
  ];
  const outColumns: Column<ReviewLine>[] = open
    ? [
        ...lineColumns,
        {
          key: 'leave-out',
          header: t`Leave out`,
          cell: (row) => {
            const product = row.name;
            return (
              <input
                type="checkbox"
                aria-label={t`Leave out ${product}`}
                checked={leftOut.has(row.productId)}
                onChange={(event) => {
                  const next = new Set(leftOut);
                  if (event.target.checked) next.add(row.productId);
                  else next.delete(row.productId);
                  setLeftOut(next);
                }}
              />
            );
          },
        },
      ]
    : lineColumns;

  return (
    <>
      <section className="stocktake__head card" aria-label={t`Stocktake`}>
        <h2 className="card__title">
          {review.number} · {documentStatusWords('stocktake', review.status)}
        </h2>
        <p>
          {storeName} · {scopeWords(review.scope, scopeName)} · <Trans>Opened {opened}</Trans>
          {approved ? (
            <>
              {' · '}
              <Trans>Approved {approved}</Trans>
            </>
          ) : null}
        </p>
        {review.note ? <p>{review.note}</p> : null}
      </section>
      {open && review.unsyncedTills.length > 0 ? (
        <Alert tone="warning" title={t`Some tills have not synced since this stocktake opened`}>
          {review.unsyncedTills.map((till) => till.name).join(', ')}.{' '}
          <Trans>Their counts may not be here yet.</Trans>
        </Alert>
      ) : null}
      <DataTable
        columns={lineColumns}
        rows={review.lines}
        rowKey={(row) => row.productId}
        label={t`Counted products`}
        empty={<p>{t`Nothing has been counted yet.`}</p>}
      />
      {review.notCounted.length > 0 ? (
        <section className="card" aria-label={t`Not counted`}>
          <h3 className="card__title">
            <Trans>Not counted</Trans>
          </h3>
          <ul className="stocktake__uncounted">
            {review.notCounted.map((row) => {
              const onHand = formatQuantity(row.onHand);
              return (
                <li key={row.productId}>
                  {row.name} · <Trans>{onHand} on hand</Trans>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {review.outOfScope.length > 0 ? (
        <section className="card" aria-label={t`Not in this stocktake`}>
          <h3 className="card__title">
            <Trans>Not in this stocktake</Trans>
          </h3>
          <DataTable
            columns={outColumns}
            rows={review.outOfScope}
            rowKey={(row) => row.productId}
            label={t`Not in this stocktake`}
            empty={null}
          />
        </section>
      ) : null}
      {open ? (
        <StocktakeDecision deps={deps} review={review} excludeProductIds={[...leftOut]} onQueued={onQueued} />
      ) : null}
    </>
  );
}
