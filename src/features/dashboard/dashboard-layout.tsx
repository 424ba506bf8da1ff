// The manager's frame: the shop's name, a section menu (a sidebar on wide screens, a scrolling tab row on
// phones) and the section itself. At the counter (the register) the section has the whole screen: the
// app's counter bar carries the same menu.
import type { ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link, Outlet } from '@tanstack/react-router';
import type { Membership, MemberRole } from '../../data/remote/memberships';
import './dashboard.css';

const sections = [
  { to: '/dashboard', label: msg`Overview`, exact: true },
  { to: '/dashboard/register', label: msg`Register`, exact: false, counter: true },
  { to: '/dashboard/sales', label: msg`Sales`, exact: false },
  { to: '/dashboard/products', label: msg`Products`, exact: false },
  { to: '/dashboard/stock-movements', label: msg`Stock movements`, exact: false },
  { to: '/dashboard/customers', label: msg`Customers`, exact: false },
  { to: '/dashboard/shifts', label: msg`Shifts`, exact: false, counter: true },
  { to: '/dashboard/insights', label: msg`Insights`, exact: false, managers: true },
  { to: '/dashboard/purchase-orders', label: msg`Purchase orders`, exact: false, managers: true },
  { to: '/dashboard/transfers', label: msg`Transfers`, exact: false, managers: true },
  { to: '/dashboard/stocktakes', label: msg`Stocktakes`, exact: false, managers: true },
  { to: '/dashboard/customer-value', label: msg`Customer value`, exact: false, managers: true },
  { to: '/dashboard/activity', label: msg`Activity`, exact: false, managers: true },
  { to: '/dashboard/settings', label: msg`Settings`, exact: false },
] as const;

// Descriptors (built before the catalogue loads): translate where shown, `t(roleNames[role])`.
export const roleNames = { owner: msg`Owner`, manager: msg`Manager`, cashier: msg`Cashier` } as const;

export function DashboardLayout({
  membership,
  counter,
  notice,
}: {
  membership: Membership | null;
  /** The counter's frame (the register, or any screen of a shared till whose back office is closed). */
  counter: boolean;
  /** Shown above the section (a shared till's open back office says so). */
  notice?: ReactNode;
}) {
  const { t } = useLingui();
  if (counter) {
    return (
      <div className="dashboard dashboard--counter">
        <main className="dashboard__main" id="main">
          <Outlet />
        </main>
      </div>
    );
  }
  return (
    <div className="dashboard">
      <aside className="dashboard__side">
        <div className="dashboard__shop">
          <span className="dashboard__shop-name">{membership?.companyName ?? t`Your shop`}</span>
          {membership ? <span className="dashboard__role">{t(roleNames[membership.role])}</span> : null}
        </div>
        <nav aria-label={t`Dashboard sections`} className="dashboard__nav">
          <DashboardSectionLinks role={membership?.role ?? null} />
        </nav>
      </aside>
      <main className="dashboard__main" id="main">
        {notice}
        <Outlet />
      </main>
    </div>
  );
}

/**
 * The sections as links, the current one marked: the sidebar's, and the counter bar's menu. Sections for
 * managers (insights, the activity log) are left out for cashiers and while the role is not known. On a
 * shared till whose back office is closed (`counterOnly`, issue 33) only the counter's sections are listed:
 * the register (with its recent sales) and the shift.
 */
export function DashboardSectionLinks({
  role,
  counterOnly = false,
}: {
  role: MemberRole | null;
  counterOnly?: boolean;
}) {
  const { t } = useLingui();
  const shown = sections.filter((section) =>
    counterOnly ? 'counter' in section : !('managers' in section) || (role !== null && role !== 'cashier'),
  );
  return shown.map((section) => (
    <Link
      key={section.to}
      to={section.to}
      className="dashboard__link"
      activeOptions={{ exact: section.exact }}
      activeProps={{ 'aria-current': 'page' }}
    >
      {t(section.label)}
    </Link>
  ));
}
