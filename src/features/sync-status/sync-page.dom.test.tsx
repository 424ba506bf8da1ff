// The sync page against a real ledger (fake-indexeddb) and a real engine talking to the in-memory server:
// status in words, the live lists, "Retry" of a dead letter ([PUSH-6]), "Sync now", the export
// ([EXPORT-1]) and storage ([STORE-2]).
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pinnedIds } from '../../domain/ids';
import { recordSale } from '../../data/ops/sale-record';
import { SyncEngine } from '../../data/sync/sync-engine';
import type { UnsyncedExport } from '../../data/local/unsynced-work';
import type { LedgerDb } from '../../data/local/ledger-db';
import { saleWithLines } from '../../data/local/ledger-reads';
import type { MirrorDb } from '../../data/local/mirror-db';
import {
  addTerminal,
  COMPANY_A,
  COMPANY_B,
  freshLedger,
  freshMirror,
  oneLineSale,
  testDeps,
} from '../../../tests/support/ledger-fixtures';
import { FakeSyncServer } from '../../../tests/support/fake-sync-remote';
import { SyncPage } from './sync-page';
import { blobText } from '../../../tests/support/blob-text';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'storage');
});

interface SetupOptions {
  companyId?: string;
  saleCompany?: string;
  /** A device that synced before: its ledger and mirror, as a reload finds them. */
  device?: { ledger: LedgerDb; mirror: MirrorDb };
  online?: boolean;
}

async function setup(sales = 0, options: SetupOptions = {}) {
  const ledger = options.device?.ledger ?? freshLedger();
  const mirror = options.device?.mirror ?? freshMirror();
  const server = new FakeSyncServer();
  server.session = { userId: 'user-a', expiresAt: Date.now() / 1000 + 3600 };
  server.memberships = [{ company_id: COMPANY_A, role: 'manager' }];
  const engine = new SyncEngine({
    ledger,
    mirrorFor: () => mirror,
    remote: server.remote(),
    now: () => Date.now(),
    random: () => 0.5,
    isOnline: () => options.online ?? true,
  });
  const ids = pinnedIds();
  const commandDeps = testDeps(ledger, ids);
  const saleCompany = options.saleCompany ?? COMPANY_A;
  if (options.device === undefined) await addTerminal(ledger, saleCompany, 'T1');
  for (let i = 0; i < sales; i++) {
    const sold = await recordSale(commandDeps, {
      companyId: saleCompany,
      build: oneLineSale(ids),
      tracksStock: () => true,
    });
    if (!sold.ok) throw new Error(sold.error.message);
  }
  const syncNow = vi.fn(() => {
    void engine.syncNow();
  });
  const services = { ledger, engine, commandDeps, syncNow };
  render(<SyncPage sync={services} companyId={options.companyId ?? COMPANY_A} />);
  return { ledger, mirror, server, engine, syncNow };
}

function notPersisted() {
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: {
      estimate: () => Promise.resolve({ usage: 1024, quota: 100 * 1024 ** 2 }),
      persisted: () => Promise.resolve(false),
    },
  });
}

function card(title: string) {
  const heading = screen.getByRole('heading', { name: title });
  const section = heading.closest('section');
  if (section === null) throw new Error(`no card ${title}`);
  return within(section);
}

describe('sync page', () => {
  test('[STATUS-1] says in words what the engine is doing, when it retries and what went wrong', async () => {
    const { engine } = await setup();
    act(() => {
      engine.patchStatus({
        phase: 'waiting_retry',
        leader: false,
        nextRetryAt: Date.now() + 20_000,
        lastError: 'The server answered 500.',
        lastSyncedAt: new Date(Date.now() - 3 * 60_000).toISOString(),
      });
    });
    const sync = card('Sync');
    expect(sync.getByText('Could not reach the server: trying again soon')).toBeInTheDocument();
    expect(sync.getByText('Online')).toBeInTheDocument();
    expect(sync.getByText('Another tab syncs')).toBeInTheDocument();
    expect(sync.getByText('The server answered 500.')).toBeInTheDocument();
    expect(sync.getByText(/^in 20 seconds/)).toBeInTheDocument();
    expect(sync.getByText(/^3 minutes ago/)).toBeInTheDocument();
  });

  test('[STATUS-1] shows the first sync’s progress', async () => {
    const { engine } = await setup();
    act(() => {
      engine.patchStatus({
        phase: 'pulling',
        progress: { first: true, table: 'products', tablesDone: 5, tablesTotal: 8, rows: 120 },
      });
    });
    expect(screen.getByRole('progressbar', { name: 'First sync progress' })).toBeInTheDocument();
    expect(screen.getByText('5 of 8 kinds of data, 120 rows so far')).toBeInTheDocument();
  });

  test('lists the operations waiting to sync by name, and follows the ledger', async () => {
    const { ledger } = await setup(2);
    const waiting = card('Waiting to sync');
    expect(await waiting.findByText('Sale T1-000001')).toBeInTheDocument();
    expect(waiting.getByText('Sale T1-000002')).toBeInTheDocument();
    expect(waiting.getAllByText(/0 attempts/)).toHaveLength(2);
    const [first] = await ledger.outbox.orderBy('seq').toArray();
    await act(() =>
      ledger.outbox.update(first?.op_id ?? '', {
        attempts: 2,
        last_error: { code: 'http_500', message: 'The server answered 500.' },
      }),
    );
    expect(await waiting.findByText(/2 attempts/)).toBeInTheDocument();
    // The app's words for the code, never the server's own English message (issue 35).
    expect(
      waiting.getByText(
        'Last error: The server had a problem with it; the till tries again later. (http_500)',
      ),
    ).toBeInTheDocument();
  });

  test('[COMP-1] [EXPORT-2] another shop’s ops are counted as waiting for its members, never listed', async () => {
    await setup(2, { companyId: COMPANY_A, saleCompany: COMPANY_B });
    const waiting = card('Waiting to sync');
    expect(
      await waiting.findByText(
        '2 operations of another shop wait on this device for one of its members to sign in here; they are not shown.',
      ),
    ).toBeInTheDocument();
    expect(waiting.getByText(/Nothing is waiting/)).toBeInTheDocument();
    expect(waiting.queryByRole('list', { name: 'Operations waiting to sync' })).not.toBeInTheDocument();
  });

  test('"Sync now" sends the outbox; the list empties', async () => {
    const { server, syncNow } = await setup(1);
    const waiting = card('Waiting to sync');
    await waiting.findByText('Sale T1-000001');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sync now' }));
    expect(syncNow).toHaveBeenCalledTimes(1);
    expect(await waiting.findByText(/Nothing is waiting/)).toBeInTheDocument();
    expect(server.appliedOps).toHaveLength(1);
  });

  test('[PUSH-6] a dead letter shows its reason, and "Retry" sends it again under a new op_id', async () => {
    const { ledger, server, engine, syncNow } = await setup(1);
    const [op] = await ledger.outbox.toArray();
    server.rejections.set(op?.op_id ?? '', 'a_code_from_a_newer_server');
    await act(() => engine.syncNow());
    const attention = card('Needs attention');
    expect(await attention.findByText('Sale T1-000001')).toBeInTheDocument();
    // A code the app has no sentence for reads as the code, never as the server's English message.
    expect(
      attention.getByText('Reason: The server refused this (code a_code_from_a_newer_server).'),
    ).toBeInTheDocument();
    server.rejections.clear();
    await userEvent.setup().click(attention.getByRole('button', { name: 'Retry Sale T1-000001' }));
    expect(await attention.findByText(/Nothing needs attention/)).toBeInTheDocument();
    expect(syncNow).toHaveBeenCalledTimes(1);
    await waitFor(() => {
      expect(server.appliedOps).toHaveLength(1);
    });
    expect(server.appliedOps[0]?.op_id).not.toBe(op?.op_id);
    await engine.whenIdle();
    expect(await saleWithLines(ledger, String(op?.args.id))).toMatchObject({ sync: 'synced' });
  });

  test('[EXPORT-1] "Export unsynced work" downloads the ledger’s unsynced work as a JSON file', async () => {
    await setup(2);
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((object: Blob) => {
      blobs.push(object);
      return 'blob:tillpoint/1';
    });
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export unsynced work' }));
    await waitFor(() => {
      expect(downloads).toHaveLength(1);
    });
    expect(downloads[0]).toMatch(/^tillpoint-unsynced-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.json$/);
    expect(await screen.findByText(`Saved ${downloads[0] ?? ''}.`)).toBeInTheDocument();
    expect(blobs[0]?.type).toBe('application/json');
    const saved = JSON.parse(await blobText(blobs[0])) as UnsyncedExport;
    expect(saved.format).toBe('tillpoint-unsynced-work');
    expect(saved.ops).toHaveLength(2);
    expect(saved.sales.map((sale) => sale.receipt_no)).toEqual(['T1-000001', 'T1-000002']);
    await waitFor(() => {
      expect(revokeObjectURL).toHaveBeenCalledWith('blob:tillpoint/1');
    });
  });

  test('[STORE-2] storage shows use against quota and warns past half full', async () => {
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: {
        estimate: () => Promise.resolve({ usage: 60 * 1024 ** 2, quota: 100 * 1024 ** 2 }),
        persisted: () => Promise.resolve(true),
      },
    });
    await setup();
    const storage = card('Storage');
    expect(await storage.findByText('60.0 MB of 100.0 MB (60 %)')).toBeInTheDocument();
    expect(storage.getByText('Yes: the browser keeps it')).toBeInTheDocument();
    expect(storage.getByText(/Storage is 60 % full/)).toBeInTheDocument();
  });

  test('[STORE-2] storage that is not persisted is explained, not warned about', async () => {
    notPersisted();
    await setup();
    const storage = card('Storage');
    expect(await storage.findByText('No: the browser may clear it')).toBeInTheDocument();
    expect(storage.getByText(/has not promised to keep this till’s data/)).toBeInTheDocument();
    expect(storage.queryByText('Storage needs attention')).not.toBeInTheDocument();
  });

  test('[STORE-3] storage that is not persisted is warned about once unsynced work has waited 10 minutes', async () => {
    notPersisted();
    const { engine } = await setup(1);
    act(() => {
      engine.patchStatus({ pending: 1, oldestPendingAt: new Date(Date.now() - 2_000).toISOString() });
    });
    const storage = card('Storage');
    await storage.findByText('No: the browser may clear it');
    expect(storage.queryByText('Storage needs attention')).not.toBeInTheDocument();
    act(() => {
      engine.patchStatus({ oldestPendingAt: new Date(Date.now() - 15 * 60_000).toISOString() });
    });
    expect(storage.getByText('Storage needs attention')).toBeInTheDocument();
    expect(storage.getByText(/^Work from 15 minutes ago is not synced yet/)).toBeInTheDocument();
  });

  test('[STATUS-2] online but the server unreachable reads "Offline — server unreachable"', async () => {
    const { server, engine } = await setup(1);
    server.faults.push('network');
    await act(() => engine.syncNow());
    const sync = card('Sync');
    expect(sync.getByText('Offline — server unreachable')).toBeInTheDocument();
    expect(sync.getByText('Could not reach the server: trying again soon')).toBeInTheDocument();
    await act(() => engine.syncNow());
    expect(sync.getByText('Online')).toBeInTheDocument();
  });

  test('[STATUS-3] after an offline reload, "Last synced" shows the last sync, not "Not yet"', async () => {
    const before = await setup(1);
    await act(() => before.engine.syncNow());
    expect(card('Sync').getByText(/^now/)).toBeInTheDocument();
    cleanup();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { engine } = await setup(0, { device: before, online: false });
    // The page runtime's first steps: count the outbox, then a cycle that finds the device offline.
    await act(() => engine.refreshCounts());
    await act(() => engine.syncNow());
    const sync = card('Sync');
    expect(sync.getByText('Offline')).toBeInTheDocument();
    expect(sync.getByText('Offline: work is kept on this device')).toBeInTheDocument();
    expect(sync.queryByText('Not yet on this device')).not.toBeInTheDocument();
    expect(sync.getByText(/^now/)).toBeInTheDocument();
  });
});
