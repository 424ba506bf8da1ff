import { createFileRoute } from '@tanstack/react-router';
import { PurchaseOrdersPage } from '../../features/purchase-orders/purchase-orders-page';
import { PurchaseOrdersFrame, usePurchaseOrdersDeps } from './-purchase-orders-deps';

// /dashboard/purchase-orders (issue 38): the shop's purchase orders; the route's component is its own chunk.
export const Route = createFileRoute('/dashboard/purchase-orders')({
  component: PurchaseOrdersRoute,
});

function PurchaseOrdersRoute() {
  const { shop, sync, supabase } = Route.useRouteContext();
  const deps = usePurchaseOrdersDeps(shop, sync, supabase);
  const navigate = Route.useNavigate();
  return (
    <PurchaseOrdersFrame shop={shop} deps={deps}>
      {(ready) => (
        <PurchaseOrdersPage
          deps={ready}
          onOpen={(orderId) => {
            void navigate({ to: '/dashboard/purchase-orders/$orderId', params: { orderId } });
          }}
          onNew={() => {
            void navigate({ to: '/dashboard/purchase-orders/$orderId', params: { orderId: 'new' } });
          }}
        />
      )}
    </PurchaseOrdersFrame>
  );
}
