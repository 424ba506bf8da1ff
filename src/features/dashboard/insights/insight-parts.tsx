// Pieces every insight view shares: the lazily loaded chart, the "this period / previous / last year" table,
// a row of headline figures, and the line that says when the figures were computed (or that they are the
// ones cached from then, when the server cannot be reached).
import { lazy, Suspense } from 'react';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Period } from '../../../data/remote/insights';
import { Alert } from '../../../ui/alert';
import { loadedAt } from '../figures';
import type { InsightChartProps } from './insight-chart';
import { InsightTable, type CellKind } from './insight-table';
import { change } from './periods';

// Chart.js comes with the first chart drawn, never with the page's own code.
const InsightChart = lazy(() => import('./insight-chart'));

export function Chart(props: InsightChartProps) {
  return (
    <Suspense
      fallback={
        <p aria-busy="true">
          <Trans>Drawing the chart…</Trans>
        </p>
      }
    >
      <InsightChart {...props} />
    </Suspense>
  );
}

export interface Comparison {
  label: string;
  kind: CellKind;
  now: number | null;
  previous: number | null;
  lastYear: number | null;
}

/** A figure of a view's totals; its label a descriptor, since the tables are built before the catalogue loads. */
export type Figure<Totals> = readonly [
  label: MessageDescriptor,
  kind: CellKind,
  pick: (totals: Totals) => number | null,
];

/** Each figure of this period's totals beside the previous period's and last year's (null when not loaded). */
export function compare<Totals>(
  now: Totals,
  previous: Totals | undefined,
  lastYear: Totals | undefined,
  figures: readonly Figure<Totals>[],
): Comparison[] {
  return figures.map(([label, kind, pick]) => ({
    label: i18n._(label),
    kind,
    now: pick(now),
    previous: previous === undefined ? null : pick(previous),
    lastYear: lastYear === undefined ? null : pick(lastYear),
  }));
}

/** The period's headline figures beside the previous period's and last year's, with the change. */
export function ComparisonTable({
  title,
  rows,
  currency,
  fileName,
}: {
  title: string;
  rows: readonly Comparison[];
  currency: string;
  fileName: string;
}) {
  const { t } = useLingui();
  const kind = (row: Comparison) => row.kind;
  return (
    <InsightTable
      title={title}
      rows={rows}
      rowKey={(row) => row.label}
      currency={currency}
      fileName={fileName}
      empty={t`Nothing to compare yet.`}
      columns={[
        { key: 'figure', header: t`Figure`, value: (row) => row.label },
        { key: 'now', header: t`This period`, value: (row) => row.now, kind },
        { key: 'previous', header: t`Previous period`, value: (row) => row.previous, kind },
        {
          key: 'change',
          header: t({ message: 'Change', context: 'a change between two periods' }),
          value: (row) => change(row.now, row.previous),
        },
        { key: 'year', header: t`Last year`, value: (row) => row.lastYear, kind },
        {
          key: 'year-change',
          header: t`Change on last year`,
          value: (row) => change(row.now, row.lastYear),
        },
      ]}
    />
  );
}

export function Stats({
  label,
  items,
}: {
  label: string;
  items: readonly { label: string; value: string; hint?: string }[];
}) {
  return (
    <section className="stat-grid" aria-label={label}>
      {items.map((item) => (
        <div key={item.label} className="stat">
          <span className="stat__label">{item.label}</span>
          <span className="stat__value">{item.value}</span>
          {item.hint ? <span className="stat__hint">{item.hint}</span> : null}
        </div>
      ))}
    </section>
  );
}

/** Which figures a view shows: each sentence about them is one message, choosing the words per kind. */
export type FiguresKind = 'sales' | 'stock' | 'customers';

/**
 * When the figures were computed; offline, that they are the cached ones from then; with nothing cached, that
 * a connection is needed.
 */
export function Freshness({
  query,
  what,
  timeZone,
}: {
  query: UseQueryResult;
  what: FiguresKind;
  timeZone: string;
}) {
  // Once the browser has said it is offline, React Query holds a fetch back (paused) instead of failing it:
  // without this, stale figures read as current and a view with nothing cached says "Loading…" for ever.
  const offline = query.fetchStatus === 'paused';
  if (query.data === undefined) {
    if (offline) {
      return (
        <Alert>
          {select(what, {
            sales: 'Sales figures need a connection to the server. This device is offline.',
            stock: 'Stock figures need a connection to the server. This device is offline.',
            other: 'Customer figures need a connection to the server. This device is offline.',
          })}
        </Alert>
      );
    }
    if (query.isError) {
      const problem = query.error.message;
      return (
        <Alert>
          {select(what, {
            sales: `Sales figures need a connection to the server. ${problem}`,
            stock: `Stock figures need a connection to the server. ${problem}`,
            other: `Customer figures need a connection to the server. ${problem}`,
          })}
        </Alert>
      );
    }
    return (
      <p aria-busy="true">
        {select(what, {
          sales: 'Loading sales figures…',
          stock: 'Loading stock figures…',
          other: 'Loading customer figures…',
        })}
      </p>
    );
  }
  const when = loadedAt(query.dataUpdatedAt, timeZone);
  if (offline) {
    return (
      <Alert tone="info">
        {select(what, {
          sales: `Showing sales figures as computed ${when}: this device is offline.`,
          stock: `Showing stock figures as computed ${when}: this device is offline.`,
          other: `Showing customer figures as computed ${when}: this device is offline.`,
        })}
      </Alert>
    );
  }
  if (query.isError) {
    return (
      <Alert tone="info">
        {select(what, {
          sales: `Showing sales figures as computed ${when}: the server cannot be reached.`,
          stock: `Showing stock figures as computed ${when}: the server cannot be reached.`,
          other: `Showing customer figures as computed ${when}: the server cannot be reached.`,
        })}
      </Alert>
    );
  }
  return (
    <p className="insights__computed">
      {select(what, {
        sales: `Sales figures computed ${when}.`,
        stock: `Stock figures computed ${when}.`,
        other: `Customer figures computed ${when}.`,
      })}
    </p>
  );
}

/** "tillpoint-products-2026-11-01-to-2026-11-30": a CSV's name for a table of a period. */
export function fileNameFor(table: string, period: Period): string {
  return `tillpoint-${table}-${period.from}-to-${period.to}`;
}
