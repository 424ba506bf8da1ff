import { useMemo } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { terminalFor } from '../../data/local/terminal';
import { fetchSales, salesQuery, type ReadSales } from '../../data/remote/sales';
import { FIRST_PAGE } from '../../data/remote/stock-movements';
import type { Supabase } from '../../data/remote/supabase-client';
import { SalesPage } from '../../features/sales/sales-page';
import type { SalesDeps } from '../../features/sales/sales-deps';
import { PageHeader } from '../../ui/layout';
import { ShopBoundary } from '../-shop';

export const Route = createFileRoute('/dashboard/sales')({
  // This device's sales are in its ledger: the screen opens with no network.
  loader: async ({ context }) => {
    const shop = context.shop;
    if (!shop) return null;
    const { companyId, role } = shop.membership;
    // Managers read every till's sales from the server: start the first page now, with the key the screen
    // reads. Offline or refused, the screen says so itself; the loader never waits on it.
    if (role !== 'cashier') {
      const read = readSales(context.supabase, companyId);
      context.queryClient.query(salesQuery(companyId, read, {}, FIRST_PAGE)).catch(() => undefined);
    }
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
      server: role === 'cashier' ? null : readSales(supabase, companyId),
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

/** The server read of every till's sales, one page at a time. */
function readSales(supabase: Supabase, companyId: string): ReadSales {
  return (filter, page) => fetchSales(supabase, companyId, filter, page);
}
