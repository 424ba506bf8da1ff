import { createFileRoute, redirect, useMatch } from '@tanstack/react-router';
import { DashboardLayout } from '../features/dashboard/dashboard-layout';
import { ShopTimeZone } from '../ui/when';
import { markBoot } from '../lib/boot-marks';
import { guard } from './-guard';
import { shopOf } from './-shop';
import { NeedsOwnSignIn } from './-counter-refusal';
import { tillGuard } from './-till-guard';
import { BackOfficeNotice, useBackOfficeIdle } from './-back-office-notice';
import { useCounterOnly } from '../features/shared-till/back-office';
import { useShopLanguages } from './-languages';

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
    const [answer, access] = await Promise.all([
      currentMembership(context),
      // [COUNTER-1] A shared till: locked shows the lock screen, a PIN the counter only, before any page loads.
      tillGuard(services.sync.ledger, options.context.auth, options.location.pathname),
    ]);
    markBoot('dashboard membership');
    if (answer.kind === 'none') redirect({ to: '/onboarding', throw: true });
    const membership = answer.kind === 'member' ? answer.membership : null;
    if (access === 'lock') redirect({ to: '/dashboard/register', throw: true });
    if (access === 'refuse') throw new NeedsOwnSignIn(options.location.pathname, membership);
    return { ...services, membership, shop: shopOf(context, membership) };
  },
  component: Dashboard,
});

function Dashboard() {
  const { membership, auth, shop } = Route.useRouteContext();
  // The register is the counter screen: no sidebar (the app shows the counter bar instead).
  const userId = auth.getState().user?.id ?? null;
  const register = useMatch({ from: '/dashboard/register', shouldThrow: false }) !== undefined;
  // A shared till's counter (issue 33): the counter's frame on every screen it may show.
  const counter = useCounterOnly(userId).counter || register;
  useBackOfficeIdle(userId);
  useShopLanguages(shop ? { mirror: shop.mirror, companyId: shop.membership.companyId } : null);
  return (
    <ShopTimeZone zone={membership?.timeZone}>
      <DashboardLayout
        membership={membership}
        counter={counter}
        notice={<BackOfficeNotice userId={userId} />}
      />
    </ShopTimeZone>
  );
}
