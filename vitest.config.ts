// Test projects by where a test runs (DESIGN §11): the suffix of a file's name says it.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { linguiMacros } from './lingui-macros.ts';

const stackTests = ['**/*.stack.test.ts'];
const domTests = ['**/*.dom.test.ts', '**/*.dom.test.tsx'];
const ignored = ['**/node_modules/**', '**/dist/**', 'tests/e2e/**', 'tests/bench/**'];

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [linguiMacros(), lingui()],
        test: {
          name: 'node',
          environment: 'node',
          setupFiles: ['tests/setup/i18n.ts'],
          include: ['src/**/*.test.ts', 'supabase/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: [...ignored, ...stackTests, ...domTests],
          // A few node tests start an in-memory PGlite (seconds on a busy machine); none should be slow.
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [linguiMacros(), react(), lingui()],
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: domTests,
          exclude: ignored,
          setupFiles: ['tests/setup/i18n.ts', 'tests/setup/dom.ts'],
          // Screen tests type and click like a person, and render the whole app; on a 2-core machine running
          // every project at once, 5 s is not enough headroom for the slowest of them.
          testTimeout: 15_000,
        },
      },
      {
        plugins: [linguiMacros(), lingui()],
        test: {
          name: 'stack',
          environment: 'node',
          setupFiles: ['tests/setup/i18n.ts'],
          include: stackTests,
          exclude: ignored,
          globalSetup: ['tests/setup/stack-global.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One local stack serves every stack test file; files run one at a time against it so
          // PGlite's single connection is never the bottleneck of a flaky timeout.
          fileParallelism: false,
        },
      },
    ],
  },
});
