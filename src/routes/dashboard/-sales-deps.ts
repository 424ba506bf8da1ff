// What the sales list and a sale's own page both need from the route: the shop, this device's till and the
// shop's tax mode (all from this device's databases, so both open with no network), turned into SalesDeps.
import { useMemo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { companySettings } from '../../data/local/mirror-reads';
import { terminalFor } from '../../data/local/terminal';
import { fetchSales, salesQuery, type ReadSales } from '../../data/remote/sales';
import { FIRST_PAGE } from '../../data/remote/stock-movements';
import type { Supabase } from '../../data/remote/supabase-client';
import { cardPaymentsOfIntents } from '../../data/remote/card-refunds';
import { fetchSaleFlags } from '../../data/remote/flags';
import { receiptActions } from '../../data/remote/receipt-links';
import type { SalesDeps } from '../../features/sales/sales-deps';
import type { TaxMode } from '../../domain/tax';
import type { AppServices, ServicesContext } from '../-router-context';
import type { Shop } from '../-shop';
import { tillPrinter } from '../../features/printing/till-printer';
import { salePrinterOf } from './-printer-ports';

export async function loadSalesShop(context: ServicesContext & { shop: Shop | null }) {
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

/** The server read of every till's sales, one page at a time. */
function readSales(supabase: Supabase, companyId: string): ReadSales {
  return (filter, page) => fetchSales(supabase, companyId, filter, page);
}

/**
 * Managers read every till's sales from the server: the list's route starts the first page, with the key
 * the screen reads. Offline or refused, the screen says so itself; the loader never waits on it.
 */
export function prefetchFirstSalesPage(context: ServicesContext & { shop: Shop | null }): void {
  const membership = context.shop?.membership;
  if (!membership || membership.role === 'cashier') return;
  const read = readSales(context.supabase, membership.companyId);
  context.queryClient.query(salesQuery(membership.companyId, read, {}, FIRST_PAGE)).catch(() => undefined);
}

export function useSalesDeps(
  data: Awaited<ReturnType<typeof loadSalesShop>>,
  { sync, supabase }: Pick<AppServices, 'sync' | 'supabase'>,
): SalesDeps | null {
  const navigate = useNavigate();
  return useMemo((): SalesDeps | null => {
    if (!data) return null;
    const { companyId, currency, role } = data.membership;
    // Cashiers see this device's sales; managers and owners every till's from the server.
    const server: SalesDeps['server'] = role === 'cashier' ? null : readSales(supabase, companyId);
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
      readCardPayments: (intentIds) => cardPaymentsOfIntents(supabase, intentIds),
      // Flags are for managers and owners ([FLAG-3]): a cashier's screen is never given the read.
      ...(role === 'cashier'
        ? {}
        : { readFlags: (saleId: string) => fetchSaleFlags(supabase, companyId, saleId) }),
      receipts: receiptActions(supabase),
      // A reprint of this device's sale goes to its receipt printer, marked COPY (issue 19).
      printer: salePrinterOf(
        tillPrinter,
        { ledger: sync.ledger, mirror: data.mirror },
        { ...data.membership, taxMode: data.taxMode },
      ),
    };
  }, [data, sync, supabase, navigate]);
}
