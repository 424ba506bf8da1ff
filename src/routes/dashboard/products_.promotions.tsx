import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { promotionReport } from '../../data/remote/promotion-report';
import { promotionBookOf } from '../../data/remote/promotion-writes';
import { PromotionsPage } from '../../features/products/promotions/promotions-page';
import type { PromotionsDeps } from '../../features/products/promotions/promotions-deps';
import { downloadFile } from '../../lib/download';
import { PageHeader } from '../../ui/layout';
import { ShopBoundary } from '../-shop';
import { ProductsTabs } from './-products-tabs';

// Products → Promotions (issue 36), its own address beside the products list (not inside it: the list does
// not stay on screen under it). The route's code loads when it is visited (autoCodeSplitting) and is
// precached with the rest of the build, so it opens offline too; writes need a connection.
export const Route = createFileRoute('/dashboard/products_/promotions')({
  component: PromotionsRoute,
});

function PromotionsRoute() {
  const { t } = useLingui();
  const { supabase, shop } = Route.useRouteContext();
  const deps = useMemo((): PromotionsDeps | null => {
    if (!shop) return null;
    const companyId = shop.membership.companyId;
    return {
      mirror: shop.mirror,
      companyId,
      currency: shop.membership.currency,
      timeZone: shop.membership.timeZone,
      role: shop.membership.role,
      book: promotionBookOf(supabase),
      report: (from, to) => promotionReport(supabase, companyId, from, to),
      random: (bytes) => crypto.getRandomValues(bytes),
      download: downloadFile,
    };
  }, [shop, supabase]);
  return (
    <>
      <PageHeader
        title={t`Promotions`}
        description={t`Deals the tills apply on their own, offline too, and the coupon codes that unlock them.`}
      />
      <ProductsTabs />
      <ShopBoundary
        ready={deps}
        connect={t`Connect once so it can sync the shop's data, then promotions open here.`}
      >
        {(ready) => <PromotionsPage deps={ready} />}
      </ShopBoundary>
    </>
  );
}
