import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { valueReportsOf } from '../../data/remote/value-reports';
import { CustomerValuePage } from '../../features/dashboard/customer-value/customer-value-page';
import { valueAdjustPort } from '../../features/dashboard/customer-value/value-adjust-port';
import type { CustomerValueDeps } from '../../features/dashboard/customer-value/customer-value-deps';
import { downloadFile } from '../../lib/download';
import { EmptyState, PageHeader } from '../../ui/layout';
import { ShopBoundary } from '../-shop';

// Customer value (issue 37, [VAL-33]): gift cards, store credit, points and accounts on credit — what the
// shop owes, what customers owe, what moved, and each account's statement. Managers and owners; the route's
// code loads when it is visited (autoCodeSplitting). The figures are the server's: they need a connection.
export const Route = createFileRoute('/dashboard/customer-value')({
  component: CustomerValueRoute,
});

function CustomerValueRoute() {
  const { t } = useLingui();
  const { supabase, shop, sync } = Route.useRouteContext();
  const deps = useMemo((): CustomerValueDeps | null => {
    if (!shop) return null;
    const { companyId, role } = shop.membership;
    return {
      // [VAL-T60] Corrections for managers and owners only: a cashier is never offered them.
      ...(role === 'cashier' ? {} : { adjust: valueAdjustPort(sync.commandDeps, companyId) }),
      reports: valueReportsOf(supabase, companyId),
      currency: shop.membership.currency,
      timeZone: shop.membership.timeZone,
      download: downloadFile,
      print: () => {
        window.print();
      },
    };
  }, [shop, supabase, sync]);
  return (
    <>
      <PageHeader
        title={t`Customer value`}
        description={t`Gift cards, store credit, points and accounts on credit: what the shop owes, what customers owe, and every account's statement.`}
      />
      <ShopBoundary
        ready={deps}
        connect={t`Connect once so it can sync the shop's data, then these figures open here.`}
      >
        {(ready) =>
          shop?.membership.role === 'cashier' ? (
            <EmptyState title={t`These figures are for managers and owners`}>
              <Trans>Ask a manager about a gift card's or a customer's balance.</Trans>
            </EmptyState>
          ) : (
            <CustomerValuePage deps={ready} />
          )
        }
      </ShopBoundary>
    </>
  );
}
