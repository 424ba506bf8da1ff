// A PIN opens the counter, never the back office (issue 33, [COUNTER-1]…[COUNTER-3]), through the real app:
// routes, guards, the counter bar and its menu, on a device in shared mode with a till, the shop's staff
// and a signed-in owner (fake-indexeddb). Locked, every dashboard address shows the lock screen; with a PIN
// at the counter the menu is the counter's and a back-office address is refused in words before its page
// fetches anything; the account's own password opens the back office and turns shared mode off.
import { afterEach, describe, expect, test } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readSharedMode, SHARED_MODE_OFF, writeSharedMode } from '../../src/data/local/shared-till-meta';
import type { SyncServices } from '../../src/data/sync/create-sync';
import { backOffice } from '../../src/features/shared-till/back-office';
import { atCounter, CARA, putStaff } from '../../src/features/shared-till/staff-test-fixtures';
import { tillSession, type AtCounter } from '../../src/features/shared-till/till-session';
import { addTerminal } from '../support/ledger-fixtures';
import { makeSession, makeUser } from '../support/fake-auth';
import { DEMO_MEMBERSHIP, renderApp } from '../support/render-app';

const OWNER = makeUser('owner@demo.test');
const COMPANY = DEMO_MEMBERSHIP.company_id;
/** PINs are checked with PBKDF2; a busy machine needs a moment. */
const SLOW = { timeout: 5000 };

afterEach(() => {
  backOffice.close();
  tillSession.setShared(false);
});

/** This device: a till of the demo shop in shared mode, with Cara and a manager on its staff. */
async function sharedTill(sync: SyncServices, on = true): Promise<Map<string, string>> {
  await writeSharedMode(sync.ledger, { ...SHARED_MODE_OFF, on });
  if ((await sync.ledger.terminals.count()) === 0) await addTerminal(sync.ledger, COMPANY, 'T1');
  const mirror = sync.mirrorFor(OWNER.id);
  await mirror.companies.put({
    id: COMPANY,
    name: 'Demo Shop',
    currency: 'EUR',
    prices_include_tax: true,
    cash_rounding: 0,
  });
  return putStaff(mirror, COMPANY);
}

function openShared(path: string, unlock?: (keys: Map<string, string>) => AtCounter) {
  return renderApp(path, {
    session: makeSession(OWNER),
    setUp: async (sync) => {
      const keys = await sharedTill(sync);
      if (unlock) tillSession.unlock(unlock(keys));
    },
  });
}

async function openMenu() {
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Menu' }));
  return within(screen.getByRole('navigation', { name: 'Dashboard sections' }));
}

const BACK_OFFICE_SECTIONS = ['Overview', 'Sales', 'Products', 'Settings', 'Staff', 'Insights', 'Activity'];

describe('[COUNTER-1] a locked shared till shows the lock screen at every address', () => {
  test.each([
    '/dashboard',
    '/dashboard/sales',
    '/dashboard/products',
    '/dashboard/settings',
    '/dashboard/settings/staff',
    '/dashboard/insights',
    '/dashboard/activity',
    '/dashboard/shifts',
  ])('%s', async (path) => {
    const app = openShared(path);
    expect(await screen.findByRole('heading', { name: 'Till locked' }, SLOW)).toBeInTheDocument();
    expect(app.location()).toBe('/dashboard/register');
    // Nothing of the back office was asked of the server on the way.
    expect(app.fromCalls.filter((table) => table !== 'company_members')).toEqual([]);
    expect(app.rpcCalls).toEqual([]);
    const menu = await openMenu();
    for (const name of BACK_OFFICE_SECTIONS) expect(menu.queryByRole('link', { name })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });
});

describe('[COUNTER-1] with a PIN at the counter', () => {
  test("Cara's menu is the counter's: Register and Shifts, Lock, and the back office's own sign-in", async () => {
    openShared('/dashboard/register', (keys) => atCounter(CARA, keys));
    expect(await screen.findByLabelText('Selling')).toHaveTextContent('Cara · Cashier');
    const menu = await openMenu();
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual(['Register', 'Shifts']);
    for (const name of BACK_OFFICE_SECTIONS) expect(menu.queryByRole('link', { name })).toBeNull();
    expect(screen.getByRole('button', { name: 'Lock' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back office: sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    // 'Lock' queues its activity op: the unsynced badge says so, but links to no back-office page.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Lock' }));
    const badge = await screen.findByText('1 unsynced', {}, SLOW);
    expect(badge.closest('a')).toBeNull();
  });

  test('the owner by PIN gets the counter only too', async () => {
    openShared('/dashboard/register', () => ({ id: OWNER.id, name: 'Olive Owner', role: 'owner', key: 'k' }));
    expect(await screen.findByLabelText('Selling')).toHaveTextContent('Olive Owner · Owner');
    const menu = await openMenu();
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual(['Register', 'Shifts']);
  });

  test.each(['/dashboard/sales', '/dashboard/settings/staff', '/dashboard/settings', '/dashboard/products'])(
    'typing %s is refused in words, and its page fetches nothing',
    async (path) => {
      const app = openShared('/dashboard/register', (keys) => atCounter(CARA, keys));
      await screen.findByLabelText('Selling');
      const before = app.fromCalls.length;
      await act(() => app.router.navigate({ to: path }));
      expect(
        await screen.findByRole('heading', { name: 'This page needs your own sign-in' }),
      ).toBeInTheDocument();
      expect(app.fromCalls.slice(before).filter((table) => table !== 'company_members')).toEqual([]);
      expect(screen.queryByRole('heading', { name: 'Sales' })).toBeNull();
      // The counter bar still names the shop and who is selling.
      expect(screen.getByText('Demo Shop')).toBeInTheDocument();
      expect(screen.getByLabelText('Selling')).toHaveTextContent('Cara · Cashier');
      expect(screen.getByRole('link', { name: 'Back to the register' })).toHaveAttribute(
        'href',
        '/dashboard/register',
      );
    },
  );

  test('the shift screen opens, with the counter bar and no shift history', async () => {
    const app = openShared('/dashboard/register', (keys) => atCounter(CARA, keys));
    await screen.findByLabelText('Selling');
    await act(() => app.router.navigate({ to: '/dashboard/shifts' }));
    expect(await screen.findByRole('heading', { name: 'Shifts' })).toBeInTheDocument();
    expect(screen.getByLabelText('Selling')).toHaveTextContent('Cara · Cashier');
    expect(app.rpcCalls.filter((call) => call.name.includes('shift'))).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'Shift history' })).toBeNull();
  });
});

describe('[COUNTER-2] the back office opens with the account password, never a PIN', () => {
  test('a wrong password says so; the right one locks the counter and opens the back office until closed', async () => {
    const app = openShared('/dashboard/register', (keys) => atCounter(CARA, keys));
    await screen.findByLabelText('Selling');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('button', { name: 'Back office: sign in' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Back office: sign in' }));
    await user.type(dialog.getByLabelText('Email'), 'owner@demo.test');
    await user.type(dialog.getByLabelText('Password'), 'a-guess');
    await user.click(dialog.getByRole('button', { name: 'Open back office' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('That password is not right.');
    expect(tillSession.get().who?.name).toBe('Cara');

    await user.type(dialog.getByLabelText('Password'), 'demo-password');
    await user.click(dialog.getByRole('button', { name: 'Open back office' }));
    expect(await screen.findByRole('heading', { name: 'Today at a glance' })).toBeInTheDocument();
    expect(tillSession.get().who).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Back office open as owner@demo.test');
    const sections = within(screen.getByRole('navigation', { name: 'Dashboard sections' }));
    expect(sections.getByRole('link', { name: 'Settings' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close back office' }));
    expect(await screen.findByRole('heading', { name: 'Till locked' }, SLOW)).toBeInTheDocument();
    expect(app.location()).toBe('/dashboard/register');
  });

  test("another account's email does not open it", async () => {
    openShared('/dashboard/register');
    await screen.findByRole('heading', { name: 'Till locked' }, SLOW);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('button', { name: 'Back office: sign in' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Back office: sign in' }));
    await user.type(dialog.getByLabelText('Email'), 'manager@demo.test');
    await user.type(dialog.getByLabelText('Password'), 'demo-password');
    await user.click(dialog.getByRole('button', { name: 'Open back office' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'This till is signed in as owner@demo.test, and only that account opens its back office.',
    );
    expect(backOffice.get().userId).toBeNull();
  });
});

describe('[COUNTER-3] turning shared mode off asks for the account password', () => {
  test('wrong: still on, in words; right: off', async () => {
    const app = openShared('/dashboard/settings/sync');
    await screen.findByRole('heading', { name: 'Till locked' }, SLOW);
    backOffice.open({ userId: OWNER.id, email: 'owner@demo.test' });
    await act(() => app.router.navigate({ to: '/dashboard/settings/sync' }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn shared mode off' }, SLOW));
    await user.type(screen.getByLabelText('Password of owner@demo.test'), 'a-guess');
    await user.click(screen.getByRole('button', { name: 'Turn shared mode off' }));
    expect(
      await screen.findByText('That password is not right. Shared mode is still on.'),
    ).toBeInTheDocument();
    expect((await readSharedMode(app.sync.ledger)).on).toBe(true);
    await user.type(screen.getByLabelText('Password of owner@demo.test'), 'demo-password');
    await user.click(screen.getByRole('button', { name: 'Turn shared mode off' }));
    expect(await screen.findByText('Shared mode is off.')).toBeInTheDocument();
    await waitFor(async () => {
      expect((await readSharedMode(app.sync.ledger)).on).toBe(false);
    });
  });
});
