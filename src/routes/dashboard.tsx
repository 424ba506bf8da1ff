import { createFileRoute, redirect, useMatch } from '@tanstack/react-router';
import { DashboardLayout } from '../features/dashboard/dashboard-layout';
import { ShopTimeZone } from '../ui/when';
import { markBoot } from '../lib/boot-marks';
import { guard } from './-guard';
import { shopOf, type Shop } from './-shop';
import type { RegisterCatalogRead } from '../data/local/register-catalog';

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
    const shop = shopOf(context, membership);
    const early = await earlyRegisterCatalog(options, shop);
    return { ...services, membership, shop, registerCatalog: early?.read ?? null };
  },
  component: Dashboard,
});

/**
 * P6: a start that opens on the register begins reading its catalogue (the longest read of a cold start) here,
 * while the router moves on to the register's loader, which takes this read instead of starting its own. Only
 * when the dashboard is entered: later visits to the register are the loader's alone.
 */
async function earlyRegisterCatalog(
  options: { cause: 'preload' | 'enter' | 'stay'; location: { pathname: string } },
  shop: Shop | null,
): Promise<{ read: Promise<RegisterCatalogRead> } | null> {
  if (!shop || options.cause !== 'enter' || options.location.pathname !== '/dashboard/register') return null;
  const { readRegisterCatalog } = await import('../data/local/register-catalog');
  const read = readRegisterCatalog(shop.mirror, shop.membership.companyId);
  // Its failure is the loader's to report; never an unhandled rejection if the loader does not run.
  read.catch(() => undefined);
  // In an object: an async function's promise would wait for the read it returned.
  return { read };
}

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
