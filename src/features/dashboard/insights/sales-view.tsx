// Insights → Sales ([INS-2], [INS-3]): how much sold, by category, when (hour × weekday) and baskets over time,
// compared with the previous period and last year where a comparison means something. What sold (categories,
// products with margin) and who gave discounts and refunds are the Products and Staff tabs
// (sales-detail-views.tsx), from the same figures.
import { useMemo } from 'react';
import type { Heatmap, Period, SalesInsight } from '../../../data/remote/insights';
import { formatMoney } from '../../../lib/format-money';
import { Heatmap as HeatmapTable } from './heatmap';
import { Chart, compare, ComparisonTable, fileNameFor, type Figure } from './insight-parts';
import { InsightTable } from './insight-table';

type Totals = SalesInsight['totals'];

const SALES_FIGURES: readonly Figure<Totals>[] = [
  ['Net sales', 'money', (t) => t.net_total],
  ['Sales', 'number', (t) => t.sales_count],
  ['Average basket', 'money', (t) => t.average_basket],
  ['Items per basket', 'number', (t) => t.items_per_basket],
  ['Gross margin', 'money', (t) => (t.costed_net === 0 ? null : t.margin)],
  ['Discounts given', 'money', (t) => t.discount_total],
  ['Refunds', 'money', (t) => t.refunds_total],
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
  const money = useMemo(() => (minor: number) => formatMoney(minor, currency), [currency]);
  const categories = useMemo(() => {
    const names = sales.categories.map((category) => category.name);
    const netOf = (insight: SalesInsight | undefined) =>
      names.map((name) => insight?.categories.find((category) => category.name === name)?.net_total ?? 0);
    return {
      names,
      series: [
        { label: 'This period', values: netOf(sales) },
        ...(previous ? [{ label: 'Previous period', values: netOf(previous) }] : []),
        ...(lastYear ? [{ label: 'Last year', values: netOf(lastYear) }] : []),
      ],
    };
  }, [sales, previous, lastYear]);
  const days = useMemo(
    () => ({
      labels: sales.days.map((day) => day.day.slice(5)),
      series: [{ label: 'Average basket', values: sales.days.map((day) => day.average_basket) }],
    }),
    [sales],
  );
  const file = (table: string) => fileNameFor(table, period);

  return (
    <>
      <ComparisonTable
        title="Sales compared"
        rows={compare(sales.totals, previous?.totals, lastYear?.totals, SALES_FIGURES)}
        currency={currency}
        fileName={file('sales-compared')}
      />
      <div className="panel-grid">
        <div className="panel">
          <Chart
            title="Net sales by category"
            kind="bar"
            horizontal
            labels={categories.names}
            series={categories.series}
            format={money}
          />
        </div>
        <div className="panel">
          <Chart
            title="Average basket by day"
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
        title="Baskets by day"
        rows={sales.days}
        rowKey={(row) => row.day}
        currency={currency}
        fileName={file('baskets')}
        empty="No days in this period."
        columns={[
          { key: 'day', header: 'Day', value: (row) => row.day },
          { key: 'sales', header: 'Sales', value: (row) => row.sales_count, kind: 'number' },
          { key: 'total', header: 'Sales total', value: (row) => row.sales_total, kind: 'money' },
          { key: 'basket', header: 'Average basket', value: (row) => row.average_basket, kind: 'money' },
          { key: 'items', header: 'Items per basket', value: (row) => row.items_per_basket, kind: 'number' },
          { key: 'refunds', header: 'Refunds', value: (row) => row.refunds_total, kind: 'money' },
        ]}
      />
    </>
  );
}
