// The manager's frame: the shop's name, a section menu (a sidebar on wide screens, a scrolling tab row on
// phones) and the section itself. At the counter (the register) the section has the whole screen: the
// app's counter bar carries the same menu.
import type { ReactNode } from 'react';
import { Link, Outlet } from '@tanstack/react-router';
import type { Membership, MemberRole } from '../../data/remote/memberships';
import './dashboard.css';

const sections = [
  { to: '/dashboard', label: 'Overview', exact: true },
  { to: '/dashboard/register', label: 'Register', exact: false, counter: true },
  { to: '/dashboard/sales', label: 'Sales', exact: false },
  { to: '/dashboard/products', label: 'Products', exact: false },
  { to: '/dashboard/stock-movements', label: 'Stock movements', exact: false },
  { to: '/dashboard/customers', label: 'Customers', exact: false },
  { to: '/dashboard/shifts', label: 'Shifts', exact: false, counter: true },
  { to: '/dashboard/insights', label: 'Insights', exact: false, managers: true },
  { to: '/dashboard/activity', label: 'Activity', exact: false, managers: true },
  { to: '/dashboard/settings', label: 'Settings', exact: false },
] as const;

export const roleNames = { owner: 'Owner', manager: 'Manager', cashier: 'Cashier' } as const;

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
          <span className="dashboard__shop-name">{membership?.companyName ?? 'Your shop'}</span>
          {membership ? <span className="dashboard__role">{roleNames[membership.role]}</span> : null}
        </div>
        <nav aria-label="Dashboard sections" className="dashboard__nav">
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
      {section.label}
    </Link>
  ));
}
