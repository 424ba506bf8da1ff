// Settings → Shop → Purchasing and stock ([PUR-8]): the five settings with their labels, read from the
// server; an owner saves them (thresholds checked in words first); a manager reads them and cannot change them.
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { PURCHASING_DEFAULTS } from '../../domain/purchasing-settings';
import { PurchasingSettingsSection, type PurchasingSettingsRemote } from './purchasing-settings-section';

function renderSection(canEdit: boolean) {
  const update = vi.fn<PurchasingSettingsRemote['update']>(() => Promise.resolve());
  const remote: PurchasingSettingsRemote = {
    queryKey: ['shop-settings', 'c1', 'purchasing'],
    read: () => Promise.resolve(PURCHASING_DEFAULTS),
    update,
  };
  const onSaved = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PurchasingSettingsSection remote={remote} canEdit={canEdit} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return { update, onSaved };
}

afterEach(cleanup);

describe('Settings → Shop → Purchasing and stock', () => {
  test('[PUR-8] an owner sees the defaults and saves a change; a bad threshold is named in words first', async () => {
    const { update, onSaved } = renderSection(true);
    const receive = await screen.findByRole('checkbox', {
      name: 'Cashiers may receive deliveries and transfers',
    });
    expect(receive).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Cashiers may count stock' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Blind counts' })).toBeChecked();
    const over = screen.getByLabelText('Flag deliveries above the order by (%)');
    const cost = screen.getByLabelText('Flag unit costs that differ by more than (%)');
    expect(over).toHaveValue('10');
    expect(cost).toHaveValue('20');
    await userEvent.click(receive);
    await userEvent.clear(over);
    await userEvent.type(over, 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Save purchasing and stock' }));
    expect(await screen.findByText('Enter a whole number from 0 to 1000.')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
    await userEvent.clear(over);
    await userEvent.type(over, '15');
    await userEvent.click(screen.getByRole('button', { name: 'Save purchasing and stock' }));
    expect(
      await screen.findByText('Purchasing and stock saved. Tills follow after their next sync.'),
    ).toBeInTheDocument();
    expect(update).toHaveBeenCalledWith({
      ...PURCHASING_DEFAULTS,
      cashiersReceive: true,
      overReceiptFlagPct: 15,
    });
    expect(onSaved).toHaveBeenCalled();
  });

  test('[PUR-8] a manager reads them and is told only the owner can change them', async () => {
    renderSection(false);
    expect(await screen.findByRole('checkbox', { name: 'Blind counts' })).toBeDisabled();
    expect(screen.getByText(/Only the shop’s owner can change this\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save purchasing and stock' })).not.toBeInTheDocument();
  });
});
