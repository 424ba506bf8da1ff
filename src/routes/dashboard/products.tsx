import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { modifierWriterOf } from '../../data/remote/modifier-writes';
import { productWriterOf } from '../../data/remote/product-writes';
import { supplierBookOf } from '../../data/remote/supplier-writes';
import { ProductsPage } from '../../features/products/products-page';
import type { ProductsDeps } from '../../features/products/products-deps';
import { downloadFile } from '../../lib/download';
import { PageHeader } from '../../ui/layout';
import { ShopBoundary } from '../-shop';
import { ProductsTabs } from './-products-tabs';

/** `?stock=low` opens the list filtered to low stock (the dashboard's Low stock card links here). */
export interface ProductsSearch {
  stock?: 'low';
}

export const Route = createFileRoute('/dashboard/products')({
  validateSearch: (search: Record<string, unknown>): ProductsSearch =>
    search.stock === 'low' ? { stock: 'low' } : {},
  component: ProductsRoute,
});

function ProductsRoute() {
  const { t } = useLingui();
  const { supabase, sync, shop } = Route.useRouteContext();
  const { stock } = Route.useSearch();
  // The list reads this device's mirror, so it opens offline; edits go to the server (products-page.tsx).
  const deps = useMemo((): ProductsDeps | null => {
    if (!shop) return null;
    return {
      mirror: shop.mirror,
      ledger: sync.ledger,
      companyId: shop.membership.companyId,
      currency: shop.membership.currency,
      role: shop.membership.role,
      writer: productWriterOf(supabase),
      modifiers: modifierWriterOf(supabase),
      suppliers: supplierBookOf(supabase),
      syncNow: () => {
        sync.syncNow();
      },
      download: downloadFile,
    };
  }, [shop, sync, supabase]);
  return (
    <>
      <PageHeader
        title={t`Products`}
        description={t`Your catalogue: names, barcodes, prices, tax rates and stock tracking.`}
      />
      <ProductsTabs />
      <ShopBoundary
        ready={deps}
        connect={t`Connect once so it can sync the shop's data, then the catalogue opens here, offline too.`}
      >
        {(ready) => <ProductsPage deps={ready} lowStockOnly={stock === 'low'} />}
      </ShopBoundary>
    </>
  );
}
