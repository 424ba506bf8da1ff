// Insights → Sales ([INS-2], [INS-3]): what sells, by category and product with margin, when (hour × weekday),
// baskets over time, and discounts and refunds by who gave them — each compared with the previous period and
// last year where a comparison means something.
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
  const marginPct = (row: { costed_net: number; margin: number }) =>
    row.costed_net === 0 ? null : (row.margin / row.costed_net) * 100;

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
        title="Categories"
        rows={sales.categories}
        rowKey={(row) => row.category_id ?? 'none'}
        currency={currency}
        fileName={file('categories')}
        empty="No sales in this period."
        columns={[
          { key: 'name', header: 'Category', value: (row) => row.name },
          { key: 'quantity', header: 'Units', value: (row) => row.quantity, kind: 'number' },
          { key: 'net', header: 'Net sales', value: (row) => row.net_total, kind: 'money' },
          { key: 'margin', header: 'Margin', value: (row) => row.margin, kind: 'money' },
          { key: 'pct', header: 'Margin %', value: marginPct, kind: 'percent' },
          {
            key: 'uncosted',
            header: 'Sales without a cost',
            value: (row) => row.uncosted_net,
            kind: 'money',
          },
        ]}
      />
      <InsightTable
        title="Products"
        rows={sales.products}
        rowKey={(row) => row.product_id ?? 'none'}
        currency={currency}
        fileName={file('products')}
        empty="No sales in this period."
        note="Margin is net sales excluding tax less the cost each line was sold at; sales of products without a cost are shown apart."
        columns={[
          { key: 'name', header: 'Product', value: (row) => row.name },
          { key: 'category', header: 'Category', value: (row) => row.category ?? 'No category' },
          { key: 'quantity', header: 'Units', value: (row) => row.quantity, kind: 'number' },
          { key: 'net', header: 'Net sales', value: (row) => row.net_total, kind: 'money' },
          { key: 'cost', header: 'Cost', value: (row) => row.cost_total, kind: 'money' },
          { key: 'margin', header: 'Margin', value: (row) => row.margin, kind: 'money' },
          { key: 'pct', header: 'Margin %', value: marginPct, kind: 'percent' },
        ]}
      />
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
      <InsightTable
        title="Discounts and refunds by person"
        rows={sales.people}
        rowKey={(row) => row.cashier_id}
        currency={currency}
        fileName={file('discounts-refunds')}
        empty="No sales in this period."
        columns={[
          { key: 'name', header: 'Person', value: (row) => row.name },
          { key: 'sales', header: 'Sales', value: (row) => row.sales_count, kind: 'number' },
          {
            key: 'discounted',
            header: 'Sales with a discount',
            value: (row) => row.discounted_sales,
            kind: 'number',
          },
          { key: 'discounts', header: 'Discounts given', value: (row) => row.discount_total, kind: 'money' },
          { key: 'refunds', header: 'Refunds', value: (row) => row.refunds_count, kind: 'number' },
          { key: 'refunded', header: 'Refunded', value: (row) => row.refunds_total, kind: 'money' },
        ]}
      />
    </>
  );
}
