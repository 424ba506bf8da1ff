import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { lingui } from '@lingui/vite-plugin';
import { linguiMacros } from './lingui-macros.ts';
import { bundleOfPart } from './src/lib/i18n/catalog-parts.ts';
import { webManifest } from './web-manifest.ts';

/** A language's catalogue bundle (src/lib/i18n/catalog-parts.ts): locale-de for the first, locale-de-app. */
function localeChunk(id: string): string | null {
  const [, locale, part] = /[\\/]locales[\\/]([\w-]+)[\\/]([\w-]+)\.po/.exec(id) ?? [];
  if (!locale || !part) return null;
  return bundleOfPart(part) === 'app' ? `locale-${locale}-app` : `locale-${locale}`;
}

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader goes with its component (TanStack keeps loaders in the entry by default): the
      // loaders read the databases and the server, and a guest's first screen needs none of that (P7).
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: 'src/routes',
    }),
    // Lingui's macros become catalogue lookups before React's transform sees the JSX (issue 35).
    linguiMacros(),
    react(),
    lingui(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The app registers the worker itself (workbox-window) so updates wait for an empty cart.
      registerType: 'prompt',
      injectRegister: false,
      manifest: webManifest,
      includeAssets: [
        'favicon.ico',
        'icons/favicon-32.png',
        'icons/apple-touch-icon-180.png',
        'icons/icon.svg',
      ],
      injectManifest: {
        // Vite 8 bundles the worker as ES by default; a classic registration needs iife (DESIGN §9).
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        // The manifest's screenshots are for the install dialog, not for running offline.
        globIgnores: ['screenshots/**'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
  build: {
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React in one chunk of its own: left to itself, the bundler puts the part of react-dom that
          // react-aria shares into react-aria's Button chunk, and every page then loads that chunk (P7).
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            // Everything the entry imports statically loads on every first screen anyway; left to itself the
            // bundler cuts it into dozens of tiny chunks (one per set of importers), and a cold start offline
            // then waits on as many requests through the service worker (P6). One chunk, the same bytes.
            { name: 'app', tags: ['$initial'], priority: 1 },
            // The till's data layer (operations, databases, sync): a signed-in start loads nearly all of it at
            // once, through the services. Cut by importers it came as dozens of small chunks, and a cold start
            // offline waited on each through the service worker, the mirror's open queued behind them (P6).
            // One chunk; '/' loads none of it (the sign-in screen does, as the services would right after).
            { name: 'till-data', test: /[\\/]src[\\/]data[\\/](ops|local|sync)[\\/]/ },
            // A language's catalogues (one per part of the app) load in two bundles: two chunks per language.
            {
              name: (id: string) => localeChunk(id),
              debugName: 'locale',
              test: /[\\/]src[\\/]locales[\\/]/,
              priority: 3,
            },
          ],
        },
      },
    },
  },
});
