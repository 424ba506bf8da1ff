// The web app manifest: what makes Tillpoint installable to a tablet's home screen (DESIGN §9).
import type { ManifestOptions } from 'vite-plugin-pwa';

export const webManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Tillpoint — point of sale',
  short_name: 'Tillpoint',
  description: 'An offline-first point of sale: sell at the counter with or without the internet.',
  lang: 'en',
  start_url: '/dashboard/register',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: '#0f766e',
  background_color: '#f8fafc',
  categories: ['business', 'productivity', 'shopping'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  ],
  // Taken from the running app by scripts/take-screenshots.mjs.
  screenshots: [
    {
      src: '/screenshots/dashboard-wide.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'Today at a glance: net sales, transactions and low stock',
    },
    {
      src: '/screenshots/dashboard-narrow.png',
      sizes: '390x844',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'Today at a glance on a phone',
    },
  ],
};
