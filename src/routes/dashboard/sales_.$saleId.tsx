// A sale's own address, beside the list (not inside it: the list does not stay on screen under it).
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { SalePage } from '../../features/sales/sale-page';
import { tillPrinter } from '../../features/printing/till-printer';
import { VirtualPrinterDock } from '../../features/printing/virtual-printer-dock';
import { loadSalesShop, useSalesDeps } from './-sales-deps';
import { SalesFrame } from './-sales-frame';

export const Route = createFileRoute('/dashboard/sales_/$saleId')({
  // A sale made on this device is in its ledger: a deep link to it opens with no network.
  loader: ({ context }) => loadSalesShop(context),
  component: SaleRoute,
});

function SaleRoute() {
  const deps = useSalesDeps(Route.useLoaderData(), Route.useRouteContext());
  const { saleId } = Route.useParams();
  const navigate = useNavigate();
  return (
    <>
      <SalesFrame deps={deps}>
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
      </SalesFrame>
      <VirtualPrinterDock printer={tillPrinter} />
    </>
  );
}
