import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { customerBalancesOf } from '../../data/remote/customer-balances';
import { fetchCustomerTotals } from '../../data/remote/reports';
import { fetchCustomerSales } from '../../data/remote/sales';
import { valueReportsOf } from '../../data/remote/value-reports';
import { CustomersPage } from '../../features/customers/customers-page';
import { StatementPanel } from '../../features/dashboard/customer-value/statement-panel';
import type { CustomerValueDeps } from '../../features/dashboard/customer-value/customer-value-deps';
import type { CustomersDeps } from '../../features/customers/customers-deps';
import { downloadFile } from '../../lib/download';
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
    const cashier = shop.membership.role === 'cashier';
    // [VAL-T54] The statement is Reports → customer value's own panel, with that screen's ports.
    const statements: CustomerValueDeps = {
      reports: valueReportsOf(supabase, companyId),
      currency: shop.membership.currency,
      timeZone: shop.membership.timeZone,
      download: downloadFile,
      print: () => {
        window.print();
      },
    };
    return {
      commandDeps: sync.commandDeps,
      mirror: shop.mirror,
      companyId,
      currency: shop.membership.currency,
      customerSales: (customerId) => fetchCustomerSales(supabase, companyId, customerId),
      customerTotals: cashier ? null : () => fetchCustomerTotals(supabase, companyId),
      // [VAL-T53] Everyone reads the balances; statements and the credit limit are managers' and owners'.
      balances: {
        remote: customerBalancesOf(supabase, companyId),
        manage: cashier
          ? null
          : {
              statement: ({ accountId, title, onClose }) => (
                <StatementPanel
                  key={accountId}
                  deps={statements}
                  accountId={accountId}
                  title={title}
                  onClose={onClose}
                />
              ),
            },
      },
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
