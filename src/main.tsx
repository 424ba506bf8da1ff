// Composition root: build the adapters (Supabase client, auth store, query cache), hand them to the router
// through its context, and render. Nothing else creates these; features receive them, never import them.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { readEnv } from './lib/env';
import { createSupabase, sessionStorageKey } from './data/remote/supabase-client';
import { AuthStore } from './features/auth/auth-store';
import { createAppRouter } from './app/router';
import { createQueryClient, persistOptInQueries } from './app/query-client';
import { Providers } from './app/providers';
import { startDevice } from './app/device';
import { DeviceProvider } from './app/device-context';
import { SyncProvider } from './app/sync-context';
import { createSyncRemote } from './data/remote/sync-remote';
import { createSyncServices } from './data/sync/create-sync';
import { SchemaUpgradeNotice, UpdatePrompt } from './app/update-prompt';
import './ui/theme.css';
import './ui/controls.css';
import './ui/surfaces.css';

const env = readEnv();
const supabase = createSupabase(env);
const auth = new AuthStore({
  auth: supabase.auth,
  storage: window.localStorage,
  storageKey: sessionStorageKey(env.supabaseUrl),
  isOnline: () => navigator.onLine,
  origin: window.location.origin,
});
// The ledger, the per-user mirrors and the sync engine (DESIGN §5–6); the cart store, the service worker and
// the install offer (§9) share the sync services' ledger, so a tab holds one connection to it.
const sync = createSyncServices({
  remote: createSyncRemote(supabase, {
    storage: window.localStorage,
    storageKey: sessionStorageKey(env.supabaseUrl),
  }),
  supabaseUrl: env.supabaseUrl,
  // Mirrors open per user, after start-up: each is watched for schema upgrades like the ledger.
  onMirrorOpened: (mirror) => {
    device.schema.watch(mirror);
  },
});
const device = startDevice(env.supabaseUrl, { ledger: sync.ledger });
const queryClient = createQueryClient();
const cache = await persistOptInQueries(queryClient, window.localStorage);

// A different user (or none) must never see the previous user's cached server data.
let userId = auth.getState().user?.id ?? null;
auth.subscribe(() => {
  const next = auth.getState().user?.id ?? null;
  if (userId !== null && next !== userId) cache.clear();
  if (userId === null && next !== null) {
    // [STORE-1] Ask the browser not to evict this device's unsynced work; and a new session may unblock ops
    // that waited for a sign-in ([AUTH-4], [COMP-1]).
    void sync.afterSignIn();
    sync.syncNow();
  }
  userId = next;
});
void auth.initialize();
// The leader tab syncs for the life of the page (DESIGN §6 "When").
sync.start();

const router = createAppRouter({ queryClient, supabase, auth, sync, carts: device.carts });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient} auth={auth}>
      <DeviceProvider device={device}>
        <SyncProvider sync={sync}>
          <RouterProvider router={router} />
          <UpdatePrompt device={device} />
          <SchemaUpgradeNotice device={device} />
        </SyncProvider>
      </DeviceProvider>
    </Providers>
  </StrictMode>,
);
