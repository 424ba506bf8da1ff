// "Today at a glance": the day's figures against the same day last week, by hour, top products, payment mix
// and low stock — for managers and owners. Offline it shows the last figures it loaded, saying when.
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Membership } from '../../data/remote/memberships';
import { glanceQuery, type Glance } from '../../data/remote/reports';
import type { Supabase } from '../../data/remote/supabase-client';
import { dayIn } from '../../lib/calendar';
import { formatMoney } from '../../lib/format-money';
import { unanswered } from '../../lib/query-answer';
import { grossMargin } from '../../domain/cost';
import { Alert } from '../../ui/alert';
import { averageBasket, comparedWithLastWeek, loadedAt, marginWords, refundsLine } from './figures';
import { GlancePanels } from './glance-panels';

export function TodayStats({ membership, supabase }: { membership: Membership; supabase: Supabase }) {
  const { t } = useLingui();
  const allowed = membership.role !== 'cashier';
  const glance = useQuery({
    ...glanceQuery(supabase, membership.companyId, dayIn(membership.timeZone)),
    enabled: allowed,
  });
  const figures = glance.data ? describe(glance.data, membership.currency) : null;
  const stale = unanswered(glance);
  const note = !allowed
    ? t`Today's figures are shown to managers and owners.`
    : stale && !glance.data
      ? t`Today's figures need a connection to the server.`
      : null;
  const loaded = loadedAt(glance.dataUpdatedAt, membership.timeZone);
  return (
    <>
      {stale && glance.data ? (
        <Alert tone="info">
          <Trans>
            These are the figures from {loaded}: they cannot be refreshed right now (are you offline?).
          </Trans>
        </Alert>
      ) : null}
      <section className="stat-grid" aria-label={t`Today`} aria-busy={allowed && glance.isPending && !stale}>
        <Stat label={t`Net sales today`} value={figures?.net} hint={note ?? figures?.netChange ?? ''} />
        <Stat label={t`Transactions`} value={figures?.count} hint={note ?? figures?.countHint ?? ''} />
        <Stat label={t`Average sale`} value={figures?.average} hint={note ?? figures?.averageChange ?? ''} />
        <Stat
          label={t`Gross margin today`}
          value={figures?.marginAmount}
          detail={figures?.marginPercent}
          hint={note ?? figures?.margin.hint ?? ''}
        />
        <Stat
          label={t`Low stock`}
          value={figures?.lowStock}
          hint={note ?? t`Products at or below their reorder level.`}
        />
      </section>
      {glance.data ? <GlancePanels glance={glance.data} currency={membership.currency} /> : null}
    </>
  );
}

function describe(glance: Glance, currency: string) {
  const { today, lastWeek } = glance;
  const averageOf = (day: typeof today) => (day.salesCount === 0 ? 0 : day.netTotal / day.salesCount);
  return {
    net: formatMoney(today.netTotal, currency),
    netChange: comparedWithLastWeek(today.netTotal, lastWeek.netTotal, lastWeek.day),
    count: String(today.salesCount),
    countHint: `${refundsLine(today.refundsCount)} ${comparedWithLastWeek(today.salesCount, lastWeek.salesCount, lastWeek.day)}`,
    average: averageBasket(today, currency),
    averageChange: comparedWithLastWeek(averageOf(today), averageOf(lastWeek), lastWeek.day),
    margin: marginWords(glance.margin, currency),
    // The card shows the amount large and its percentage under it: "€211.09 (55.9 %)" in the large figure
    // wrapped on three lines in a quarter of a tablet (issue 34).
    ...marginParts(glance.margin, currency),
    lowStock: String(new Set(glance.lowStock.map((row) => row.productId)).size),
  };
}

function marginParts(figures: Glance['margin'], currency: string) {
  const { margin, marginBp } = grossMargin(figures);
  return marginBp === null
    ? { marginAmount: '—', marginPercent: undefined }
    : { marginAmount: formatMoney(margin, currency), marginPercent: `${(marginBp / 100).toFixed(1)} %` };
}

function Stat({
  label,
  value,
  detail,
  hint,
}: {
  label: string;
  value: string | undefined;
  /** A second figure under the value, smaller (the margin's percentage). */
  detail?: string | undefined;
  hint: string;
}) {
  return (
    <div className="stat">
      <span className="stat__label">{label}</span>
      <span className="stat__value">{value ?? '—'}</span>
      {detail === undefined ? null : <span className="stat__detail">{detail}</span>}
      <span className="stat__hint">{hint}</span>
    </div>
  );
}
