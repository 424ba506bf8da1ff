import { createFileRoute } from '@tanstack/react-router';
import { PurchaseOrderEditor } from '../../features/purchase-orders/purchase-order-editor';
import { PurchaseOrdersFrame, usePurchaseOrdersDeps } from './-purchase-orders-deps';

// /dashboard/purchase-orders/$orderId (issue 38): one order, beside the list (not inside it); `new` is an
// order not saved yet, whose id the editor draws.
export const Route = createFileRoute('/dashboard/purchase-orders_/$orderId')({
  component: PurchaseOrderRoute,
});

function PurchaseOrderRoute() {
  const { shop, sync, supabase } = Route.useRouteContext();
  const deps = usePurchaseOrdersDeps(shop, sync, supabase);
  const { orderId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <PurchaseOrdersFrame shop={shop} deps={deps}>
      {(ready) => (
        <PurchaseOrderEditor
          key={orderId === 'new' ? 'new' : orderId}
          deps={ready}
          orderId={orderId === 'new' ? null : orderId}
          onSaved={(saved) => {
            void navigate({
              to: '/dashboard/purchase-orders/$orderId',
              params: { orderId: saved },
              replace: true,
            });
          }}
          onPrint={(printed) => {
            void navigate({ to: '/dashboard/purchase-orders/$orderId/print', params: { orderId: printed } });
          }}
        />
      )}
    </PurchaseOrdersFrame>
  );
}
