import { createFileRoute } from '@tanstack/react-router';
import { TransfersPage } from '../../features/transfers/transfers-page';
import { TransfersFrame, useTransfersDeps } from './-transfers-deps';

// /dashboard/transfers (issue 38): the shop's transfers between stores and what is in transit; the route's
// component is its own chunk.
export const Route = createFileRoute('/dashboard/transfers')({
  component: TransfersRoute,
});

function TransfersRoute() {
  const { shop, sync, supabase } = Route.useRouteContext();
  const deps = useTransfersDeps(shop, sync, supabase);
  const navigate = Route.useNavigate();
  return (
    <TransfersFrame shop={shop} deps={deps}>
      {(ready) => (
        <TransfersPage
          deps={ready}
          onOpen={(transferId) => {
            void navigate({ to: '/dashboard/transfers/$transferId', params: { transferId } });
          }}
          onNew={() => {
            void navigate({ to: '/dashboard/transfers/$transferId', params: { transferId: 'new' } });
          }}
        />
      )}
    </TransfersFrame>
  );
}
