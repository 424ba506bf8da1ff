import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { fetchCustomerSales } from '../../data/remote/sales';
import { CustomersPage } from '../../features/customers/customers-page';
import type { CustomersDeps } from '../../features/customers/customers-deps';
import { EmptyState, PageHeader } from '../../ui/layout';

export const Route = createFileRoute('/dashboard/customers')({
  component: CustomersRoute,
});

function CustomersRoute() {
  const { sync, supabase, auth, membership } = Route.useRouteContext();
  const userId = auth.getState().user?.id ?? null;
  const deps = useMemo((): CustomersDeps | null => {
    if (!userId || !membership) return null;
    const companyId = membership.companyId;
    return {
      commandDeps: sync.commandDeps,
      mirror: sync.mirrorFor(userId),
      companyId,
      currency: membership.currency,
      customerSales: (customerId) => fetchCustomerSales(supabase, companyId, customerId),
    };
  }, [sync, supabase, userId, membership]);
  return (
    <>
      <PageHeader
        title="Customers"
        description="People you sell to: contact details, notes and their purchases."
      />
      {deps ? (
        <CustomersPage deps={deps} />
      ) : (
        <EmptyState title="This device does not know your shop yet">
          <p>Connect once so it can sync the shop&apos;s data, then manage customers here.</p>
        </EmptyState>
      )}
    </>
  );
}
