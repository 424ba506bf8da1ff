// The activity log's route (issue 18): in the menu for managers and owners, not for cashiers, and a cashier
// who types the address is told it is not theirs.
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { makeSession } from '../support/fake-auth';
import { DEMO_MEMBERSHIP, renderApp } from '../support/render-app';

describe('/dashboard/activity', { timeout: 30_000 }, () => {
  test('a manager finds Activity in the menu and opens the log', async () => {
    renderApp('/dashboard/activity', {
      session: makeSession(),
      memberships: [{ ...DEMO_MEMBERSHIP, role: 'manager' }],
    });
    await screen.findByRole('heading', { level: 1, name: 'Activity' });
    const menu = screen.getByRole('navigation', { name: 'Dashboard sections' });
    expect(within(menu).getByRole('link', { name: 'Activity' })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Filter activity' })).toBeInTheDocument();
  });

  test('a cashier does not see it in the menu and the route refuses them', async () => {
    renderApp('/dashboard/activity', {
      session: makeSession(),
      memberships: [{ ...DEMO_MEMBERSHIP, role: 'cashier' }],
    });
    expect(await screen.findByText('The activity log is for managers and owners')).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Dashboard sections' });
    expect(within(menu).queryByRole('link', { name: 'Activity' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Sales' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Filter activity' })).not.toBeInTheDocument();
  });
});
