import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { t as tNow } from '@lingui/core/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { companyRows } from '../../data/local/mirror-reads';
import { fetchActivity, type ReadActivity } from '../../data/remote/activity';
import { staffQuery } from '../../data/remote/staff';
import { ActivityPage } from '../../features/activity/activity-page';
import { FlagsList } from '../../features/activity/flags-list';
import { validateActivitySearch } from '../../features/activity/activity-search';
import { EmptyState, PageHeader } from '../../ui/layout';
import { ShopBoundary } from '../-shop';

// The activity log of the shop's tills (issue 18) under the server's flags (issue 33): managers and owners
// read both from the server; a cashier is told they are not theirs and nothing is asked.
export const Route = createFileRoute('/dashboard/activity')({
  validateSearch: validateActivitySearch,
  loader: async ({ context: { shop } }) => {
    if (!shop || shop.membership.role === 'cashier') return { tills: [] };
    const terminals = await companyRows(shop.mirror, 'terminals', shop.membership.companyId);
    return {
      tills: terminals.map((row) => ({
        value: row.id,
        label: tillLabel(row),
      })),
    };
  },
  component: ActivityRoute,
});

/** A till in the filter: its name and code; the loader runs when the screen is shown, so `t` is current. */
function tillLabel(row: Record<string, unknown>): string {
  const name = typeof row.name === 'string' ? row.name : tNow`Till`;
  const code = typeof row.code === 'string' ? row.code : '?';
  return `${name} (${code})`;
}

function ActivityRoute() {
  const { t } = useLingui();
  const { shop, supabase } = Route.useRouteContext();
  const { tills } = Route.useLoaderData();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const companyId = shop?.membership.companyId ?? '';
  const manager = shop !== null && shop.membership.role !== 'cashier';
  const staff = useQuery({ ...staffQuery(supabase, companyId), enabled: manager });
  const read = useMemo<ReadActivity>(
    () => (filter, page) => fetchActivity(supabase, companyId, filter, page),
    [supabase, companyId],
  );
  const people = (staff.data ?? []).map((member) => ({ value: member.id, label: member.name }));
  return (
    <>
      <PageHeader
        title={t`Activity`}
        description={t`What the server flagged, and who switched, locked, approved and opened the drawer at each till.`}
      />
      <ShopBoundary
        ready={shop}
        connect={t`Connect once so it can sync the shop's data, then see the tills’ activity here.`}
      >
        {() =>
          manager ? (
            <>
              <FlagsList
                supabase={supabase}
                companyId={companyId}
                currency={shop.membership.currency}
                tills={tills}
                search={search}
                onSearch={(next) => {
                  void navigate({ search: next, replace: true });
                }}
              />
              <h2 className="section-title">
                <Trans>At the tills</Trans>
              </h2>
              <ActivityPage
                companyId={companyId}
                read={read}
                tills={tills}
                people={people}
                currency={shop.membership.currency}
                search={search}
                onSearch={(next) => {
                  void navigate({ search: next, replace: true });
                }}
              />
            </>
          ) : (
            <EmptyState title={t`The activity log is for managers and owners`}>
              <Trans>Ask a manager if you need to know what happened at a till.</Trans>
            </EmptyState>
          )
        }
      </ShopBoundary>
    </>
  );
}
