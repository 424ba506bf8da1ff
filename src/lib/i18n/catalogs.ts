// Loads one language's catalogues — only that language, and only the bundles asked for, by dynamic import(), so
// the first screen carries no words it does not show (P7). The build puts each bundle of a language in one chunk
// (vite.config.ts), which the service worker precaches like any other chunk, so a language chosen offline
// still opens.
import type { Messages } from '@lingui/core';
import { bundleOfPart, CATALOG_BUNDLES, type CatalogBundle } from './catalog-parts';
import type { Locale } from './locales';

interface CatalogModule {
  messages: Messages;
}

const catalogs = import.meta.glob<CatalogModule>('../../locales/*/*.po');

/** A language's messages from the given bundles (all of them unless said), merged into one table. */
export async function loadMessages(
  locale: Locale,
  bundles: readonly CatalogBundle[] = CATALOG_BUNDLES,
): Promise<Messages> {
  const parts = Object.entries(catalogs)
    .filter(([path]) => {
      const [language, file] = path.split('/').slice(-2);
      const bundle = bundleOfPart(file?.replace(/\.po$/, '') ?? '');
      return language === locale && bundle !== null && bundles.includes(bundle);
    })
    .map(([, load]) => load());
  if (parts.length === 0) throw new Error(`No catalogue for the language '${locale}'`);
  const loaded = await Promise.all(parts);
  return Object.assign({}, ...loaded.map((part) => part.messages)) as Messages;
}
