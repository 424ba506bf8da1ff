// Insights → Customers ([INS-5]): who comes back, how often, what share of the takings has a customer on it,
// the best customers and the regulars who stopped coming — compared with the previous period and last year.
import type { CustomersInsight, Period } from '../../../data/remote/insights';
import { formatMoney } from '../../../lib/format-money';
import { formatWhen } from '../../../lib/format-when';
import { Chart, compare, ComparisonTable, fileNameFor, type Figure } from './insight-parts';
import { InsightTable } from './insight-table';

type Totals = CustomersInsight['totals'];

const CUSTOMER_FIGURES: readonly Figure<Totals>[] = [
  ['Customers', 'number', (t) => t.customers],
  ['New customers', 'number', (t) => t.new],
  ['Returning customers', 'number', (t) => t.returning],
  ['Repeat rate', 'percent', (t) => t.repeat_rate_pct],
  ['Visits per customer', 'number', (t) => t.visits_per_customer],
  ['Customer share of sales', 'percent', (t) => t.customer_share_pct],
];

export function CustomersView({
  customers,
  previous,
  lastYear,
  period,
  currency,
  timeZone,
}: {
  customers: CustomersInsight;
  previous: CustomersInsight | undefined;
  lastYear: CustomersInsight | undefined;
  period: Period;
  currency: string;
  timeZone: string;
}) {
  const periods = [
    { label: 'This period', totals: customers.totals },
    ...(previous ? [{ label: 'Previous period', totals: previous.totals }] : []),
    ...(lastYear ? [{ label: 'Last year', totals: lastYear.totals }] : []),
  ];
  const day = (iso: string | null) => (iso === null ? null : formatWhen(iso, timeZone, 'date'));
  const file = (table: string) => fileNameFor(table, period);
  return (
    <>
      <ComparisonTable
        title="Customers compared"
        rows={compare(customers.totals, previous?.totals, lastYear?.totals, CUSTOMER_FIGURES)}
        currency={currency}
        fileName={file('customers-compared')}
      />
      <div className="panel">
        <Chart
          title="New and returning customers"
          kind="bar"
          labels={periods.map((one) => one.label)}
          series={[
            { label: 'New', values: periods.map((one) => one.totals.new) },
            { label: 'Returning', values: periods.map((one) => one.totals.returning) },
          ]}
          format={(value) => String(Math.round(value))}
        />
      </div>
      <InsightTable
        title="Top customers"
        rows={customers.top}
        rowKey={(row) => row.customer_id}
        currency={currency}
        fileName={file('top-customers')}
        empty="No sale in this period had a customer."
        columns={[
          { key: 'name', header: 'Customer', value: (row) => row.name },
          { key: 'visits', header: 'Visits', value: (row) => row.visits, kind: 'number' },
          { key: 'spend', header: 'Net spend', value: (row) => row.net_spend, kind: 'money' },
          { key: 'last', header: 'Last visit', value: (row) => day(row.last_visit) },
        ]}
      />
      <InsightTable
        title="Lapsed customers"
        rows={customers.lapsed}
        rowKey={(row) => row.customer_id}
        currency={currency}
        fileName={file('lapsed-customers')}
        empty="No regular has stayed away for 60 days."
        note="Came at least three times, about monthly, and not in the 60 days up to the end of the period."
        columns={[
          { key: 'name', header: 'Customer', value: (row) => row.name },
          { key: 'visits', header: 'Visits', value: (row) => row.visits, kind: 'number' },
          { key: 'first', header: 'First visit', value: (row) => day(row.first_visit) },
          { key: 'last', header: 'Last visit', value: (row) => day(row.last_visit) },
        ]}
      />
      <p className="insights__computed">
        {`Sales with a customer: ${formatMoney(customers.totals.customer_net, currency)} of ${formatMoney(
          customers.totals.net_total,
          currency,
        )}.`}
      </p>
    </>
  );
}
