// Settings in German (issue 35): the shop's settings page and the staff page read in the person's language —
// headings, labels, options, list details and the sentence a save answers with — while names and codes stay
// as they are.
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShopSettings, ShopSettingsWrites } from '../../data/remote/shop-settings';
import type { StaffMember, StaffWrites } from '../../data/remote/staff';
import type { Supabase } from '../../data/remote/supabase-client';
import { activateLocale } from '../../lib/i18n/activate';
import { membershipAs, renderWithAnswers, SETTINGS } from '../../../tests/support/settings-page';
import { ShopSettingsPage } from './shop-settings-page';
import { StaffPage } from './staff-page';

beforeEach(async () => {
  await act(() => activateLocale('de'));
});
afterEach(async () => {
  cleanup();
  await act(() => activateLocale('en'));
});

/** The demo shop's settings, its receipts in German. */
const GERMAN_SHOP: ShopSettings = { ...SETTINGS, shopLanguage: 'de' };

describe('Settings in German', { timeout: 30_000 }, () => {
  test('Settings → Shop: sections, fields and the saved message in German; names stay', async () => {
    const updateCompany = vi.fn<ShopSettingsWrites['updateCompany']>(() => Promise.resolve());
    renderWithAnswers(
      [
        [['shop-settings', 'c1'], GERMAN_SHOP],
        [['shop-settings', 'c1', 'invites'], []],
      ],
      <ShopSettingsPage
        membership={membershipAs('owner')}
        supabase={null as unknown as Supabase}
        currentUserId="u1"
        syncNow={() => undefined}
        writes={{ updateCompany } as unknown as ShopSettingsWrites}
      />,
    );
    for (const title of [
      'Geschäft',
      'Gemeinsame Kasse',
      'Waagenetiketten',
      'Filialen und Kassen',
      'Personen',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Name des Geschäfts')).toHaveValue('Demo Shop');
    expect(screen.getByRole('combobox', { name: 'Zeitzone' })).toHaveValue('Europe/Berlin');
    expect(
      screen.getByRole('option', { name: 'Je Kassenlade: eine Schicht pro Kasse, egal wer verkauft' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Kasse nach jedem Verkauf sperren')).not.toBeChecked();
    const members = screen.getByRole('list', { name: 'Mitglieder' });
    expect(within(members).getByText('Olive Owner (Sie)')).toBeInTheDocument();
    expect(within(members).getByLabelText('Rolle von Casey Cashier')).toHaveDisplayValue('Kassierer');
    expect(screen.getByRole('button', { name: 'Front till umbenennen' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Daten des Geschäfts speichern' }));
    expect(await screen.findByText('Daten des Geschäfts gespeichert.')).toBeInTheDocument();
    expect(updateCompany).toHaveBeenCalledOnce();
  });

  test('Settings → Staff: each person’s role and state, and the PIN form, in German', async () => {
    const staff: StaffMember[] = [
      { id: 'u1', userId: 'u1', name: 'Olive Owner', role: 'owner', active: true, hasPin: true },
      { id: 's4', userId: null, name: 'Cara', role: 'cashier', active: false, hasPin: false },
    ];
    const writes = {
      saveStaff: vi.fn<StaffWrites['saveStaff']>(() => Promise.resolve()),
      setPin: vi.fn<StaffWrites['setPin']>(() => Promise.resolve()),
    };
    renderWithAnswers(
      [
        [['staff', 'c1'], staff],
        [['staff-passkeys', 'c1', 'u1'], []],
      ],
      <StaffPage
        membership={membershipAs('owner')}
        currentUserId="u1"
        supabase={null as unknown as Supabase}
        writes={writes}
        approvalPinDigits={4}
        passkeys={{ list: () => Promise.resolve([]), register: vi.fn(), remove: vi.fn() }}
        setLanguage={() => Promise.resolve()}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Ihre PIN' })).toBeInTheDocument();
    expect(
      screen.getByText('Sie haben eine PIN. Geben Sie eine neue ein, um sie zu ändern.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Ihre neue PIN wiederholen')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Mitarbeiter' });
    expect(within(list).getByText('Kassierer · Nur PIN · Inaktiv · Keine PIN')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Cara reaktivieren' })).toHaveTextContent('Reaktivieren');
    expect(screen.getByRole('button', { name: 'Mitarbeiter hinzufügen' })).toBeInTheDocument();
    expect(await screen.findByText('Sie haben noch keinen Sicherheitsschlüssel.')).toBeInTheDocument();
  });
});
