// Message catalogues (issue 35). One catalogue per part of the app, so engineers translating different parts
// never edit the same file; a language is every part's catalogue for it, loaded together (src/lib/i18n/catalogs.ts).
// Source messages are English, written in the code with Lingui's macros; `npm run i18n:extract` writes them
// into the .po files, and `npm run i18n:check` fails on any message a shipped language lacks.
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { CATALOG_PARTS } from './src/lib/i18n/catalog-parts';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'fr', 'de', 'pseudo'],
  // The pseudo-locale is generated from English (scripts/pseudo-locale.ts), never translated by hand.
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
  catalogs: CATALOG_PARTS.map((part) => ({
    path: `<rootDir>/src/locales/{locale}/${part.name}`,
    include: part.include.map((dir) => `<rootDir>/${dir}`),
    exclude: ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'],
  })),
});
