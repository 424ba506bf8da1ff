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
// The ledger, the cart store, the service worker and the install offer (DESIGN §5, §9).
const device = startDevice(env.supabaseUrl);
const queryClient = createQueryClient();
const cache = await persistOptInQueries(queryClient, window.localStorage);

// A different user (or none) must never see the previous user's cached server data.
let userId = auth.getState().user?.id ?? null;
auth.subscribe(() => {
  const next = auth.getState().user?.id ?? null;
  if (userId !== null && next !== userId) cache.clear();
  // DESIGN §6: once someone has signed in, ask the browser not to evict this device's unsynced work.
  // (navigator.storage is missing outside secure contexts, whatever the DOM types say.)
  if (userId === null && next !== null && 'storage' in navigator) {
    void navigator.storage.persist().catch(() => false);
  }
  userId = next;
});
void auth.initialize();

const router = createAppRouter({ queryClient, supabase, auth });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient} auth={auth}>
      <DeviceProvider device={device}>
        <RouterProvider router={router} />
        <UpdatePrompt device={device} />
        <SchemaUpgradeNotice device={device} />
      </DeviceProvider>
    </Providers>
  </StrictMode>,
);
