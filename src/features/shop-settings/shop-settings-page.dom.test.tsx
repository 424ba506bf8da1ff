// Settings → Shop on screen: owners edit, others read; bad input is named and nothing is sent; a save
// refreshes and asks the till to sync; the server's refusal is shown and the form keeps what was typed.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Membership } from '../../data/remote/memberships';
import { SettingsError, type ShopSettings, type ShopSettingsWrites } from '../../data/remote/shop-settings';
import type { Supabase } from '../../data/remote/supabase-client';
import { ShopSettingsPage } from './shop-settings-page';

afterEach(cleanup);

const SETTINGS: ShopSettings = {
  company: {
    id: 'c1',
    name: 'Demo Shop',
    currency: 'EUR',
    timeZone: 'Europe/Berlin',
    pricesIncludeTax: true,
    defaultTaxRateBp: 1900,
    cashRounding: 1,
  },
  stores: [{ id: 's1', name: 'Main Street', address: null }],
  terminals: [{ id: 't1', code: 'T1', name: 'Front till', storeId: 's1' }],
  members: [
    { id: 'm1', userId: 'u1', role: 'owner', displayName: 'Olive Owner' },
    { id: 'm2', userId: 'u2', role: 'cashier', displayName: 'Casey Cashier' },
  ],
  currencies: ['EUR', 'GBP', 'USD'],
};

function fakeWrites() {
  return {
    updateCompany: vi.fn<ShopSettingsWrites['updateCompany']>(() => Promise.resolve()),
    addStore: vi.fn<ShopSettingsWrites['addStore']>(() => Promise.resolve()),
    renameStore: vi.fn<ShopSettingsWrites['renameStore']>(() => Promise.resolve()),
    renameTerminal: vi.fn<ShopSettingsWrites['renameTerminal']>(() => Promise.resolve()),
    retireTerminal: vi.fn<ShopSettingsWrites['retireTerminal']>(() => Promise.resolve()),
    setRole: vi.fn<ShopSettingsWrites['setRole']>(() => Promise.resolve()),
    removeMember: vi.fn<ShopSettingsWrites['removeMember']>(() => Promise.resolve()),
    createInvite: vi.fn<ShopSettingsWrites['createInvite']>(() =>
      Promise.resolve({
        id: 'i1',
        code: 'ABCD2345',
        role: 'cashier' as const,
        email: null,
        expiresAt: '2099-01-01T00:00:00Z',
        usedAt: null,
        revokedAt: null,
      }),
    ),
    revokeInvite: vi.fn<ShopSettingsWrites['revokeInvite']>(() => Promise.resolve()),
  };
}

function renderPage(role: Membership['role'], writes = fakeWrites()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(['shop-settings', 'c1'], SETTINGS);
  queryClient.setQueryData(['shop-settings', 'c1', 'invites'], []);
  const syncNow = vi.fn();
  const membership: Membership = {
    companyId: 'c1',
    companyName: 'Demo Shop',
    currency: 'EUR',
    timeZone: 'Europe/Berlin',
    role,
    displayName: 'Someone',
  };
  render(
    <QueryClientProvider client={queryClient}>
      <ShopSettingsPage
        membership={membership}
        supabase={null as unknown as Supabase}
        currentUserId="u1"
        syncNow={syncNow}
        writes={writes}
      />
    </QueryClientProvider>,
  );
  return { writes, syncNow };
}

// Typing with user-event is slow on a loaded machine.
describe('Settings → Shop', { timeout: 30_000 }, () => {
  test('an owner saves the shop’s details and the till is asked to sync', async () => {
    const { writes, syncNow } = renderPage('owner');
    const name = screen.getByLabelText('Shop name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Corner Shop');
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'GBP');
    await userEvent.click(screen.getByRole('button', { name: 'Save shop details' }));
    expect(await screen.findByText('Shop details saved.')).toBeInTheDocument();
    expect(writes.updateCompany).toHaveBeenCalledWith({
      name: 'Corner Shop',
      currency: 'GBP',
      timeZone: 'Europe/Berlin',
      pricesIncludeTax: true,
      defaultTaxRateBp: 1900,
      cashRounding: 1,
    });
    expect(syncNow).toHaveBeenCalled();
  });

  test('bad input is named and nothing is sent; a server refusal keeps what was typed', async () => {
    const writes = fakeWrites();
    writes.updateCompany.mockRejectedValueOnce(new SettingsError('That time zone is not known.'));
    renderPage('owner', writes);
    const rate = screen.getByLabelText('Default tax rate (%)');
    await userEvent.clear(rate);
    await userEvent.type(rate, 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Save shop details' }));
    expect(screen.getByText(/default tax rate is a percentage/)).toBeInTheDocument();
    expect(writes.updateCompany).not.toHaveBeenCalled();

    await userEvent.clear(rate);
    await userEvent.type(rate, '7.5');
    const zone = screen.getByLabelText('Time zone');
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Mars/Olympus');
    await userEvent.click(screen.getByRole('button', { name: 'Save shop details' }));
    expect(await screen.findByText('That time zone is not known.')).toBeInTheDocument();
    expect(screen.getByLabelText('Time zone')).toHaveValue('Mars/Olympus');
  });

  test('stores are added, tills renamed, people invited', async () => {
    const { writes } = renderPage('owner');
    await userEvent.type(screen.getByLabelText('New store'), 'Harbour');
    await userEvent.click(screen.getByRole('button', { name: 'Add store' }));
    expect(writes.addStore).toHaveBeenCalledWith('Harbour');

    await userEvent.click(screen.getByRole('button', { name: 'Rename Front till' }));
    const field = screen.getByLabelText('New name for Front till');
    await userEvent.clear(field);
    await userEvent.type(field, 'Back till');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(writes.renameTerminal).toHaveBeenCalledWith('t1', 'Back till');

    await userEvent.click(screen.getByRole('button', { name: 'Create invite' }));
    expect(await screen.findByText('ABCD2345')).toBeInTheDocument();
    expect(writes.createInvite).toHaveBeenCalledWith('cashier', 7, null);
    const members = screen.getByRole('list', { name: 'Members' });
    expect(within(members).queryByRole('button', { name: 'Remove Olive Owner' })).not.toBeInTheDocument();
    expect(within(members).getByRole('button', { name: 'Remove Casey Cashier' })).toBeInTheDocument();
  });

  test('a manager may rename tills but not change the shop or see its people', () => {
    renderPage('manager');
    expect(screen.getByText('Only the shop’s owner can change these.')).toBeInTheDocument();
    expect(screen.getByLabelText('Shop name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save shop details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add store' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rename Front till' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'People' })).not.toBeInTheDocument();
  });
});
