import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { productWriterOf } from '../../data/remote/product-writes';
import { ProductsPage } from '../../features/products/products-page';
import type { ProductsDeps } from '../../features/products/products-deps';
import { downloadFile } from '../../lib/download';
import { EmptyState, PageHeader } from '../../ui/layout';

export const Route = createFileRoute('/dashboard/products')({
  component: ProductsRoute,
});

function ProductsRoute() {
  const { supabase, sync, auth, membership } = Route.useRouteContext();
  const userId = auth.getState().user?.id ?? null;
  // The list reads this device's mirror, so it opens offline; edits go to the server (products-page.tsx).
  const deps = useMemo((): ProductsDeps | null => {
    if (!userId || !membership) return null;
    return {
      mirror: sync.mirrorFor(userId),
      ledger: sync.ledger,
      companyId: membership.companyId,
      currency: membership.currency,
      role: membership.role,
      writer: productWriterOf(supabase),
      syncNow: () => {
        sync.syncNow();
      },
      download: downloadFile,
    };
  }, [userId, membership, sync, supabase]);
  return (
    <>
      <PageHeader
        title="Products"
        description="Your catalogue: names, barcodes, prices, tax rates and stock tracking."
      />
      {deps ? (
        <ProductsPage deps={deps} />
      ) : (
        <EmptyState title="This device does not know your shop yet">
          <p>Connect once so it can sync the shop&apos;s data; the catalogue then opens here, offline too.</p>
        </EmptyState>
      )}
    </>
  );
}
