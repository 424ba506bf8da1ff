// The four figures of "today at a glance", with an honest word when they cannot be shown.
import { useQuery } from '@tanstack/react-query';
import type { Membership } from '../../data/remote/memberships';
import type { Supabase } from '../../data/remote/supabase-client';
import { dayIn, todaySummaryQuery, type TodaySummary } from '../../data/remote/today-summary';
import { formatMoney } from '../../lib/format-money';

export function TodayStats({ membership, supabase }: { membership: Membership; supabase: Supabase }) {
  const allowed = membership.role !== 'cashier';
  const summary = useQuery({
    ...todaySummaryQuery(supabase, membership.companyId, dayIn(membership.timeZone)),
    enabled: allowed,
  });
  const figures = summary.data ? describe(summary.data, membership.currency) : null;
  const note = !allowed
    ? "Today's figures are shown to managers and owners."
    : summary.isError
      ? "Today's figures need a connection to the server."
      : null;
  return (
    <section className="stat-grid" aria-label="Today" aria-busy={allowed && summary.isPending}>
      <Stat
        label="Net sales today"
        value={figures?.net}
        hint={note ?? 'Sales minus refunds, from every till.'}
      />
      <Stat label="Transactions" value={figures?.count} hint={note ?? figures?.refunds ?? ''} />
      <Stat label="Average sale" value={figures?.average} hint={note ?? 'Net sales divided by sales.'} />
      <Stat
        label="Low stock"
        value={figures?.lowStock}
        hint={note ?? 'Products at or below their reorder level.'}
      />
    </section>
  );
}

function describe(summary: TodaySummary, currency: string) {
  return {
    net: formatMoney(summary.netTotal, currency),
    count: String(summary.salesCount),
    refunds: summary.refundsCount === 1 ? '1 refund today.' : `${summary.refundsCount} refunds today.`,
    average:
      summary.salesCount === 0
        ? '—'
        : formatMoney(Math.round(summary.netTotal / summary.salesCount), currency),
    lowStock: String(summary.lowStockCount),
  };
}

function Stat({ label, value, hint }: { label: string; value: string | undefined; hint: string }) {
  return (
    <div className="stat">
      <span className="stat__label">{label}</span>
      <span className="stat__value">{value ?? '—'}</span>
      <span className="stat__hint">{hint}</span>
    </div>
  );
}
