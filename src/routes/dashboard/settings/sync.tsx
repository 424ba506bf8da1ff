import { createFileRoute } from '@tanstack/react-router';
import { SyncPage } from '../../../features/sync-status/sync-page';

// Sync and storage: this device's outbox, dead letters, "Sync now", export and storage (DESIGN §6).
export const Route = createFileRoute('/dashboard/settings/sync')({
  component: SyncSettings,
});

function SyncSettings() {
  const { sync, membership } = Route.useRouteContext();
  return <SyncPage sync={sync} companyId={membership?.companyId ?? null} />;
}
