import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webManifest } from './web-manifest.ts';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes' }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The app registers the worker itself (workbox-window) so updates wait for an empty cart.
      registerType: 'prompt',
      injectRegister: false,
      manifest: webManifest,
      includeAssets: ['icons/favicon-32.png', 'icons/apple-touch-icon-180.png', 'icons/icon.svg'],
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
  build: { sourcemap: true },
});
