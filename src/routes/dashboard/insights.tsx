import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { companyRows } from '../../data/local/mirror-reads';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { draftOrderWith, type DraftOrderPort } from '../../features/dashboard/insights/draft-order';
import { InsightsPage } from '../../features/dashboard/insights/insights-page';
import { rememberQueued } from '../../features/purchase-orders/use-order-data';
import { insightsViewOf, type InsightsView } from '../../features/dashboard/insights/insights-views';
import { EmptyState, PageHeader } from '../../ui/layout';
import { ShopBoundary } from '../-shop';

// Insights (issue 22): managers and owners read them from the server (cached for offline reading); a cashier
// is told they are not theirs and nothing is asked. The route's component is split into its own chunk.
export const Route = createFileRoute('/dashboard/insights')({
  // The chosen tab (`?view=products`): a reload or a link opens it.
  validateSearch: (search: Record<string, unknown>): { view?: InsightsView } => {
    const view = insightsViewOf(search.view);
    return view ? { view } : {};
  },
  component: InsightsRoute,
});

function InsightsRoute() {
  const { t } = useLingui();
  const { shop, supabase, sync } = Route.useRouteContext();
  const { view } = Route.useSearch();
  const navigate = Route.useNavigate();
  // [PUR-38] 'Draft order' drafts for the shop's stores as this device knows them (the page asks which).
  const readStores = useCallback(
    () => (shop ? companyRows(shop.mirror, 'stores', shop.membership.companyId) : Promise.resolve([])),
    [shop],
  );
  const stores = readyValue(useLiveQuery(readStores));
  const draftOrder = useMemo((): DraftOrderPort | undefined => {
    if (!shop || !stores) return undefined;
    return {
      stores: stores
        .filter((store) => !store.deleted_at)
        .map((store) => ({ id: store.id, name: typeof store.name === 'string' ? store.name : '' })),
      draft: draftOrderWith(sync.commandDeps, shop.membership.companyId, (input) => {
        rememberQueued(input, shop.membership.currency);
      }),
      open: (orderId) => {
        void navigate({ to: '/dashboard/purchase-orders/$orderId', params: { orderId } });
      },
    };
  }, [shop, stores, sync, navigate]);
  return (
    <>
      <PageHeader title={t`Insights`} description={t`What sells, what to reorder, and who comes back.`} />
      <ShopBoundary
        ready={shop}
        connect={t`Connect once so it can sync the shop's data, then see the shop’s insights here.`}
      >
        {(ready) =>
          ready.membership.role === 'cashier' ? (
            <EmptyState title={t`Insights are for managers and owners`}>
              <Trans>Ask a manager if you need to know how the shop is doing.</Trans>
            </EmptyState>
          ) : (
            <InsightsPage
              membership={ready.membership}
              supabase={supabase}
              view={view ?? 'sales'}
              draftOrder={draftOrder}
              onView={(chosen) => {
                void navigate({ search: chosen === 'sales' ? {} : { view: chosen }, replace: true });
              }}
            />
          )
        }
      </ShopBoundary>
    </>
  );
}
