import { createFileRoute } from '@tanstack/react-router';
import { OverviewPage } from '../../features/dashboard/overview-page';
import { useAuth } from '../../features/auth/auth-context';
import { dayIn, todaySummaryQuery } from '../../data/remote/today-summary';

export const Route = createFileRoute('/dashboard/')({
  // Start today's figures loading with the route; never wait for them (a till may be offline).
  loader: ({ context: { membership, queryClient, supabase } }) => {
    if (membership && membership.role !== 'cashier') {
      void queryClient
        .query(todaySummaryQuery(supabase, membership.companyId, dayIn(membership.timeZone)))
        .catch(() => undefined);
    }
  },
  component: Overview,
});

function Overview() {
  const { membership, supabase } = Route.useRouteContext();
  const { userName, userEmail } = useAuth();
  return (
    <OverviewPage
      membership={membership}
      name={userName ?? membership?.displayName ?? userEmail}
      supabase={supabase}
    />
  );
}
