import { useMemo } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { terminalFor } from '../../data/local/terminal';
import { fetchSales } from '../../data/remote/sales';
import { SalesPage } from '../../features/sales/sales-page';
import type { SalesDeps } from '../../features/sales/sales-deps';
import { EmptyState, PageHeader } from '../../ui/layout';

export const Route = createFileRoute('/dashboard/sales')({
  // This device's sales are in its ledger: the screen opens with no network.
  loader: async ({ context }) => {
    const userId = context.auth.getState().user?.id ?? null;
    const membership = context.membership;
    if (!userId || !membership) return null;
    const terminal = await terminalFor(context.sync.ledger, membership.companyId);
    return { userId, membership, terminal: terminal ?? null };
  },
  component: SalesRoute,
});

function SalesRoute() {
  const data = Route.useLoaderData();
  const { sync, supabase } = Route.useRouteContext();
  const navigate = useNavigate();
  const deps = useMemo((): SalesDeps | null => {
    if (!data) return null;
    const { companyId, currency, role } = data.membership;
    return {
      ledger: sync.ledger,
      mirror: sync.mirrorFor(data.userId),
      companyId,
      currency,
      role,
      terminal: data.terminal,
      // Cashiers see this device's sales; managers and owners every till's from the server.
      server: role === 'cashier' ? null : (filter, page) => fetchSales(supabase, companyId, filter, page),
      openRegister: () => {
        void navigate({ to: '/dashboard/register' });
      },
    };
  }, [data, sync, supabase, navigate]);
  return (
    <>
      <PageHeader title="Sales" description="Receipts from every till, with refunds and payment details." />
      {deps ? (
        <SalesPage deps={deps} />
      ) : (
        <EmptyState title="This device does not know your shop yet">
          <p>Connect once so it can sync the shop&apos;s data, then see its sales here.</p>
        </EmptyState>
      )}
    </>
  );
}
