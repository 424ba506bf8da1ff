import { createFileRoute } from '@tanstack/react-router';
import { DevicesPage } from '../../../features/shop-settings/devices-page';
import { EmptyState } from '../../../ui/layout';

// Settings → Devices (issue 33): paired tills, pairing codes and revoking, for managers and owners.
export const Route = createFileRoute('/dashboard/settings/devices')({
  component: DevicesSettings,
});

function DevicesSettings() {
  const { membership, supabase } = Route.useRouteContext();
  if (!membership) {
    return (
      <EmptyState title="Your shop could not be loaded">
        Paired tills need a connection to the server. Selling still works offline.
      </EmptyState>
    );
  }
  if (membership.role === 'cashier') {
    return (
      <EmptyState title="Managers pair tills">Ask a manager or an owner to pair or revoke a till.</EmptyState>
    );
  }
  return <DevicesPage companyId={membership.companyId} supabase={supabase} />;
}
