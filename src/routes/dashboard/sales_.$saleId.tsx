// A sale's own address, beside the list (not inside it: the list does not stay on screen under it).
import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { SalePage } from '../../features/sales/sale-page';
import { tillPrinter } from '../../features/printing/till-printer';
import { VirtualPrinterDock } from '../../features/printing/virtual-printer-dock';
import { PageHeader } from '../../ui/layout';
import { ShopBoundary } from '../-shop';
import { loadSalesShop, useSalesDeps } from './-sales-deps';

export const Route = createFileRoute('/dashboard/sales_/$saleId')({
  // A sale made on this device is in its ledger: a deep link to it opens with no network.
  loader: ({ context }) => loadSalesShop(context),
  component: SaleRoute,
});

function SaleRoute() {
  const { t } = useLingui();
  const deps = useSalesDeps(Route.useLoaderData(), Route.useRouteContext());
  const { saleId } = Route.useParams();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={t`Sales`}
        description={t`Receipts from every till, with refunds and payment details.`}
      />
      <ShopBoundary
        ready={deps}
        connect={t`Connect once so it can sync the shop's data, then see its sales here.`}
      >
        {(ready) => (
          <SalePage
            key={saleId}
            deps={ready}
            saleId={saleId}
            onBack={() => {
              void navigate({ to: '/dashboard/sales' });
            }}
          />
        )}
      </ShopBoundary>
      <VirtualPrinterDock printer={tillPrinter} />
    </>
  );
}
