import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { terminalFor } from '../../data/local/terminal';
import { fetchStockMovements } from '../../data/remote/stock-movements';
import { StockPage } from '../../features/stock/stock-page';
import type { StockDeps } from '../../features/stock/stock-deps';
import { EmptyState, PageHeader } from '../../ui/layout';

export const Route = createFileRoute('/dashboard/stock-movements')({
  // This device's till (if it is one) comes from the ledger: the screen opens with no network.
  loader: async ({ context }) => {
    const userId = context.auth.getState().user?.id ?? null;
    const membership = context.membership;
    if (!userId || !membership) return null;
    const terminal = await terminalFor(context.sync.ledger, membership.companyId);
    return { userId, membership, terminal: terminal ?? null };
  },
  component: StockMovementsRoute,
});

function StockMovementsRoute() {
  const data = Route.useLoaderData();
  const { sync, supabase } = Route.useRouteContext();
  const deps = useMemo((): StockDeps | null => {
    if (!data) return null;
    const companyId = data.membership.companyId;
    return {
      commandDeps: sync.commandDeps,
      mirror: sync.mirrorFor(data.userId),
      companyId,
      role: data.membership.role,
      terminal: data.terminal,
      server: (filter, page) => fetchStockMovements(supabase, companyId, filter, page),
    };
  }, [data, sync, supabase]);
  return (
    <>
      <PageHeader
        title="Stock movements"
        description="Every change to stock: goods received, adjustments, counts, waste and sales."
      />
      {deps ? (
        <StockPage deps={deps} />
      ) : (
        <EmptyState title="This device does not know your shop yet">
          <p>Connect once so it can sync the shop&apos;s data, then manage stock here.</p>
        </EmptyState>
      )}
    </>
  );
}
