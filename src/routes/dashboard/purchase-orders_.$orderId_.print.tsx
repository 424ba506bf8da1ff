import { createFileRoute } from '@tanstack/react-router';
import { PurchaseOrderPrint } from '../../features/purchase-orders/purchase-order-print';
import { PurchaseOrdersFrame, usePurchaseOrdersDeps } from './-purchase-orders-deps';

// /dashboard/purchase-orders/$orderId/print (docs/purchasing.md): the order as a page to print or save as PDF.
export const Route = createFileRoute('/dashboard/purchase-orders_/$orderId_/print')({
  component: PurchaseOrderPrintRoute,
});

function PurchaseOrderPrintRoute() {
  const { shop, sync, supabase } = Route.useRouteContext();
  const deps = usePurchaseOrdersDeps(shop, sync, supabase);
  const { orderId } = Route.useParams();
  return (
    <PurchaseOrdersFrame shop={shop} deps={deps}>
      {(ready) => (
        <PurchaseOrderPrint
          deps={ready}
          orderId={orderId}
          onPrint={() => {
            window.print();
          }}
        />
      )}
    </PurchaseOrdersFrame>
  );
}
