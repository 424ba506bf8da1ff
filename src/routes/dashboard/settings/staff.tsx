import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { StaffPage } from '../../../features/shop-settings/staff-page';
import { EmptyState } from '../../../ui/layout';

// Settings → Staff (issue 18): staff, their roles and PINs. Kept on the server, like the shop's settings.
export const Route = createFileRoute('/dashboard/settings/staff')({
  component: StaffSettings,
});

function StaffSettings() {
  const { t } = useLingui();
  const { membership, supabase, auth } = Route.useRouteContext();
  if (!membership) {
    return (
      <EmptyState title={t`Your shop could not be loaded`}>
        <Trans>Staff and PINs need a connection to the server. Selling still works offline.</Trans>
      </EmptyState>
    );
  }
  return (
    <StaffPage membership={membership} supabase={supabase} currentUserId={auth.getState().user?.id ?? null} />
  );
}
