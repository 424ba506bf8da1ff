import { createFileRoute } from '@tanstack/react-router';
import { TransferEditor } from '../../features/transfers/transfer-editor';
import { TransfersFrame, useTransfersDeps } from './-transfers-deps';

// /dashboard/transfers/$transferId (issue 38): one transfer, beside the list (not inside it); `new` is a
// transfer not saved yet, whose id the editor draws.
export const Route = createFileRoute('/dashboard/transfers_/$transferId')({
  component: TransferRoute,
});

function TransferRoute() {
  const { shop, sync, supabase } = Route.useRouteContext();
  const deps = useTransfersDeps(shop, sync, supabase);
  const { transferId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <TransfersFrame shop={shop} deps={deps}>
      {(ready) => (
        <TransferEditor
          key={transferId}
          deps={ready}
          transferId={transferId === 'new' ? null : transferId}
          onSaved={(saved) => {
            void navigate({
              to: '/dashboard/transfers/$transferId',
              params: { transferId: saved },
              replace: true,
            });
          }}
        />
      )}
    </TransfersFrame>
  );
}
