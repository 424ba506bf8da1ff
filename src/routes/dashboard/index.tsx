import { createFileRoute, redirect } from '@tanstack/react-router';
import { OverviewPage } from '../../features/dashboard/overview-page';
import { useAuth } from '../../features/auth/auth-context';
import { glanceQuery } from '../../data/remote/reports';
import { dayIn } from '../../lib/calendar';

export const Route = createFileRoute('/dashboard/')({
  // The overview's cards are figures for managers and owners: a cashier would land on empty cards, so the
  // counter opens instead.
  beforeLoad: ({ context: { membership } }) => {
    if (membership?.role === 'cashier') redirect({ to: '/dashboard/register', replace: true, throw: true });
  },
  // Start today's figures loading with the route; never wait for them (a till may be offline).
  loader: ({ context: { membership, queryClient, supabase } }) => {
    if (membership && membership.role !== 'cashier') {
      void queryClient
        .query(glanceQuery(supabase, membership.companyId, dayIn(membership.timeZone)))
        .catch(() => undefined);
    }
  },
  component: Overview,
});

function Overview() {
  const { membership, supabase, sync } = Route.useRouteContext();
  const { userName, userEmail } = useAuth();
  return (
    <OverviewPage
      membership={membership}
      name={userName ?? membership?.displayName ?? userEmail}
      supabase={supabase}
      syncStatus={sync.engine}
    />
  );
}
