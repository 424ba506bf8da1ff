// Insights → Sales ([INS-2], [INS-3]): how much sold, by category, when (hour × weekday) and baskets over time,
// compared with the previous period and last year where a comparison means something. What sold (categories,
// products with margin) and who gave discounts and refunds are the Products and Staff tabs
// (sales-detail-views.tsx), from the same figures.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { Heatmap, Period, SalesInsight } from '../../../data/remote/insights';
import { formatMoney } from '../../../lib/format-money';
import { Heatmap as HeatmapTable } from './heatmap';
import { Chart, compare, ComparisonTable, fileNameFor, type Figure } from './insight-parts';
import { InsightTable } from './insight-table';

type Totals = SalesInsight['totals'];

const SALES_FIGURES: readonly Figure<Totals>[] = [
  [msg`Net sales`, 'money', (t) => t.net_total],
  [msg`Sales`, 'number', (t) => t.sales_count],
  [msg`Average basket`, 'money', (t) => t.average_basket],
  [msg`Items per basket`, 'number', (t) => t.items_per_basket],
  [msg`Gross margin`, 'money', (t) => (t.costed_net === 0 ? null : t.margin)],
  [msg`Discounts given`, 'money', (t) => t.discount_total],
  [msg`Refunds`, 'money', (t) => t.refunds_total],
];

export function SalesView({
  sales,
  previous,
  lastYear,
  heatmap,
  period,
  currency,
}: {
  sales: SalesInsight;
  previous: SalesInsight | undefined;
  lastYear: SalesInsight | undefined;
  heatmap: Heatmap | undefined;
  period: Period;
  currency: string;
}) {
  const { t } = useLingui();
  const money = useMemo(() => (minor: number) => formatMoney(minor, currency), [currency]);
  const categories = useMemo(() => {
    const names = sales.categories.map((category) => category.name);
    const netOf = (insight: SalesInsight | undefined) =>
      names.map((name) => insight?.categories.find((category) => category.name === name)?.net_total ?? 0);
    return {
      // Lines of no category (a gift card, a product without one) come named by the server in English.
      names: sales.categories.map((category) =>
        category.category_id === null ? t`No category` : category.name,
      ),
      series: [
        { label: t`This period`, values: netOf(sales) },
        ...(previous ? [{ label: t`Previous period`, values: netOf(previous) }] : []),
        ...(lastYear ? [{ label: t`Last year`, values: netOf(lastYear) }] : []),
      ],
    };
  }, [sales, previous, lastYear, t]);
  const days = useMemo(
    () => ({
      labels: sales.days.map((day) => day.day.slice(5)),
      series: [{ label: t`Average basket`, values: sales.days.map((day) => day.average_basket) }],
    }),
    [sales, t],
  );
  const file = (table: string) => fileNameFor(table, period);

  return (
    <>
      <ComparisonTable
        title={t`Sales compared`}
        rows={compare(sales.totals, previous?.totals, lastYear?.totals, SALES_FIGURES)}
        currency={currency}
        fileName={file('sales-compared')}
      />
      <div className="panel-grid">
        <div className="panel">
          <Chart
            title={t`Net sales by category`}
            kind="bar"
            horizontal
            labels={categories.names}
            series={categories.series}
            format={money}
          />
        </div>
        <div className="panel">
          <Chart
            title={t`Average basket by day`}
            kind="line"
            labels={days.labels}
            series={days.series}
            format={money}
          />
        </div>
      </div>
      {heatmap ? (
        <HeatmapTable heatmap={heatmap} currency={currency} fileName={file('sales-by-hour')} />
      ) : null}
      <InsightTable
        title={t`Baskets by day`}
        rows={sales.days}
        rowKey={(row) => row.day}
        currency={currency}
        fileName={file('baskets')}
        empty={t`No days in this period.`}
        columns={[
          { key: 'day', header: t`Day`, value: (row) => row.day },
          { key: 'sales', header: t`Sales`, value: (row) => row.sales_count, kind: 'number' },
          { key: 'total', header: t`Sales total`, value: (row) => row.sales_total, kind: 'money' },
          { key: 'basket', header: t`Average basket`, value: (row) => row.average_basket, kind: 'money' },
          { key: 'items', header: t`Items per basket`, value: (row) => row.items_per_basket, kind: 'number' },
          { key: 'refunds', header: t`Refunds`, value: (row) => row.refunds_total, kind: 'money' },
        ]}
      />
    </>
  );
}
