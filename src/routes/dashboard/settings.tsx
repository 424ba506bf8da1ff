import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { msg } from '@lingui/core/macro';
import { createFileRoute, Link, Outlet, useLocation } from '@tanstack/react-router';
import { terminalSetupDepsFrom } from '../../features/terminal-setup/terminal-setup-deps';
import { ThisTill } from '../../features/terminal-setup/this-till';
import { TillCardReader } from '../../features/terminal-setup/till-card-reader';
import { cardPaymentsClient } from '../../data/remote/card-payments';
import { SharedModeCard } from '../../features/shared-till/shared-mode-card';
import { PrinterCard } from '../../features/printing/printer-card';
import { tillPrinter } from '../../features/printing/till-printer';
import { sharedTillDepsFrom } from '../../features/shared-till/shared-till-deps';
import { buttonClass } from '../../ui/button';
import { PageHeader } from '../../ui/layout';

// Settings is a frame with five pages: account security (the index), the shop, its staff, its paired tills
// (Devices), and sync and storage. 'This till' (this device's till, shared mode, printer, card reader) is on
// every page: it leads the first page, where a till's staff look for it, and the Devices page, beside the
// shop's other tills, and follows the others' own content (issue 34: it sat under 'Account security').
export const Route = createFileRoute('/dashboard/settings')({
  component: Settings,
});

const tabs = [
  { to: '/dashboard/settings', label: msg`Account security`, exact: true },
  { to: '/dashboard/settings/shop', label: msg`Shop`, exact: false },
  { to: '/dashboard/settings/staff', label: msg`Staff`, exact: false },
  { to: '/dashboard/settings/devices', label: msg`Devices`, exact: false, managers: true },
  { to: '/dashboard/settings/sync', label: msg`Sync and storage`, exact: false },
] as const;

/** The pages 'This till' leads; on the others it comes after the page's own content. */
const TILL_PAGES: readonly string[] = ['/dashboard/settings', '/dashboard/settings/devices'];

function Settings() {
  const { t } = useLingui();
  const { membership } = Route.useRouteContext();
  const shopName = membership?.companyName;
  const path = useLocation({ select: (location) => location.pathname.replace(/\/$/, '') });
  return (
    <>
      <PageHeader
        title={t`Settings`}
        description={membership ? t`Your account at ${shopName}.` : t`Your account.`}
      />
      <nav aria-label={t`Settings pages`} className="settings-tabs">
        {tabs
          .filter(
            (tab) => !('managers' in tab) || membership?.role === 'owner' || membership?.role === 'manager',
          )
          .map((tab) => (
            <Link
              key={tab.to}
              to={tab.to}
              className={buttonClass('secondary')}
              activeOptions={{ exact: tab.exact }}
              activeProps={{ 'aria-current': 'page' }}
            >
              {t(tab.label)}
            </Link>
          ))}
      </nav>
      <div className="settings-page">
        {TILL_PAGES.includes(path) ? <ThisTillSection /> : null}
        <Outlet />
        {TILL_PAGES.includes(path) ? null : <ThisTillSection />}
      </div>
    </>
  );
}

/** Which till this device is (or the form to make it one): the same on every settings page. */
function ThisTillSection() {
  const { sync, auth, membership, supabase, checkPassword } = Route.useRouteContext();
  const userId = auth.getState().user?.id;
  const companyId = membership?.companyId;
  const deps = useMemo(
    () => (userId && companyId ? terminalSetupDepsFrom(sync, userId, companyId) : null),
    [sync, userId, companyId],
  );
  const shared = useMemo(
    () => (userId && companyId ? sharedTillDepsFrom(sync, userId, companyId, supabase) : null),
    [sync, userId, companyId, supabase],
  );
  const cards = useMemo(() => cardPaymentsClient(supabase), [supabase]);
  if (!deps) return null;
  const manages = membership?.role === 'owner' || membership?.role === 'manager';
  return (
    <ThisTill deps={deps}>
      {(terminal) => (
        <>
          {shared && membership ? (
            <SharedModeCard
              deps={shared}
              role={membership.role}
              email={auth.getState().user?.email ?? null}
              checkPassword={checkPassword}
            />
          ) : null}
          <PrinterCard printer={tillPrinter} />
          <TillCardReader deps={deps} client={cards} terminalId={terminal.id} manages={manages} />
        </>
      )}
    </ThisTill>
  );
}
