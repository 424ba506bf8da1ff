// Tillpoint's service worker (DESIGN §9): precache the built shell, serve every navigation from the
// precached index.html so deep links open offline, drop caches of older builds, and wait for the page to say
// SKIP_WAITING — the page only says it when no sale is in progress. The very first worker takes the pages
// that are open at once ([SW-1]), and answers PRECACHE_STATUS so the register can say when it is ready for
// offline ([SW-2]). Product images get a bounded runtime cache. API calls (/auth/v1, /rest/v1) are never
// cached here: the sync engine owns what is stored offline.
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { PrecacheEntry } from 'workbox-precaching';
import type { WorkboxPlugin } from 'workbox-core/types.js';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const API_PATH = /^\/(auth|rest|local|storage|functions)\/v1\//;

// Read once: the build injects the list at this one place (workbox allows a single injection point).
const manifest = self.__WB_MANIFEST;

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  // [SW-2] Which of the build's files this worker's cache does not hold (none, once installed — unless the
  // browser evicted them), answered on the port the page sent.
  if (type === 'PRECACHE_STATUS') {
    const port = event.ports[0];
    event.waitUntil(
      missingFiles().then((missing) => {
        port?.postMessage({ type: 'PRECACHE_STATUS', total: manifest.length, missing });
      }),
    );
  }
});

async function missingFiles(): Promise<string[]> {
  const urls = manifest.map((entry) => (typeof entry === 'string' ? entry : entry.url));
  const found = await Promise.all(urls.map(async (url) => (await matchPrecache(url)) !== undefined));
  return urls.filter((_, index) => !found[index]);
}

// [SW-1] A page opened before any worker existed is not controlled by one, so the parts it loads on demand
// (the modifier dialog, the receipt's QR code…) would go to the network and fail offline on day one. The
// first worker therefore takes the open pages as soon as it is active: there is no older version they could
// be running. An update never does: it waits for SKIP_WAITING from the update prompt, as before.
let firstInstall = false;
self.addEventListener('install', () => {
  firstInstall = self.registration.active === null;
});
self.addEventListener('activate', (event: ExtendableEvent) => {
  if (firstInstall) event.waitUntil(self.clients.claim());
});

precacheAndRoute(manifest);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [API_PATH] }));

registerRoute(
  ({ request, url }) => request.destination === 'image' && !API_PATH.test(url.pathname),
  new CacheFirst({
    cacheName: 'tillpoint-product-images',
    // Workbox declares its plugins' hooks as optional properties, which exactOptionalPropertyTypes reads as
    // "may be undefined"; the plugins are exactly what WorkboxPlugin describes.
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }) as WorkboxPlugin,
      new ExpirationPlugin({
        maxEntries: 1000,
        maxAgeSeconds: 30 * 24 * 60 * 60,
        purgeOnQuotaError: true,
      }) as WorkboxPlugin,
    ],
  }),
);
