import { createFileRoute } from '@tanstack/react-router';
import { OverviewPage } from '../../features/dashboard/overview-page';
import { useAuth } from '../../features/auth/auth-context';

export const Route = createFileRoute('/dashboard/')({
  component: Overview,
});

function Overview() {
  const { membership } = Route.useRouteContext();
  const { userName, userEmail } = useAuth();
  return <OverviewPage membership={membership} name={userName ?? membership?.displayName ?? userEmail} />;
}
