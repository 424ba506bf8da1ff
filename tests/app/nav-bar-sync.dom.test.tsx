// The nav bar's sync badges ('Offline', '{n} unsynced', needs attention) and sign-out with unsynced work
// ([SIGNOUT-1]): the whole app in jsdom, the ledger in fake-indexeddb, the engine built but never started.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ledgerName } from '../../src/data/local/db-names';
import { LedgerDb } from '../../src/data/local/ledger-db';
import type { OutboxRow } from '../../src/data/local/ledger-types';
import { renderApp } from '../support/render-app';
import { makeSession } from '../support/fake-auth';

let seq = 0;

function op(name: OutboxRow['name'], args: Record<string, unknown> = {}): OutboxRow {
  seq += 1;
  return {
    op_id: crypto.randomUUID(),
    terminal_id: null,
    seq,
    name,
    args,
    created_at: '2026-11-21T09:15:00.000Z',
    state: 'pending',
    attempts: 0,
    last_error: null,
    company_id: 'company-1',
    // The sign-out sentence counts an op as a sale by the row it carries (unsyncedSummary).
    entity: name === 'sale.record' ? { table: 'sales', id: crypto.randomUUID() } : null,
    held_by: null,
    held_until: null,
  };
}

async function addWork(ledger: LedgerDb, sales: number, others: number): Promise<void> {
  for (let i = 1; i <= sales; i++) await ledger.outbox.add(op('sale.record', { receipt_no: `T1-00000${i}` }));
  for (let i = 0; i < others; i++) await ledger.outbox.add(op('customer.upsert', { name: 'Ada' }));
}

function badges() {
  const nav = document.querySelector<HTMLElement>('header.nav');
  if (nav === null) throw new Error('no nav bar');
  return within(nav);
}

function setBrowserOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

/** Storage the browser has not granted persistence; returns the `persisted` spy. */
function notPersisted() {
  const persisted = vi.fn(() => Promise.resolve(false));
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { estimate: () => Promise.resolve({ usage: 1_000, quota: 100_000 }), persisted },
  });
  return persisted;
}

async function signedIn() {
  const app = renderApp('/dashboard', { session: makeSession() });
  await screen.findByRole('heading', { name: 'Today at a glance' });
  return app;
}

// Every render opens the same device ledger (fake-indexeddb lives for the file): empty it between tests.
afterEach(async () => {
  vi.restoreAllMocks();
  const ledger = new LedgerDb(ledgerName('http://localhost:54321'));
  await ledger.outbox.clear();
  await ledger.deadLetters.clear();
  ledger.close();
});

describe('nav bar sync badges', () => {
  test("'Offline' shows when the browser goes offline and goes when it is back", async () => {
    await signedIn();
    expect(badges().queryByText('Offline')).not.toBeInTheDocument();
    setBrowserOnline(false);
    expect(badges().getByText('Offline')).toBeInTheDocument();
    setBrowserOnline(true);
    expect(badges().queryByText('Offline')).not.toBeInTheDocument();
  });

  test("'Offline' shows when the engine found the device offline", async () => {
    const app = await signedIn();
    act(() => {
      app.sync.engine.patchStatus({ online: false, phase: 'offline' });
    });
    expect(badges().getByText('Offline')).toBeInTheDocument();
  });

  test("[STATUS-2] 'Offline — server unreachable' shows while the browser is online but requests get no answer", async () => {
    const app = await signedIn();
    act(() => {
      app.sync.engine.patchStatus({ serverReachable: false, phase: 'waiting_retry' });
    });
    expect(badges().getByText('Offline — server unreachable')).toBeInTheDocument();
    setBrowserOnline(false);
    expect(badges().getByText('Offline')).toBeInTheDocument();
    setBrowserOnline(true);
    act(() => {
      app.sync.engine.patchStatus({ serverReachable: true, phase: 'idle' });
    });
    expect(badges().queryByText(/^Offline/)).not.toBeInTheDocument();
  });

  test("'{n} unsynced' follows the outbox live, links to the sync page, and hides at 0", async () => {
    const app = await signedIn();
    expect(badges().queryByText(/unsynced/)).not.toBeInTheDocument();
    await act(() => addWork(app.sync.ledger, 2, 1));
    const link = await badges().findByRole('link', { name: '3 unsynced' });
    expect(link).toHaveAttribute('href', '/dashboard/settings/sync');
    await act(() => app.sync.ledger.outbox.clear());
    await waitFor(() => {
      expect(badges().queryByText(/unsynced/)).not.toBeInTheDocument();
    });
  });

  test('a dead letter shows the warning, named for its reason and linking to the sync page', async () => {
    const app = await signedIn();
    expect(badges().queryByRole('link', { name: /needs attention/i })).not.toBeInTheDocument();
    const dead = op('sale.record', { receipt_no: 'T1-000004' });
    await act(() =>
      app.sync.ledger.deadLetters.add({
        ...dead,
        error: { code: 'invalid_args', message: 'Bad total' },
        failed_at: '2026-11-21T09:16:00.000Z',
      }),
    );
    const warning = await badges().findByRole('link', {
      name: 'Sync needs attention: 1 operation was refused by the server',
    });
    expect(warning).toHaveAttribute('href', '/dashboard/settings/sync');
  });

  test('a dead session or work waiting for another shop also needs attention', async () => {
    const app = await signedIn();
    act(() => {
      app.sync.engine.patchStatus({ phase: 'needs_sign_in', waitingForOtherUser: 2 });
    });
    expect(
      badges().getByRole('link', {
        name: 'Sync needs attention: sign in again to sync; 2 operations wait for a member of another shop',
      }),
    ).toBeInTheDocument();
  });

  test('[STORE-3] a sale just made raises no attention because storage is not persisted', async () => {
    const persisted = notPersisted();
    try {
      const app = await signedIn();
      await waitFor(() => {
        expect(persisted).toHaveBeenCalled();
      });
      await act(() =>
        app.sync.ledger.outbox.add({ ...op('sale.record'), created_at: new Date().toISOString() }),
      );
      expect(await badges().findByRole('link', { name: '1 unsynced' })).toBeInTheDocument();
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(badges().queryByRole('link', { name: /needs attention/i })).not.toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'storage');
    }
  });

  test('[STORE-3] unsynced work older than 10 minutes on storage the browser may clear needs attention', async () => {
    notPersisted();
    try {
      const app = await signedIn();
      await act(() => addWork(app.sync.ledger, 1, 0));
      expect(
        await badges().findByRole('link', { name: 'Sync needs attention: storage needs attention' }),
      ).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'storage');
    }
  });

  test('[STORE-3] storage past half full needs attention even with nothing waiting', async () => {
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: {
        estimate: () => Promise.resolve({ usage: 60_000, quota: 100_000 }),
        persisted: () => Promise.resolve(true),
      },
    });
    try {
      await signedIn();
      expect(
        await badges().findByRole('link', { name: 'Sync needs attention: storage needs attention' }),
      ).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'storage');
    }
  });

  test('guests see no sync badges', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome to Tillpoint' });
    setBrowserOnline(false);
    expect(badges().queryByText('Offline')).not.toBeInTheDocument();
  });
});

describe('sign-out with unsynced work [SIGNOUT-1]', () => {
  test('asks first, says how many sales wait, and "Cancel" keeps the user signed in', async () => {
    const app = await signedIn();
    await addWork(app.sync.ledger, 2, 1);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Work not synced yet' });
    expect(within(dialog).getByText('2 sales and 1 other operation are not synced yet.')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/stays on this device and syncs when a member of the shop/),
    ).toBeVisible();
    expect(within(dialog).queryByText(/This device is offline/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(app.fake.called('signOut')).toHaveLength(0);
    expect(app.location()).toBe('/dashboard');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeEnabled();
  });

  test('"Sync now" asks the engine to sync and the dialog follows the outbox', async () => {
    const app = await signedIn();
    await addWork(app.sync.ledger, 1, 0);
    const syncNow = vi.spyOn(app.sync, 'syncNow').mockImplementation(() => undefined);
    setBrowserOnline(false);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Work not synced yet' });
    expect(within(dialog).getByText('1 sale is not synced yet.')).toBeInTheDocument();
    expect(within(dialog).getByText(/This device is offline/)).toBeInTheDocument();
    setBrowserOnline(true);
    await user.click(within(dialog).getByRole('button', { name: 'Sync now' }));
    expect(syncNow).toHaveBeenCalledTimes(1);
    // As if the sync had sent it: the dialog says so without being reopened.
    await act(() => app.sync.ledger.outbox.clear());
    expect(
      await within(dialog).findByText('Every sale and change has reached the server.'),
    ).toBeInTheDocument();
  });

  test('"Sign out anyway" signs out to /login and keeps every op on the device', async () => {
    const app = await signedIn();
    await addWork(app.sync.ledger, 3, 0);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Work not synced yet' });
    expect(within(dialog).getByText('3 sales are not synced yet.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out anyway' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to Tillpoint' })).toBeInTheDocument();
    expect(app.location()).toBe('/login');
    expect(app.fake.called('signOut')).toHaveLength(1);
    expect(await app.sync.ledger.outbox.count()).toBe(3);
  });

  test('a dead letter alone still asks, and says it needs attention', async () => {
    const app = await signedIn();
    await app.sync.ledger.deadLetters.add({
      ...op('stock.move', { reason: 'waste' }),
      error: { code: 'invalid_args', message: 'Bad quantity' },
      failed_at: '2026-11-21T09:16:00.000Z',
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Work not synced yet' });
    expect(
      within(dialog).getByText(/1 operation was refused by the server and needs attention/),
    ).toBeVisible();
  });
});
