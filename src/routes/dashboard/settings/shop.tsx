import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ShopSettingsPage } from '../../../features/shop-settings/shop-settings-page';
import { EmptyState } from '../../../ui/layout';

// Settings → Shop: company, stores and tills, people and invites (issue 8). Kept on the server.
export const Route = createFileRoute('/dashboard/settings/shop')({
  component: ShopSettings,
});

function ShopSettings() {
  const { t } = useLingui();
  const { membership, supabase, auth, sync } = Route.useRouteContext();
  if (!membership) {
    return (
      <EmptyState title={t`Your shop could not be loaded`}>
        <Trans>The shop’s settings need a connection to the server. Selling still works offline.</Trans>
      </EmptyState>
    );
  }
  return (
    <ShopSettingsPage
      membership={membership}
      supabase={supabase}
      currentUserId={auth.getState().user?.id ?? null}
      syncNow={() => {
        sync.syncNow();
      }}
    />
  );
}
