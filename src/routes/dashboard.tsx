import { createFileRoute, redirect, useMatch } from '@tanstack/react-router';
import { DashboardLayout } from '../features/dashboard/dashboard-layout';
import { ShopTimeZone } from '../ui/when';
import { markBoot } from '../lib/boot-marks';
import { guard } from './-guard';
import { shopOf } from './-shop';

export const Route = createFileRoute('/dashboard')({
  beforeLoad: async (options) => {
    await guard('/dashboard', options);
    markBoot('dashboard guarded');
    const [services, { currentMembership }] = await Promise.all([
      options.context.loadServices(),
      // It reads with zod and Dexie: loaded with the services, never on a guest's first screen.
      import('./-membership'),
    ]);
    markBoot('dashboard services');
    const context = { ...options.context, ...services };
    const answer = await currentMembership(context);
    markBoot('dashboard membership');
    if (answer.kind === 'none') redirect({ to: '/onboarding', throw: true });
    const membership = answer.kind === 'member' ? answer.membership : null;
    return { ...services, membership, shop: shopOf(context, membership) };
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
