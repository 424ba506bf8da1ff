// Insights → Products and Staff ([INS-2]): what sold, by category and product with its margin, and the
// discounts and refunds each person gave — the sales figures' tables, each tab short enough to read (issue 34:
// the page was 14,000 px long with everything under Sales).
import { useLingui } from '@lingui/react/macro';
import type { Period, SalesInsight } from '../../../data/remote/insights';
import { fileNameFor } from './insight-parts';
import { InsightTable } from './insight-table';

interface SalesTablesProps {
  sales: SalesInsight;
  period: Period;
  currency: string;
}

const marginPct = (row: { costed_net: number; margin: number }) =>
  row.costed_net === 0 ? null : (row.margin / row.costed_net) * 100;

export function ProductsView({ sales, period, currency }: SalesTablesProps) {
  const { t } = useLingui();
  const file = (table: string) => fileNameFor(table, period);
  return (
    <>
      <InsightTable
        title={t`Categories`}
        rows={sales.categories}
        rowKey={(row) => row.category_id ?? 'none'}
        currency={currency}
        fileName={file('categories')}
        empty={t`No sales in this period.`}
        columns={[
          {
            key: 'name',
            header: t`Category`,
            // Lines of no category (a gift card, a product without one) come named by the server in English.
            value: (row) => (row.category_id === null ? t`No category` : row.name),
          },
          { key: 'quantity', header: t`Units`, value: (row) => row.quantity, kind: 'number' },
          { key: 'net', header: t`Net sales`, value: (row) => row.net_total, kind: 'money' },
          { key: 'margin', header: t`Margin`, value: (row) => row.margin, kind: 'money' },
          { key: 'pct', header: t`Margin %`, value: marginPct, kind: 'percent' },
          {
            key: 'uncosted',
            header: t`Sales without a cost`,
            value: (row) => row.uncosted_net,
            kind: 'money',
          },
        ]}
      />
      <InsightTable
        title={t`Products`}
        rows={sales.products}
        rowKey={(row) => row.product_id ?? 'none'}
        currency={currency}
        fileName={file('products')}
        empty={t`No sales in this period.`}
        note={t`Margin is net sales excluding tax less the cost each line was sold at; sales of products without a cost are shown apart.`}
        columns={[
          { key: 'name', header: t`Product`, value: (row) => row.name },
          { key: 'category', header: t`Category`, value: (row) => row.category ?? t`No category` },
          { key: 'quantity', header: t`Units`, value: (row) => row.quantity, kind: 'number' },
          { key: 'net', header: t`Net sales`, value: (row) => row.net_total, kind: 'money' },
          { key: 'cost', header: t`Cost`, value: (row) => row.cost_total, kind: 'money' },
          { key: 'margin', header: t`Margin`, value: (row) => row.margin, kind: 'money' },
          { key: 'pct', header: t`Margin %`, value: marginPct, kind: 'percent' },
        ]}
      />
    </>
  );
}

export function StaffView({ sales, period, currency }: SalesTablesProps) {
  const { t } = useLingui();
  const file = (table: string) => fileNameFor(table, period);
  return (
    <>
      <InsightTable
        title={t`Discounts and refunds by person`}
        rows={sales.people}
        rowKey={(row) => row.cashier_id}
        currency={currency}
        fileName={file('discounts-refunds')}
        empty={t`No sales in this period.`}
        columns={[
          { key: 'name', header: t`Person`, value: (row) => row.name },
          { key: 'sales', header: t`Sales`, value: (row) => row.sales_count, kind: 'number' },
          {
            key: 'discounted',
            header: t`Sales with a discount`,
            value: (row) => row.discounted_sales,
            kind: 'number',
          },
          { key: 'discounts', header: t`Discounts given`, value: (row) => row.discount_total, kind: 'money' },
          { key: 'refunds', header: t`Refunds`, value: (row) => row.refunds_count, kind: 'number' },
          { key: 'refunded', header: t`Refunded`, value: (row) => row.refunds_total, kind: 'money' },
        ]}
      />
    </>
  );
}
