// Composition root: build the adapters (auth store, query cache, device), hand them to the router through its
// context, and render. Nothing else creates these; features receive them, never import them. A guest's first
// screen needs none of supabase-js, Dexie or the sync engine, so those load by dynamic import() (DESIGN §10
// P7): the Supabase client on first real use (lazy-supabase.ts), the databases and the sync engine once a
// user is signed in or a screen asks for them (app-services.ts).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { readEnv } from './lib/env';
import { readStoredSession, sessionStorageKey } from './data/remote/stored-session';
import { AuthStore } from './features/auth/auth-store';
import { createAppRouter } from './app/router';
import { createQueryClient, persistOptInQueries } from './app/query-client';
import { Providers } from './app/providers';
import { startDevice } from './app/device';
import { DeviceProvider } from './app/device-context';
import { lazySupabase } from './app/lazy-supabase';
import { LoadingSyncProvider } from './app/sync-context';
import { RootNotices } from './app/root-notices';
import { servicesLoader } from './app/services-loader';
import { markBoot } from './lib/boot-marks';
import { activateLocale } from './lib/i18n/activate';
import { bundleForPath, wantCatalogue } from './lib/i18n/catalog-bundles';
import { firstLocale } from './lib/i18n/first-locale';
import { followAccountLanguage } from './lib/i18n/follow-language';
import { activateShopLocale, SHOP_LANGUAGE_KEY } from './lib/i18n/shop-i18n';
import { isShippedLocale } from './lib/i18n/locales';
import './ui/theme.css';
import './ui/controls.css';
import './ui/surfaces.css';

markBoot('main');
const env = readEnv();
const storageKey = sessionStorageKey(env.supabaseUrl);
// P6: a till that restarts signed in onto the register reads its catalogue snapshot now, while the rest of the
// app loads, instead of when the router reaches the register's loader (early-catalog.ts). (Fetching the
// services' code this early as well was slower: its hundred scripts then held up the words' and the cache's.)
const storedUserId = readStoredSession(window.localStorage, storageKey)?.user.id;
if (storedUserId !== undefined && window.location.pathname === '/dashboard/register') {
  import('./data/local/early-catalog')
    .then(({ startEarlyCatalogRead }) => {
      startEarlyCatalogRead(env.supabaseUrl, storedUserId);
    })
    .catch(() => undefined);
}
const supabase = lazySupabase({
  create: async () => (await import('./data/remote/supabase-client')).createSupabase(env),
  storage: window.localStorage,
  storageKey,
  storageEvents: window,
});
const auth = new AuthStore({
  auth: supabase.auth,
  storage: window.localStorage,
  storageKey,
  isOnline: () => navigator.onLine,
  origin: window.location.origin,
});
const device = startDevice();
const queryClient = createQueryClient();
// The language's catalogue loads beside the query cache; nothing renders before both, so no screen flashes
// English first.
const screenLocale = firstLocale(window.localStorage, navigator.languages);
// A cold start onto the counter or the back office loads their words beside the first screen's, not after.
void wantCatalogue(bundleForPath(window.location.pathname));
const shopLocale = window.localStorage.getItem(SHOP_LANGUAGE_KEY);
const [cache] = await Promise.all([
  persistOptInQueries(queryClient, window.localStorage),
  activateLocale(screenLocale),
  // The shop's language as last read from its row ([LANG-T1]); until a device has read one, its documents
  // follow the screens (the same catalogue, loaded once).
  activateShopLocale(isShippedLocale(shopLocale) ? shopLocale : screenLocale),
]);
markBoot('cache restored');

const services = servicesLoader(async () => {
  const [client, { startAppServices }] = await Promise.all([supabase.load(), import('./app/app-services')]);
  markBoot('services loaded');
  return startAppServices({
    supabase: client,
    supabaseUrl: env.supabaseUrl,
    supabaseAnonKey: env.supabaseAnonKey,
    storage: window.localStorage,
    auth,
    device,
  });
});

// A different user (or none) must never see the previous user's cached server data.
let userId = auth.getState().user?.id ?? null;
auth.subscribe(() => {
  const next = auth.getState().user?.id ?? null;
  if (userId !== null && next !== userId) cache.clear();
  // Signed in: the ledger, the mirrors and the sync engine start (app-services.ts follows sign-ins from here).
  if (next !== null) services.load().catch(() => undefined);
  userId = next;
});
// [LANG-T2] A signed-in person's own language, from their account, becomes this device's.
followAccountLanguage(auth, { storage: window.localStorage, browserLanguages: navigator.languages });
void auth.initialize();

const router = createAppRouter({
  queryClient,
  auth,
  loadSupabase: supabase.load,
  loadServices: services.load,
});
// A till that starts signed in, straight onto a screen (the register, offline), fetches that screen's code
// now, beside the services, instead of after the dashboard's beforeLoad has settled (P6). A guest is sent to
// the sign-in page, so nothing is fetched for one.
if (auth.getState().user !== null) {
  for (const route of router.getMatchedRoutes(router.latestLocation.pathname)[0])
    router.loadRouteChunk(route)?.catch(() => undefined);
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient} auth={auth}>
      <DeviceProvider device={device}>
        <LoadingSyncProvider source={services}>
          <RouterProvider router={router} />
          <RootNotices device={device} readDatabases={services.databasesRead} />
        </LoadingSyncProvider>
      </DeviceProvider>
    </Providers>
  </StrictMode>,
);
