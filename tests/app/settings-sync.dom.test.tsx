// Settings keeps account security at /dashboard/settings and links to Sync and storage at
// /dashboard/settings/sync, which reads this device's ledger through the router context.
import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support/render-app';
import { makeSession } from '../support/fake-auth';
import { pinnedIds } from '../../src/domain/ids';
import { oneLineSale } from '../support/ledger-fixtures';

/** A `sale.record` argument as the register queues it (the sync page names an op from its checked args). */
function saleArgs(receiptNo: string) {
  const built = oneLineSale(pinnedIds())(receiptNo, {
    company_id: 'company-1',
    id: '0190a6a0-0000-7000-8000-000000000001',
    code: 'T1',
    name: 'Counter',
    store_id: '0190a6a0-0000-7000-8000-000000000002',
    receipt_counter: 3,
    registered_at: '2026-11-21T08:00:00Z',
  });
  if (!built.ok) throw new Error(built.error.message);
  return built.value;
}

describe('settings → Sync and storage', () => {
  test('/dashboard/settings shows account security and a link to the sync page, which opens it', async () => {
    const app = renderApp('/dashboard/settings', { session: makeSession() });
    expect(await screen.findByRole('heading', { name: 'Password' })).toBeInTheDocument();
    const pages = within(screen.getByRole('navigation', { name: 'Settings pages' }));
    expect(pages.getByRole('link', { name: 'Account security' })).toHaveAttribute('aria-current', 'page');
    await userEvent.setup().click(pages.getByRole('link', { name: 'Sync and storage' }));
    expect(await screen.findByRole('heading', { name: 'Waiting to sync' })).toBeInTheDocument();
    expect(app.location()).toBe('/dashboard/settings/sync');
    expect(pages.getByRole('link', { name: 'Sync and storage' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('heading', { name: 'Password' })).not.toBeInTheDocument();
  });

  test('/dashboard/settings/sync opens directly with the device’s unsynced work', async () => {
    const app = renderApp('/dashboard/settings/sync', { session: makeSession() });
    await app.sync.ledger.outbox.add({
      op_id: crypto.randomUUID(),
      terminal_id: null,
      seq: 1,
      name: 'sale.record',
      args: saleArgs('T1-000004'),
      created_at: new Date().toISOString(),
      state: 'pending',
      attempts: 1,
      last_error: null,
      company_id: 'company-1',
      entity: null,
      held_by: null,
      held_until: null,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(await screen.findByText('Sale T1-000004')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export unsynced work' })).toBeInTheDocument();
  });
});
