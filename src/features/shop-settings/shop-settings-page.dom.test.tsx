// Settings → Shop on screen: owners edit, others read; bad input is named and nothing is sent; a save
// refreshes and asks the till to sync; the server's refusal is shown and the form keeps what was typed.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Membership } from '../../data/remote/memberships';
import { SettingsError, type ShopSettingsWrites } from '../../data/remote/shop-settings';
import type { Supabase } from '../../data/remote/supabase-client';
import { DEFAULT_VALUE_SETTINGS } from '../../domain/value/settings';
import { membershipAs, renderWithAnswers, SETTINGS } from '../../../tests/support/settings-page';
import { ShopSettingsPage } from './shop-settings-page';

afterEach(cleanup);

function fakeWrites() {
  return {
    updateCompany: vi.fn<ShopSettingsWrites['updateCompany']>(() => Promise.resolve()),
    updateTillRules: vi.fn<ShopSettingsWrites['updateTillRules']>(() => Promise.resolve()),
    updateScaleLayouts: vi.fn<ShopSettingsWrites['updateScaleLayouts']>(() => Promise.resolve()),
    updateCostMethod: vi.fn<ShopSettingsWrites['updateCostMethod']>(() => Promise.resolve()),
    updateShopLanguage: vi.fn<ShopSettingsWrites['updateShopLanguage']>(() => Promise.resolve()),
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

function renderPage(role: Membership['role'], writes = fakeWrites(), settings = SETTINGS) {
  const syncNow = vi.fn();
  renderWithAnswers(
    [
      [['shop-settings', 'c1'], settings],
      [['shop-settings', 'c1', 'invites'], []],
      [['shop-settings', 'c1', 'value'], DEFAULT_VALUE_SETTINGS],
    ],
    <ShopSettingsPage
      membership={membershipAs(role)}
      supabase={null as unknown as Supabase}
      currentUserId="u1"
      syncNow={syncNow}
      writes={writes}
    />,
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
      receiptHeader: null,
      receiptFooter: null,
      address: null,
      taxNumber: null,
    });
    expect(syncNow).toHaveBeenCalled();
  });

  test('the time zone is picked from a list, cash rounding reads as money, receipt texts are saved', async () => {
    const { writes } = renderPage('owner');
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Lisb');
    await userEvent.click(await screen.findByRole('option', { name: 'Europe/Lisbon' }));
    expect(zone).toHaveValue('Europe/Lisbon');
    const rounding = screen.getByLabelText('Round cash totals to');
    expect(
      within(rounding)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No rounding', '€0.05', '€0.10', '€0.50', '€1.00']);
    await userEvent.selectOptions(rounding, '€0.05');
    await userEvent.type(screen.getByLabelText('Receipt header'), 'Welcome!');
    await userEvent.type(screen.getByLabelText('Shop address'), '1 Main Street');
    await userEvent.type(screen.getByLabelText('Tax number'), ' DE123456789 ');
    await userEvent.type(screen.getByLabelText('Receipt footer'), 'Returns within 30 days');
    await userEvent.click(screen.getByRole('button', { name: 'Save shop details' }));
    expect(await screen.findByText('Shop details saved.')).toBeInTheDocument();
    expect(writes.updateCompany).toHaveBeenCalledWith(
      expect.objectContaining({
        timeZone: 'Europe/Lisbon',
        cashRounding: 5,
        receiptHeader: 'Welcome!',
        address: '1 Main Street',
        taxNumber: 'DE123456789',
        receiptFooter: 'Returns within 30 days',
      }),
    );
  });

  test('a stored zone this browser spells otherwise (Europe/Kyiv) still saves', async () => {
    const { writes } = renderPage('owner', fakeWrites(), {
      ...SETTINGS,
      company: { ...SETTINGS.company, timeZone: 'Europe/Kyiv' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save shop details' }));
    expect(await screen.findByText('Shop details saved.')).toBeInTheDocument();
    expect(writes.updateCompany).toHaveBeenCalledWith(expect.objectContaining({ timeZone: 'Europe/Kyiv' }));
  });

  test('bad input is named and nothing is sent; a server refusal keeps what was typed', async () => {
    const writes = fakeWrites();
    writes.updateCompany.mockRejectedValueOnce(
      new SettingsError('That value is not allowed here: check the field and try again.'),
    );
    renderPage('owner', writes);
    const rate = screen.getByLabelText('Default tax rate (%)');
    await userEvent.clear(rate);
    await userEvent.type(rate, 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Save shop details' }));
    expect(screen.getByText(/default tax rate is a percentage/)).toBeInTheDocument();
    expect(writes.updateCompany).not.toHaveBeenCalled();

    await userEvent.clear(rate);
    await userEvent.type(rate, '7.5');
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Mars/Olympus');
    await userEvent.click(screen.getByRole('button', { name: 'Save shop details' }));
    expect(screen.getByText(/time zone from the list/)).toBeInTheDocument();
    expect(writes.updateCompany).not.toHaveBeenCalled();

    await userEvent.clear(zone);
    await userEvent.type(zone, 'Europe/Paris');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Save shop details' }));
    expect(await screen.findByText(/That value is not allowed here/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Paris');
  });

  test('the shared till’s rules are saved: shift mode, locking and what needs a manager', async () => {
    const { writes, syncNow } = renderPage('owner');
    const form = screen.getByRole('form', { name: 'Shared till' });
    await userEvent.selectOptions(within(form).getByLabelText('Shifts'), 'cashier');
    await userEvent.click(within(form).getByLabelText('Lock the till after each sale'));
    const idle = within(form).getByLabelText('Lock after idle minutes');
    await userEvent.clear(idle);
    await userEvent.type(idle, '0');
    await userEvent.click(within(form).getByLabelText('A refund'));
    await userEvent.click(within(form).getByLabelText('Removing a line after it was added'));
    await userEvent.type(within(form).getByLabelText('A discount over (%)'), '12.5');
    await userEvent.type(within(form).getByLabelText('Closing a shift with a difference over (EUR)'), '5,50');
    await userEvent.click(within(form).getByLabelText('Managers and owners approve with a 6-digit PIN'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save shared till settings' }));
    expect(await within(form).findByText(/Shared till settings saved/)).toBeInTheDocument();
    expect(writes.updateTillRules).toHaveBeenCalledWith({
      shiftMode: 'cashier',
      lockAfterSale: true,
      lockIdleMinutes: 0,
      approveRefund: false,
      approveDiscountOverBp: 1250,
      approvePriceOverride: true,
      approveLineRemoval: true,
      approveNoSale: true,
      approveShiftDifferenceOver: 550,
      approvalPinDigits: 6,
    });
    expect(syncNow).toHaveBeenCalled();
  });

  test('shared till rules: a percent over 100, idle minutes that are not a number or a bad amount are named', async () => {
    const writes = fakeWrites();
    writes.updateTillRules.mockRejectedValueOnce(
      new SettingsError('Needs a connection: settings are saved on the server.'),
    );
    renderPage('owner', writes);
    const form = screen.getByRole('form', { name: 'Shared till' });
    const save = within(form).getByRole('button', { name: 'Save shared till settings' });
    const idle = within(form).getByLabelText('Lock after idle minutes');
    await userEvent.clear(idle);
    await userEvent.type(idle, 'soon');
    await userEvent.click(save);
    expect(within(form).getByText(/whole number from 0 \(never\) to 1440/)).toBeInTheDocument();

    await userEvent.clear(idle);
    await userEvent.type(idle, '10');
    const percent = within(form).getByLabelText('A discount over (%)');
    await userEvent.type(percent, '150');
    await userEvent.click(save);
    expect(within(form).getByText(/percentage from 0 to 100/)).toBeInTheDocument();

    await userEvent.clear(percent);
    await userEvent.type(percent, '10');
    const amount = within(form).getByLabelText('Closing a shift with a difference over (EUR)');
    await userEvent.type(amount, '2.555');
    await userEvent.click(save);
    expect(
      within(form).getByText(/shift difference limit: EUR amounts have at most 2 decimals/),
    ).toBeInTheDocument();
    expect(writes.updateTillRules).not.toHaveBeenCalled();

    await userEvent.clear(amount);
    await userEvent.type(amount, '20');
    await userEvent.click(save);
    expect(
      await within(form).findByText('Needs a connection: settings are saved on the server.'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('A discount over (%)')).toHaveValue('10');
    expect(within(form).getByLabelText('Lock after idle minutes')).toHaveValue('10');
  });

  test('[SCALE-3] an owner sets up the scale’s labels, sees the label each layout prints, and saves them', async () => {
    const { writes, syncNow } = renderPage('owner');
    const form = screen.getByRole('form', { name: 'Scale labels' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add a label layout' }));
    await userEvent.selectOptions(within(form).getByLabelText('Prefix'), '21');
    expect(within(form).getByText('2100042002357 → item 00042, €2.35')).toBeInTheDocument();
    await userEvent.selectOptions(within(form).getByLabelText('Decimals in the price'), '3');
    expect(within(form).getByText(/No scale prints this layout/)).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Save scale labels' }));
    expect(within(form).getByText('A EUR price on a label has 0 to 2 decimals.')).toBeInTheDocument();
    expect(writes.updateScaleLayouts).not.toHaveBeenCalled();

    await userEvent.selectOptions(within(form).getByLabelText('The label carries'), 'weight');
    expect(within(form).getByText(/^2100042012554 → item 00042, 1.255 kg$/)).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Save scale labels' }));
    expect(await within(form).findByText(/Scale labels saved/)).toBeInTheDocument();
    expect(writes.updateScaleLayouts).toHaveBeenCalledWith([
      { prefix: '21', kind: 'weight', itemDigits: 5, decimals: 3, valueCheckDigit: false },
    ]);
    expect(syncNow).toHaveBeenCalled();
  });

  test('[SCALE-3] a manager sees the scale’s labels but cannot change them', () => {
    renderPage('manager', fakeWrites(), {
      ...SETTINGS,
      scaleLayouts: [{ prefix: '22', kind: 'price', itemDigits: 5, decimals: 2, valueCheckDigit: false }],
    });
    const form = screen.getByRole('form', { name: 'Scale labels' });
    expect(within(form).getByText('2200042002354 → item 00042, €2.35')).toBeInTheDocument();
    expect(within(form).getByLabelText('Prefix')).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save scale labels' })).not.toBeInTheDocument();
  });

  test('[COST-1] an owner chooses how a receive moves a product’s cost; a manager only reads it', async () => {
    const { writes, syncNow } = renderPage('owner');
    const form = screen.getByRole('form', { name: 'Cost' });
    expect(within(form).getByLabelText('Product cost')).toHaveValue('last');
    await userEvent.selectOptions(within(form).getByLabelText('Product cost'), 'average');
    await userEvent.click(within(form).getByRole('button', { name: 'Save cost method' }));
    expect(await within(form).findByText(/Cost method saved/)).toBeInTheDocument();
    expect(writes.updateCostMethod).toHaveBeenCalledWith('average');
    expect(syncNow).toHaveBeenCalled();
    cleanup();

    renderPage('manager', fakeWrites(), { ...SETTINGS, costMethod: 'average' });
    const readOnly = screen.getByRole('form', { name: 'Cost' });
    expect(within(readOnly).getByLabelText('Product cost')).toHaveValue('average');
    expect(within(readOnly).getByLabelText('Product cost')).toBeDisabled();
    expect(within(readOnly).queryByRole('button', { name: 'Save cost method' })).not.toBeInTheDocument();
  });

  test('a manager reads the shared till’s rules but cannot change them', () => {
    renderPage('manager');
    const form = screen.getByRole('form', { name: 'Shared till' });
    expect(
      within(screen.getByRole('region', { name: 'Shared till' })).getByText(
        /Only the shop’s owner can change/,
      ),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Lock after idle minutes')).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save shared till settings' })).not.toBeInTheDocument();
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

  test('an invite for an address says it was mailed; its code is copied, or the person is told to copy it', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { writes } = renderPage('owner');
    await userEvent.type(screen.getByLabelText('Email (optional)'), 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Create invite' }));
    expect(await screen.findByText('Invite created and mailed to new@example.com.')).toBeInTheDocument();
    expect(writes.createInvite).toHaveBeenCalledWith('cashier', 7, 'new@example.com');

    await userEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith('ABCD2345');
    expect(await screen.findByText('Copied.')).toBeInTheDocument();

    writeText.mockRejectedValueOnce(new DOMException('Denied', 'NotAllowedError'));
    await userEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(await screen.findByText(/did not allow copying: select the code ABCD2345/)).toBeInTheDocument();
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
