// Settings → Devices on screen (supabase/SPEC.md §21): the paired tills with when each last synced, a
// one-time code for a named till of a store, a refusal in words, and 'Revoke' only after a confirmation.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DevicesPageData, DeviceWrites } from '../../data/remote/devices';
import { SettingsError } from '../../data/remote/shop-settings';
import type { Supabase } from '../../data/remote/supabase-client';
import { renderWithAnswers } from '../../../tests/support/settings-page';
import { DevicesPage } from './devices-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const PAGE: DevicesPageData = {
  stores: [
    { id: 's1', name: 'Main store' },
    { id: 's2', name: 'Station kiosk' },
  ],
  devices: [
    {
      id: 'd1',
      name: 'Front counter',
      storeName: 'Main store',
      pairedByName: 'Mona Manager',
      pairedAt: '2026-12-01T09:00:00.000Z',
      lastSyncedAt: '2026-12-04T10:30:00.000Z',
      revokedAt: null,
    },
    {
      id: 'd2',
      name: 'Old tablet',
      storeName: 'Main store',
      pairedByName: null,
      pairedAt: '2026-11-01T09:00:00.000Z',
      lastSyncedAt: null,
      revokedAt: '2026-11-20T09:00:00.000Z',
    },
  ],
};

function renderPage(writes: Partial<DeviceWrites> = {}) {
  const fakes = {
    createCode: vi.fn<DeviceWrites['createCode']>(() =>
      Promise.resolve({ code: 'ABCD-EFGH-JK', expiresAt: '2026-12-04T10:40:00.000Z', name: 'Back till' }),
    ),
    revoke: vi.fn<DeviceWrites['revoke']>(() => Promise.resolve()),
    ...writes,
  };
  renderWithAnswers(
    [[['devices', 'c1'], PAGE]],
    <DevicesPage companyId="c1" supabase={null as unknown as Supabase} writes={fakes} />,
  );
  return fakes;
}

describe('Settings → Devices', () => {
  test('[DEV-10] lists the paired tills with their store, who paired them, when they synced and their status', () => {
    renderPage();
    const table = screen.getByRole('table', { name: 'Paired tills' });
    const active = within(table).getByRole('row', { name: /Front counter/ });
    expect(active).toHaveTextContent('Main store');
    expect(active).toHaveTextContent('Mona Manager');
    expect(active).toHaveTextContent('Active');
    expect(within(active).getByRole('button', { name: 'Revoke Front counter' })).toBeInTheDocument();
    const revoked = within(table).getByRole('row', { name: /Old tablet/ });
    expect(revoked).toHaveTextContent('Never');
    expect(revoked).toHaveTextContent(/Revoked/);
    expect(within(revoked).queryByRole('button')).toBeNull();
  });

  test('[DEV-2] ‘Pair a device’ shows the one-time code for the named till of the chosen store', async () => {
    const writes = renderPage();
    const form = screen.getByRole('form', { name: 'Pair a device' });
    await userEvent.click(within(form).getByRole('button', { name: 'Pair a device' }));
    expect(screen.getByText(/Give the till a name/)).toBeInTheDocument();
    expect(writes.createCode).not.toHaveBeenCalled();
    await userEvent.type(within(form).getByLabelText('Till name'), ' Back till ');
    await userEvent.selectOptions(within(form).getByLabelText('Store'), 'Station kiosk');
    await userEvent.click(within(form).getByRole('button', { name: 'Pair a device' }));
    expect(writes.createCode).toHaveBeenCalledWith('s2', 'Back till');
    const code = await screen.findByRole('region', { name: 'One-time code' });
    expect(within(code).getByLabelText('Pairing code')).toHaveTextContent('ABCD-EFGH-JK');
    expect(code).toHaveTextContent(/works once, until \d\d:\d\d/);
    expect(code).toHaveTextContent('Pair this device');
  });

  test('[DEV-2] a refusal is said in words and no code is shown', async () => {
    renderPage({
      createCode: () => Promise.reject(new SettingsError('Twenty codes are waiting to be used.')),
    });
    await userEvent.type(screen.getByLabelText('Till name'), 'Kiosk');
    await userEvent.click(screen.getByRole('button', { name: 'Pair a device' }));
    expect(await screen.findByText('Twenty codes are waiting to be used.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'One-time code' })).toBeNull();
  });

  test('[DEV-11] ‘Revoke’ asks first; Cancel keeps the till, Revoke unpairs it', async () => {
    const writes = renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke Front counter' }));
    let dialog = screen.getByRole('dialog', { name: 'Revoke Front counter?' });
    expect(dialog).toHaveTextContent('Sales it has not sent stay on it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes.revoke).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke Front counter' }));
    dialog = screen.getByRole('dialog', { name: 'Revoke Front counter?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(writes.revoke).toHaveBeenCalledWith('d1');
    expect(await screen.findByText('Front counter is unpaired.')).toBeInTheDocument();
  });
});
