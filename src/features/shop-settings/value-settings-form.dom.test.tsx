// Settings → Shop → Gift cards and loyalty on screen ([VAL-T40], [VAL-T41]): the owner saves the shop's
// gift-card amounts, offline allowances and loyalty scheme; a field typed wrong is named beside it and nothing
// is sent; a refused or failed save says so and keeps what was typed; managers and cashiers only read.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SettingsError } from '../../data/remote/shop-settings';
import type { Supabase } from '../../data/remote/supabase-client';
import type { ValueSettingsWrites } from '../../data/remote/value-settings';
import { DEFAULT_VALUE_SETTINGS, type ValueSettings } from '../../domain/value/settings';
import { activateLocale } from '../../lib/i18n/activate';
import { renderWithAnswers } from '../../../tests/support/settings-page';
import { ValueSettingsSection } from './value-settings-section';

afterEach(cleanup);

function renderSection(
  canEdit = true,
  update: ValueSettingsWrites['updateValueSettings'] = () => Promise.resolve(),
  settings: ValueSettings = DEFAULT_VALUE_SETTINGS,
) {
  const writes = { updateValueSettings: vi.fn(update) };
  const onSaved = vi.fn();
  renderWithAnswers(
    [[['shop-settings', 'c1', 'value'], settings]],
    <ValueSettingsSection
      supabase={null as unknown as Supabase}
      companyId="c1"
      currency="EUR"
      canEdit={canEdit}
      onSaved={onSaved}
      writes={writes}
    />,
  );
  return { writes, onSaved };
}

const field = (label: string) => screen.getByLabelText(label);

async function retype(label: string, text: string) {
  await userEvent.clear(field(label));
  if (text !== '') await userEvent.type(field(label), text);
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save gift cards and loyalty' }));

describe('Settings → Shop → Gift cards and loyalty', { timeout: 30_000 }, () => {
  test('[VAL-T40] the owner saves amounts, limits, allowances and loyalty; the till follows by its next sync', async () => {
    const { writes, onSaved } = renderSection();
    expect(screen.getByRole('heading', { name: 'Gift cards and loyalty' })).toBeInTheDocument();
    expect(screen.getByText(/Tills pick up a change at their next sync/)).toBeInTheDocument();
    expect(screen.getByText(/0 means a till offline never spends more than it last saw/)).toBeInTheDocument();
    expect(field('Points per EUR spent')).toHaveAccessibleDescription('Selling a gift card earns no points.');
    expect(field('Least amount (EUR)')).toHaveValue('1.00');
    expect(field('Most amount (EUR)')).toHaveValue('500.00');
    expect(field('Gift cards (EUR)')).toHaveValue('0.00');

    await retype('Fixed amounts the till offers (EUR)', '10, 25, 50, 12,50');
    await userEvent.click(field('Any amount the customer asks for, between the least and the most'));
    await retype('Least amount (EUR)', '5');
    await retype('Most amount (EUR)', '100');
    await retype('Gift cards (EUR)', '20');
    await retype('Loyalty points', '300');
    await userEvent.click(field('Customers collect loyalty points'));
    await retype('Points per EUR spent', '2');
    await retype('Points redeemed', '200');
    await retype('Are worth (EUR)', '1,50');
    expect(field('Points redeemed')).toHaveAccessibleDescription(/200 points are worth €1.50/);
    await userEvent.selectOptions(field('Points are redeemed'), 'discount');
    await save();

    expect(
      await screen.findByText('Gift cards and loyalty saved. Tills follow after their next sync.'),
    ).toBeVisible();
    expect(writes.updateValueSettings).toHaveBeenCalledWith({
      giftCardAmounts: [1000, 2500, 5000, 1250],
      giftCardAnyAmount: false,
      giftCardMin: 500,
      giftCardMax: 10000,
      allowances: { gift_card: 2000, store_credit: 0, on_account: 0, loyalty: 300 },
      loyalty: {
        enabled: true,
        pointsPerMajor: 2,
        redeemPoints: 200,
        redeemValue: 150,
        redeemAs: 'discount',
      },
    } satisfies ValueSettings);
    expect(onSaved).toHaveBeenCalledOnce();
  });

  test('[VAL-T40] least above most, 0 or negative amounts and words are named beside their fields; nothing is sent', async () => {
    const { writes } = renderSection();
    await retype('Least amount (EUR)', '80');
    await retype('Most amount (EUR)', '50');
    await retype('Fixed amounts the till offers (EUR)', '10, 0');
    await retype('Store credit (EUR)', '-5');
    await retype('Customer accounts (EUR)', 'ten');
    await retype('Points redeemed', '1.5');
    await retype('Are worth (EUR)', '0');
    await save();

    expect(field('Most amount (EUR)')).toHaveAccessibleDescription(
      'The most amount cannot be less than the least amount.',
    );
    expect(field('Most amount (EUR)')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Fixed amounts the till offers (EUR)')).toHaveAccessibleDescription(
      'Enter an amount above 0. Separate the amounts with a comma and a space, like 10, 25, 50.',
    );
    expect(field('Store credit (EUR)')).toHaveAccessibleDescription('The amount cannot be negative.');
    expect(field('Customer accounts (EUR)')).toHaveAccessibleDescription('"ten" is not an amount.');
    expect(field('Points redeemed')).toHaveAccessibleDescription('Enter a whole number from 1 to 1000000.');
    expect(field('Are worth (EUR)')).toHaveAccessibleDescription('Enter an amount above 0.');
    expect(screen.getByText(/Some fields need a change/)).toBeVisible();
    expect(writes.updateValueSettings).not.toHaveBeenCalled();
    // What was typed stays to be corrected.
    expect(field('Least amount (EUR)')).toHaveValue('80');
  });

  test('[VAL-T40] more than 12 amounts, amounts outside the limits, and no way to sell a card are refused', async () => {
    const { writes } = renderSection();
    const thirteen = Array.from({ length: 13 }, (_, index) => String(index + 1)).join(', ');
    await retype('Fixed amounts the till offers (EUR)', thirteen);
    await save();
    expect(field('Fixed amounts the till offers (EUR)')).toHaveAccessibleDescription(
      'The till offers at most 12 fixed amounts.',
    );

    await retype('Fixed amounts the till offers (EUR)', '10, 600');
    await save();
    expect(field('Fixed amounts the till offers (EUR)')).toHaveAccessibleDescription(
      'Each fixed amount must be from the least to the most amount.',
    );

    await retype('Fixed amounts the till offers (EUR)', '');
    await userEvent.click(field('Any amount the customer asks for, between the least and the most'));
    await save();
    expect(field('Fixed amounts the till offers (EUR)')).toHaveAccessibleDescription(
      /otherwise no gift card can be sold/,
    );
    expect(writes.updateValueSettings).not.toHaveBeenCalled();
  });

  test('[VAL-T41] a refused save says so in words and keeps what was typed', async () => {
    renderSection(true, () => Promise.reject(new SettingsError('Only the shop’s owner can change this.')));
    await retype('Most amount (EUR)', '250');
    await save();
    expect(await screen.findByText('Only the shop’s owner can change this.')).toBeVisible();
    expect(field('Most amount (EUR)')).toHaveValue('250');
    expect(screen.queryByText(/saved\./)).not.toBeInTheDocument();
  });

  test('[VAL-T41] a save while offline says it needs a connection and keeps what was typed', async () => {
    renderSection(true, () =>
      Promise.reject(new SettingsError('Needs a connection: settings are saved on the server.')),
    );
    await retype('Gift cards (EUR)', '15');
    await save();
    expect(await screen.findByText('Needs a connection: settings are saved on the server.')).toBeVisible();
    expect(field('Gift cards (EUR)')).toHaveValue('15');
  });

  test('[VAL-T40] managers and cashiers read the settings and cannot change them', () => {
    renderSection(false, () => Promise.resolve(), {
      ...DEFAULT_VALUE_SETTINGS,
      giftCardAmounts: [1000, 2500],
    });
    const section = screen.getByRole('region', { name: 'Gift cards and loyalty' });
    expect(within(section).getByText(/Only the shop’s owner can change these/)).toBeVisible();
    expect(field('Fixed amounts the till offers (EUR)')).toHaveValue('10.00, 25.00');
    expect(field('Fixed amounts the till offers (EUR)')).toBeDisabled();
    expect(field('Customers collect loyalty points')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save gift cards and loyalty' })).not.toBeInTheDocument();
  });

  test('[VAL-T40] in German: a gift card is a Geschenkkarte', async () => {
    await act(() => activateLocale('de'));
    try {
      renderSection();
      expect(screen.getByRole('heading', { level: 2, name: 'Geschenkkarten und Treuepunkte' })).toBeVisible();
      expect(screen.getByLabelText('Feste Beträge, die die Kasse anbietet (EUR)')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Geschenkkarten und Treuepunkte speichern' })).toBeVisible();
    } finally {
      await act(() => activateLocale('en'));
    }
  });
});
