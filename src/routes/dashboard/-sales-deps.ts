// What the sales list and a sale's own page both need from the route: the shop, this device's till and the
// shop's tax mode (all from this device's databases, so both open with no network), turned into SalesDeps.
import { useMemo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { companySettings } from '../../data/local/mirror-reads';
import { terminalFor } from '../../data/local/terminal';
import { fetchSales } from '../../data/remote/sales';
import type { SalesDeps } from '../../features/sales/sales-deps';
import type { TaxMode } from '../../domain/tax';
import type { RouterContext } from '../-router-context';
import type { Shop } from '../-shop';

export async function loadSalesShop(context: RouterContext & { shop: Shop | null }) {
  const shop = context.shop;
  if (!shop) return null;
  const { companyId } = shop.membership;
  const [terminal, company] = await Promise.all([
    terminalFor(context.sync.ledger, companyId),
    companySettings(shop.mirror, companyId),
  ]);
  const taxMode: TaxMode = company?.prices_include_tax === true ? 'inclusive' : 'exclusive';
  return { ...shop, terminal: terminal ?? null, taxMode };
}

export function useSalesDeps(
  data: Awaited<ReturnType<typeof loadSalesShop>>,
  { sync, supabase }: Pick<RouterContext, 'sync' | 'supabase'>,
): SalesDeps | null {
  const navigate = useNavigate();
  return useMemo((): SalesDeps | null => {
    if (!data) return null;
    const { companyId, currency, role } = data.membership;
    // Cashiers see this device's sales; managers and owners every till's from the server.
    const server: SalesDeps['server'] =
      role === 'cashier' ? null : (filter, page) => fetchSales(supabase, companyId, filter, page);
    return {
      ledger: sync.ledger,
      mirror: data.mirror,
      companyId,
      currency,
      taxMode: data.taxMode,
      role,
      terminal: data.terminal,
      server,
      readSale: server
        ? async (saleId) => (await server({ id: saleId }, { offset: 0, size: 1 })).rows[0] ?? null
        : null,
      openSale: (saleId) => {
        void navigate({ to: '/dashboard/sales/$saleId', params: { saleId } });
      },
      openRegister: () => {
        void navigate({ to: '/dashboard/register' });
      },
    };
  }, [data, sync, supabase, navigate]);
}
