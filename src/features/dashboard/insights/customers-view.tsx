// Insights → Customers ([INS-5]): who comes back, how often, what share of the takings has a customer on it,
// the best customers and the regulars who stopped coming — compared with the previous period and last year.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { CustomersInsight, Period } from '../../../data/remote/insights';
import { formatMoney } from '../../../lib/format-money';
import { formatWhen } from '../../../lib/format-when';
import { Chart, compare, ComparisonTable, fileNameFor, type Figure } from './insight-parts';
import { InsightTable } from './insight-table';

type Totals = CustomersInsight['totals'];

const CUSTOMER_FIGURES: readonly Figure<Totals>[] = [
  [msg`Customers`, 'number', (t) => t.customers],
  [msg`New customers`, 'number', (t) => t.new],
  [msg`Returning customers`, 'number', (t) => t.returning],
  [msg`Repeat rate`, 'percent', (t) => t.repeat_rate_pct],
  [msg`Visits per customer`, 'number', (t) => t.visits_per_customer],
  [msg`Customer share of sales`, 'percent', (t) => t.customer_share_pct],
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
  const { t } = useLingui();
  const periods = [
    { label: t`This period`, totals: customers.totals },
    ...(previous ? [{ label: t`Previous period`, totals: previous.totals }] : []),
    ...(lastYear ? [{ label: t`Last year`, totals: lastYear.totals }] : []),
  ];
  const withCustomer = formatMoney(customers.totals.customer_net, currency);
  const allSales = formatMoney(customers.totals.net_total, currency);
  const day = (iso: string | null) => (iso === null ? null : formatWhen(iso, timeZone, 'date'));
  const file = (table: string) => fileNameFor(table, period);
  return (
    <>
      <ComparisonTable
        title={t`Customers compared`}
        rows={compare(customers.totals, previous?.totals, lastYear?.totals, CUSTOMER_FIGURES)}
        currency={currency}
        fileName={file('customers-compared')}
      />
      <div className="panel">
        <Chart
          title={t`New and returning customers`}
          kind="bar"
          labels={periods.map((one) => one.label)}
          series={[
            { label: t`New`, values: periods.map((one) => one.totals.new) },
            { label: t`Returning`, values: periods.map((one) => one.totals.returning) },
          ]}
          format={(value) => String(Math.round(value))}
        />
      </div>
      <InsightTable
        title={t`Top customers`}
        rows={customers.top}
        rowKey={(row) => row.customer_id}
        currency={currency}
        fileName={file('top-customers')}
        empty={t`No sale in this period had a customer.`}
        columns={[
          { key: 'name', header: t`Customer`, value: (row) => row.name },
          { key: 'visits', header: t`Visits`, value: (row) => row.visits, kind: 'number' },
          { key: 'spend', header: t`Net spend`, value: (row) => row.net_spend, kind: 'money' },
          { key: 'last', header: t`Last visit`, value: (row) => day(row.last_visit) },
        ]}
      />
      <InsightTable
        title={t`Lapsed customers`}
        rows={customers.lapsed}
        rowKey={(row) => row.customer_id}
        currency={currency}
        fileName={file('lapsed-customers')}
        empty={t`No regular has stayed away for 60 days.`}
        note={t`Came at least three times, about monthly, and not in the 60 days up to the end of the period.`}
        columns={[
          { key: 'name', header: t`Customer`, value: (row) => row.name },
          { key: 'visits', header: t`Visits`, value: (row) => row.visits, kind: 'number' },
          { key: 'first', header: t`First visit`, value: (row) => day(row.first_visit) },
          { key: 'last', header: t`Last visit`, value: (row) => day(row.last_visit) },
        ]}
      />
      <p className="insights__computed">{t`Sales with a customer: ${withCustomer} of ${allSales}.`}</p>
    </>
  );
}
