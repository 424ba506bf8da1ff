import { createFileRoute, redirect, useMatch } from '@tanstack/react-router';
import { DashboardLayout } from '../features/dashboard/dashboard-layout';
import { ShopTimeZone } from '../ui/when';
import { guard } from './-guard';
import { currentMembership } from './-membership';
import { shopOf } from './-shop';

export const Route = createFileRoute('/dashboard')({
  beforeLoad: async (options) => {
    await guard('/dashboard', options);
    const answer = await currentMembership(options.context);
    if (answer.kind === 'none') redirect({ to: '/onboarding', throw: true });
    const membership = answer.kind === 'member' ? answer.membership : null;
    return { membership, shop: shopOf(options.context, membership) };
  },
  component: Dashboard,
});

function Dashboard() {
  const { membership } = Route.useRouteContext();
  // The register is the counter screen: no sidebar (the app shows the counter bar instead).
  const counter = useMatch({ from: '/dashboard/register', shouldThrow: false }) !== undefined;
  return (
    <ShopTimeZone zone={membership?.timeZone}>
      <DashboardLayout membership={membership} counter={counter} />
    </ShopTimeZone>
  );
}
