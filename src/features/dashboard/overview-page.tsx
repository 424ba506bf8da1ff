// Dashboard home: today at a glance, this device's sync health, a manager's report over a date range, and the
// ways into the day's work.
import { lazy, Suspense } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Membership } from '../../data/remote/memberships';
import type { Supabase } from '../../data/remote/supabase-client';
import { PageHeader } from '../../ui/layout';
import { FlagCount } from './flag-count';
import { SyncHealth, type SyncStatusSource } from './sync-health';
import { TodayStats } from './today-stats';
import './dashboard.css';

// Charts by day, cashier and terminal are for managers at a desk: loaded only when they are shown.
const RangeReport = lazy(() => import('./range-report'));
// Card payments that need a manager (issue 20): only managers see it, so only they load it.
const CardIssuesPanel = lazy(() => import('./card-issues-panel'));

// Descriptors: the table is built before the catalogue loads; each is looked up when shown.
const shortcuts = [
  { to: '/dashboard/register', title: msg`Open the register`, text: msg`Ring up sales, online or offline.` },
  {
    to: '/dashboard/sales',
    title: msg`Review sales`,
    text: msg`Receipts, refunds and payments from every till.`,
  },
  {
    to: '/dashboard/products',
    title: msg`Manage products`,
    text: msg`Prices, barcodes, tax rates and stock.`,
  },
  { to: '/dashboard/customers', title: msg`Customers`, text: msg`Contact details and purchase history.` },
] as const;

export function OverviewPage({
  membership,
  name,
  supabase,
  syncStatus,
}: {
  membership: Membership | null;
  name: string | null;
  supabase: Supabase;
  syncStatus: SyncStatusSource;
}) {
  const { t } = useLingui();
  const manager = membership !== null && membership.role !== 'cashier';
  const shop = membership?.companyName ?? '';
  const greeting = name
    ? t`Hello, ${name}. Here is how ${shop} is doing today.`
    : t`Here is how ${shop} is doing today.`;
  return (
    <>
      <PageHeader
        title={t`Today at a glance`}
        description={
          membership
            ? greeting
            : t`Your shop details could not be loaded right now (are you offline?). Selling still works.`
        }
      />
      {/* What needs a manager's eye comes before the figures. */}
      {manager ? (
        <FlagCount supabase={supabase} companyId={membership.companyId} timeZone={membership.timeZone} />
      ) : null}
      {membership ? <TodayStats membership={membership} supabase={supabase} /> : null}
      <SyncHealth source={syncStatus} />
      {manager ? (
        <Suspense fallback={null}>
          <CardIssuesPanel supabase={supabase} companyId={membership.companyId} />
        </Suspense>
      ) : null}
      {manager ? (
        <Suspense
          fallback={
            <p aria-busy="true">
              <Trans>Loading the report…</Trans>
            </p>
          }
        >
          <RangeReport membership={membership} supabase={supabase} />
        </Suspense>
      ) : null}
      <h2 className="section-title">
        <Trans>Get to work</Trans>
      </h2>
      <section className="shortcut-grid" aria-label={t`Shortcuts`}>
        {shortcuts.map((shortcut) => (
          <Link key={shortcut.to} to={shortcut.to} className="shortcut">
            <span className="shortcut__title">{t(shortcut.title)}</span>
            <span className="shortcut__text">{t(shortcut.text)}</span>
          </Link>
        ))}
      </section>
    </>
  );
}
