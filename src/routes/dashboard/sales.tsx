import { useMemo } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { terminalFor } from '../../data/local/terminal';
import { fetchSales } from '../../data/remote/sales';
import { SalesPage } from '../../features/sales/sales-page';
import type { SalesDeps } from '../../features/sales/sales-deps';
import { PageHeader } from '../../ui/layout';
import { ShopBoundary } from '../-shop';

export const Route = createFileRoute('/dashboard/sales')({
  // This device's sales are in its ledger: the screen opens with no network.
  loader: async ({ context }) => {
    const shop = context.shop;
    if (!shop) return null;
    const terminal = await terminalFor(context.sync.ledger, shop.membership.companyId);
    return { ...shop, terminal: terminal ?? null };
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
      mirror: data.mirror,
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
      <ShopBoundary ready={deps} then="then see its sales here.">
        {(ready) => <SalesPage deps={ready} />}
      </ShopBoundary>
    </>
  );
}
