import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { terminalFor } from '../../data/local/terminal';
import {
  fetchStockMovements,
  FIRST_PAGE,
  stockMovementsQuery,
  type ReadStockMovements,
} from '../../data/remote/stock-movements';
import type { Supabase } from '../../data/remote/supabase-client';
import { StockPage } from '../../features/stock/stock-page';
import type { StockDeps } from '../../features/stock/stock-deps';
import { PageHeader } from '../../ui/layout';
import { ShopBoundary } from '../-shop';

export const Route = createFileRoute('/dashboard/stock-movements')({
  // This device's till (if it is one) comes from the ledger: the screen opens with no network.
  loader: async ({ context }) => {
    const shop = context.shop;
    if (!shop) return null;
    const { companyId } = shop.membership;
    // Start the server's first page now, with the key the screen reads; offline, the screen says so itself.
    context.queryClient
      .query(stockMovementsQuery(companyId, readMovements(context.supabase, companyId), {}, FIRST_PAGE))
      .catch(() => undefined);
    const terminal = await terminalFor(context.sync.ledger, companyId);
    return { ...shop, terminal: terminal ?? null };
  },
  component: StockMovementsRoute,
});

function StockMovementsRoute() {
  const { t } = useLingui();
  const data = Route.useLoaderData();
  const { sync, supabase } = Route.useRouteContext();
  const deps = useMemo((): StockDeps | null => {
    if (!data) return null;
    const companyId = data.membership.companyId;
    return {
      commandDeps: sync.commandDeps,
      mirror: data.mirror,
      companyId,
      role: data.membership.role,
      terminal: data.terminal,
      server: readMovements(supabase, companyId),
    };
  }, [data, sync, supabase]);
  return (
    <>
      <PageHeader
        title={t`Stock movements`}
        description={t`Every change to stock: goods received, adjustments, counts, waste and sales.`}
      />
      <ShopBoundary
        ready={deps}
        connect={t`Connect once so it can sync the shop's data, then manage stock here.`}
      >
        {(ready) => <StockPage deps={ready} />}
      </ShopBoundary>
    </>
  );
}

/** The server read of every till's stock movements, one page at a time. */
function readMovements(supabase: Supabase, companyId: string): ReadStockMovements {
  return (filter, page) => fetchStockMovements(supabase, companyId, filter, page);
}
