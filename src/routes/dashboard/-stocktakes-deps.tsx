// What the stocktake routes share (issue 38): the screens' ports built from the app's services — the
// outbox's command deps, the server's reads, and the shop's stores, categories and tills from the mirror —
// and the frame both show: the shop boundary, and for a cashier the sentence that stocktakes are not theirs.
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, type ReactNode } from 'react';
import { companyRows } from '../../data/local/mirror-reads';
import { stocktakesRemote } from '../../data/remote/stocktakes';
import type { Supabase } from '../../data/remote/supabase-client';
import type { SyncServices } from '../../data/sync/create-sync';
import type { Named, StocktakesDeps } from '../../features/dashboard/stocktakes/stocktakes-deps';
import { downloadFile } from '../../lib/download';
import { EmptyState, PageHeader } from '../../ui/layout';
import { ShopBoundary, type Shop } from '../-shop';

async function named(
  shop: Shop,
  table: 'stores' | 'categories' | 'terminals',
  companyId: string,
): Promise<Named[]> {
  return (await companyRows(shop.mirror, table, companyId))
    .filter((row) => !row.deleted_at)
    .map((row) => ({ id: row.id, name: typeof row.name === 'string' ? row.name : '' }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function useStocktakesDeps(
  shop: Shop | null,
  sync: SyncServices,
  supabase: Supabase,
): StocktakesDeps | null {
  return useMemo((): StocktakesDeps | null => {
    if (!shop) return null;
    const { companyId, currency, timeZone } = shop.membership;
    return {
      companyId,
      currency,
      timeZone,
      commandDeps: sync.commandDeps,
      remote: stocktakesRemote(supabase, companyId),
      stores: () => named(shop, 'stores', companyId),
      categories: () => named(shop, 'categories', companyId),
      terminals: () => named(shop, 'terminals', companyId),
      download: downloadFile,
    };
  }, [shop, sync, supabase]);
}

/** The stocktake pages' frame: heading, the shop boundary, and managers and owners only. */
export function StocktakesFrame({
  shop,
  deps,
  children,
}: {
  shop: Shop | null;
  deps: StocktakesDeps | null;
  children: (deps: StocktakesDeps) => ReactNode;
}) {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Stocktakes`}
        description={t`Count a store's stock, review what the tills counted, and approve the differences.`}
      />
      <ShopBoundary
        ready={deps}
        connect={t`Connect once so it can sync the shop's data, then manage stocktakes here.`}
      >
        {(ready) =>
          shop?.membership.role === 'cashier' ? (
            <EmptyState title={t`Stocktakes are for managers and owners`}>
              <Trans>Counting at the till is under 'Count stock'.</Trans>
            </EmptyState>
          ) : (
            children(ready)
          )
        }
      </ShopBoundary>
    </>
  );
}
