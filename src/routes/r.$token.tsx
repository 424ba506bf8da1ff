import { createFileRoute } from '@tanstack/react-router';
import { PublicReceiptPage } from '../features/register/receipt/public-receipt-page';

// A receipt's public page ([RCPT-12]): anyone with the link, no sign-in and no guard. The component is split
// into its own chunk by the router plugin, so no other screen carries it.
export const Route = createFileRoute('/r/$token')({
  component: ReceiptLinkRoute,
});

function ReceiptLinkRoute() {
  const { token } = Route.useParams();
  const { loadSupabase } = Route.useRouteContext();
  return <PublicReceiptPage token={token} loadSupabase={loadSupabase} />;
}
