// What the purchase order routes share (issue 38): the screens' ports built from the app's services — the
// outbox's command deps, the server's reads, and the shop's stores and orderable products from the mirror
// (tracked, not a variant parent, [PUR-12]) — and the frame every one of them shows: the shop boundary, and
// for a cashier the sentence that purchase orders are not theirs.
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, type ReactNode } from 'react';
import { companyProducts, companyRows } from '../../data/local/mirror-reads';
import { sendToSupplier } from '../../data/remote/purchase-order-mail';
import { purchaseOrdersRemote } from '../../data/remote/purchase-orders';
import { downloadFile } from '../../lib/download';
import type { Supabase } from '../../data/remote/supabase-client';
import type { SyncServices } from '../../data/sync/create-sync';
import { isStockItem } from '../../domain/variant-stock';
import type { PurchaseOrdersDeps } from '../../features/purchase-orders/purchase-orders-deps';
import { EmptyState, PageHeader } from '../../ui/layout';
import { ShopBoundary, type Shop } from '../-shop';

export function usePurchaseOrdersDeps(
  shop: Shop | null,
  sync: SyncServices,
  supabase: Supabase,
): PurchaseOrdersDeps | null {
  return useMemo((): PurchaseOrdersDeps | null => {
    if (!shop) return null;
    const { companyId, companyName, currency, timeZone } = shop.membership;
    return {
      companyId,
      shopName: companyName,
      currency,
      timeZone,
      commandDeps: sync.commandDeps,
      remote: purchaseOrdersRemote(supabase, companyId),
      stores: async () =>
        (await companyRows(shop.mirror, 'stores', companyId))
          .filter((store) => !store.deleted_at)
          .map((store) => ({ id: store.id, name: typeof store.name === 'string' ? store.name : '' }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      products: async () =>
        (await companyProducts(shop.mirror, companyId))
          .filter((product) => isStockItem(product) && !product.deleted_at)
          .map((product) => ({
            id: product.id,
            name: product.name,
            sku: product.sku,
            weighed: product.weighed || (product.unit !== undefined && product.unit !== 'each'),
            cost: product.cost ?? null,
            supplierId: product.supplier_id ?? null,
          }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      sendToSupplier: (orderId) => sendToSupplier(supabase, orderId),
      download: downloadFile,
    };
  }, [shop, sync, supabase]);
}

/** The purchase order pages' frame: heading, the shop boundary, and managers and owners only. */
export function PurchaseOrdersFrame({
  shop,
  deps,
  children,
}: {
  shop: Shop | null;
  deps: PurchaseOrdersDeps | null;
  children: (deps: PurchaseOrdersDeps) => ReactNode;
}) {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Purchase orders`}
        description={t`What the shop has ordered from its suppliers, what has arrived and what is still to come.`}
      />
      <ShopBoundary
        ready={deps}
        connect={t`Connect once so it can sync the shop's data, then manage purchase orders here.`}
      >
        {(ready) =>
          shop?.membership.role === 'cashier' ? (
            <EmptyState title={t`Purchase orders are for managers and owners`}>
              <Trans>Ask a manager if a delivery needs ordering.</Trans>
            </EmptyState>
          ) : (
            children(ready)
          )
        }
      </ShopBoundary>
    </>
  );
}
