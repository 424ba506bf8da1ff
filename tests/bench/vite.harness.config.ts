// The bench harness (tests/bench/harness): a page that imports the app's own modules (sync engine, sale
// runner, Dexie databases) for the budgets the app's UI cannot reach directly (P1's raw floor, P3's scan,
// P4, P5). Built into the bench copy of the app (.bench-dist/app/__bench) so it runs on the app's origin,
// and never part of `npm run build`.
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vite';
import { linguiMacros } from '../../lingui-macros.ts';

const root = fileURLToPath(new URL('./harness', import.meta.url));

export default defineConfig({
  root,
  base: '/__bench/',
  // VITE_SUPABASE_URL comes from the environment the runner sets, as for the app's bench build.
  envDir: fileURLToPath(new URL('../..', import.meta.url)),
  logLevel: 'warn',
  // The app's modules use Lingui's macros and load its catalogues, so the harness compiles them as the app does.
  plugins: [
    linguiMacros(),
    lingui({ configPath: fileURLToPath(new URL('../../lingui.config.ts', import.meta.url)) }),
  ],
  // RxDB pins its own Dexie (4.4.2), and Dexie refuses to load twice in one page: the peer's storage runs on
  // the app's Dexie (a newer 4.4 patch), resolved from the project root.
  resolve: { dedupe: ['dexie'] },
  build: {
    outDir: fileURLToPath(new URL('../../.bench-dist/app/__bench', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
  },
});
