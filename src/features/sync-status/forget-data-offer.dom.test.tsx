// [SIGNOUT-2] After signing out, the sign-in page offers to remove the user's copy of the shop data; the
// real services delete that user's mirror and never the ledger of unsynced work.
import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import type { Supabase } from '../../data/remote/supabase-client';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test } from 'vitest';
import { pinnedIds } from '../../domain/ids';
import { recordSale } from '../../data/ops/sale-record';
import { createSyncRemote } from '../../data/remote/sync-remote';
import { createSyncServices } from '../../data/sync/create-sync';
import { addTerminal, COMPANY_A, oneLineSale, testDeps } from '../../../tests/support/ledger-fixtures';
import { ForgetDataOffer, rememberSignedOutUser } from './forget-data-offer';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

function services() {
  return createSyncServices({
    remote: createSyncRemote(Object.create(null) as Supabase, {
      storage: { getItem: () => null },
      storageKey: 'sb-127-auth-token',
    }),
    supabaseUrl: `http://127.0.0.1:54321/${crypto.randomUUID()}`,
  });
}

async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((db) => db.name ?? '');
}

test('[SIGNOUT-2] "Remove my data from this device" deletes the user’s mirror and keeps unsynced work', async () => {
  const sync = services();
  const mirror = sync.mirrorFor('user-a');
  await mirror.table('products').put({ id: 'p1', company_id: COMPANY_A, name: 'Secret price list' });
  await addTerminal(sync.ledger);
  const ids = pinnedIds();
  const sold = await recordSale(testDeps(sync.ledger, ids), {
    companyId: COMPANY_A,
    build: oneLineSale(ids),
    tracksStock: () => true,
  });
  expect(sold.ok).toBe(true);
  rememberSignedOutUser('user-a');

  render(<ForgetDataOffer forget={(userId) => sync.forgetMirror(userId)} />);
  expect(screen.getByText('You signed out')).toBeInTheDocument();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Remove my data from this device' }));
  expect(await screen.findByText('Your shop data was removed from this device')).toBeInTheDocument();

  expect(await databaseNames()).not.toContain(mirror.name);
  expect(await databaseNames()).toContain(sync.ledger.name);
  expect(await sync.ledger.outbox.count()).toBe(1);
  // The next sign-in starts a fresh, empty mirror.
  expect(await sync.mirrorFor('user-a').table('products').count()).toBe(0);
});

test('[SIGNOUT-2] "Keep it" keeps the data; without a sign-out nothing is offered', async () => {
  const sync = services();
  await sync.mirrorFor('user-b').table('products').put({ id: 'p1', company_id: COMPANY_A, name: 'Tea' });
  const { unmount } = render(<ForgetDataOffer forget={(userId) => sync.forgetMirror(userId)} />);
  expect(screen.queryByText('You signed out')).not.toBeInTheDocument();
  unmount();

  rememberSignedOutUser('user-b');
  render(<ForgetDataOffer forget={(userId) => sync.forgetMirror(userId)} />);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Keep it' }));
  expect(screen.queryByText('You signed out')).not.toBeInTheDocument();
  expect(await sync.mirrorFor('user-b').table('products').count()).toBe(1);
});
