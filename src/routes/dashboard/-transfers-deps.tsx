// What the transfer routes share (issue 38): the screens' ports built from the app's services — the outbox's
// command deps, the server's reads, and the shop's stores and the products a transfer may move from the
// mirror (the purchase order pages' own reads) — and the frame both show: the shop boundary, and for a
// cashier the sentence that transfers are not theirs.
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, type ReactNode } from 'react';
import { transfersRemote } from '../../data/remote/transfers';
import type { Supabase } from '../../data/remote/supabase-client';
import type { SyncServices } from '../../data/sync/create-sync';
import type { TransfersDeps } from '../../features/transfers/transfers-deps';
import { EmptyState, PageHeader } from '../../ui/layout';
import { ShopBoundary, type Shop } from '../-shop';
import { usePurchaseOrdersDeps } from './-purchase-orders-deps';

export function useTransfersDeps(
  shop: Shop | null,
  sync: SyncServices,
  supabase: Supabase,
): TransfersDeps | null {
  const orders = usePurchaseOrdersDeps(shop, sync, supabase);
  return useMemo((): TransfersDeps | null => {
    if (!orders) return null;
    return {
      companyId: orders.companyId,
      currency: orders.currency,
      timeZone: orders.timeZone,
      commandDeps: orders.commandDeps,
      remote: transfersRemote(supabase, orders.companyId),
      stores: orders.stores,
      products: orders.products,
    };
  }, [orders, supabase]);
}

/** The transfer pages' frame: heading, the shop boundary, and managers and owners only. */
export function TransfersFrame({
  shop,
  deps,
  children,
}: {
  shop: Shop | null;
  deps: TransfersDeps | null;
  children: (deps: TransfersDeps) => ReactNode;
}) {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Transfers`}
        description={t`Stock moved between the shop's stores: what was sent, what arrived and what is still on its way.`}
      />
      <ShopBoundary
        ready={deps}
        connect={t`Connect once so it can sync the shop's data, then manage transfers here.`}
      >
        {(ready) =>
          shop?.membership.role === 'cashier' ? (
            <EmptyState title={t`Transfers are for managers and owners`}>
              <Trans>Ask a manager if stock needs moving to another store.</Trans>
            </EmptyState>
          ) : (
            children(ready)
          )
        }
      </ShopBoundary>
    </>
  );
}
