// The signed-in part of the app's adapters, loaded by a dynamic import() from main.tsx after a sign-in (or
// when a screen or the update gate needs them), so a guest's first screen carries none of it: the ledger and
// the per-user mirrors, the sync engine (DESIGN §5–6), the cart store, and the watch that keeps the update
// gate's sale state live from those databases (§9). The cart store, the update gate and the sync services
// share the sync services' ledger, so a tab holds one connection to it.
import { CartStore, cartDatabaseName } from '../data/local/cart-store';
import { receiptActions } from '../data/remote/receipt-links';
import { passwordCheckFor } from '../data/remote/password-check';
import { sessionStorageKey } from '../data/remote/stored-session';
import type { Supabase } from '../data/remote/supabase-client';
import { createSyncRemote } from '../data/remote/sync-remote';
import { verifyApprovals } from '../data/remote/verify-approvals';
import { createSyncServices, type SyncServices } from '../data/sync/create-sync';
import type { AuthStore } from '../features/auth/auth-store';
import type { AppServices } from '../routes/-router-context';
import type { Device } from './device';
import { watchDeviceDatabases } from './device-databases';

export interface StartedServices {
  services: AppServices;
  /** Settles once the open cart and the outbox have been read once (the update gate waits for it). */
  databasesRead: Promise<void>;
}

export function startAppServices(options: {
  supabase: Supabase;
  supabaseUrl: string;
  supabaseAnonKey: string;
  storage: Storage;
  auth: AuthStore;
  device: Pick<Device, 'schema' | 'reportSaleState'>;
}): StartedServices {
  const { supabase, supabaseUrl, device } = options;
  const sync = createSyncServices({
    remote: createSyncRemote(supabase, {
      storage: options.storage,
      storageKey: sessionStorageKey(supabaseUrl),
    }),
    supabaseUrl,
    sendReceipt: receiptActions(supabase).email,
    verifyApprovals: verifyApprovals(supabase),
    // Mirrors open per user, after start-up: each is watched for schema upgrades like the ledger.
    onMirrorOpened: (mirror) => {
      device.schema.watch(mirror);
    },
  });
  const cartsName = cartDatabaseName(supabaseUrl);
  const carts = new CartStore(cartsName);
  const databasesRead = watchDeviceDatabases(device, { ledger: sync.ledger, carts, cartsName });
  // The leader tab syncs for the life of the page (DESIGN §6 "When").
  sync.start();
  followSignIns(options.auth, sync);
  const checkPassword = passwordCheckFor({ supabaseUrl, supabaseAnonKey: options.supabaseAnonKey });
  return { services: { supabase, sync, carts, checkPassword }, databasesRead };
}

/**
 * [STORE-1] Ask the browser not to evict this device's unsynced work; and a new session may unblock ops that
 * waited for a sign-in ([AUTH-4], [COMP-1]). The services usually start because of a sign-in, so a user
 * already signed in counts as one.
 */
function followSignIns(auth: AuthStore, sync: SyncServices): void {
  const signedIn = () => {
    void sync.afterSignIn();
    sync.syncNow();
  };
  let userId = auth.getState().user?.id ?? null;
  if (userId !== null) signedIn();
  auth.subscribe(() => {
    const next = auth.getState().user?.id ?? null;
    if (userId === null && next !== null) signedIn();
    userId = next;
  });
}
