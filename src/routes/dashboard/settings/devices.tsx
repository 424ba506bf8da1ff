import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { DevicesPage } from '../../../features/shop-settings/devices-page';
import { EmptyState } from '../../../ui/layout';

// Settings → Devices (issue 33): paired tills, pairing codes and revoking, for managers and owners.
export const Route = createFileRoute('/dashboard/settings/devices')({
  component: DevicesSettings,
});

function DevicesSettings() {
  const { t } = useLingui();
  const { membership, supabase } = Route.useRouteContext();
  if (!membership) {
    return (
      <EmptyState title={t`Your shop could not be loaded`}>
        <Trans>Paired tills need a connection to the server. Selling still works offline.</Trans>
      </EmptyState>
    );
  }
  if (membership.role === 'cashier') {
    return (
      <EmptyState title={t`Managers pair tills`}>
        <Trans>Ask a manager or an owner to pair or revoke a till.</Trans>
      </EmptyState>
    );
  }
  return <DevicesPage companyId={membership.companyId} supabase={supabase} />;
}
