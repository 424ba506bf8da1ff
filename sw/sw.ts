// Tillpoint's service worker (DESIGN §9): precache the built shell, serve every navigation from the
// precached index.html so deep links open offline, drop caches of older builds, and wait for the page to say
// SKIP_WAITING — the page only says it when no sale is in progress. Product images get a bounded runtime
// cache. API calls (/auth/v1, /rest/v1) are never cached here: the sync engine owns what is stored offline.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { PrecacheEntry } from 'workbox-precaching';
import type { WorkboxPlugin } from 'workbox-core/types.js';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const API_PATH = /^\/(auth|rest|local|storage|functions)\/v1\//;

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

precacheAndRoute(self.__WB_MANIFEST);
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
