import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { fetchCustomerTotals } from '../../data/remote/reports';
import { fetchCustomerSales } from '../../data/remote/sales';
import { CustomersPage } from '../../features/customers/customers-page';
import type { CustomersDeps } from '../../features/customers/customers-deps';
import { PageHeader } from '../../ui/layout';
import { ShopBoundary } from '../-shop';

export const Route = createFileRoute('/dashboard/customers')({
  component: CustomersRoute,
});

function CustomersRoute() {
  const { t } = useLingui();
  const { sync, supabase, shop } = Route.useRouteContext();
  const deps = useMemo((): CustomersDeps | null => {
    if (!shop) return null;
    const companyId = shop.membership.companyId;
    return {
      commandDeps: sync.commandDeps,
      mirror: shop.mirror,
      companyId,
      currency: shop.membership.currency,
      customerSales: (customerId) => fetchCustomerSales(supabase, companyId, customerId),
      customerTotals:
        shop.membership.role === 'cashier' ? null : () => fetchCustomerTotals(supabase, companyId),
    };
  }, [sync, supabase, shop]);
  return (
    <>
      <PageHeader
        title={t`Customers`}
        description={t`People you sell to: contact details, notes, how often they come and what they buy.`}
      />
      <ShopBoundary
        ready={deps}
        connect={t`Connect once so it can sync the shop's data, then manage customers here.`}
      >
        {(ready) => <CustomersPage deps={ready} />}
      </ShopBoundary>
    </>
  );
}
