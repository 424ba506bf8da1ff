// Loads one language's catalogues — only that language, by dynamic import(), so the first screen carries no
// words it does not show (P7). The build puts a language's catalogues in one chunk (vite.config.ts), which the
// service worker precaches like any other chunk, so a language chosen offline still opens.
import type { Messages } from '@lingui/core';
import type { Locale } from './locales';

interface CatalogModule {
  messages: Messages;
}

const catalogs = import.meta.glob<CatalogModule>('../../locales/*/*.po');

export async function loadMessages(locale: Locale): Promise<Messages> {
  const parts = Object.entries(catalogs)
    .filter(([path]) => path.split('/').at(-2) === locale)
    .map(([, load]) => load());
  if (parts.length === 0) throw new Error(`No catalogue for the language '${locale}'`);
  const loaded = await Promise.all(parts);
  return Object.assign({}, ...loaded.map((part) => part.messages)) as Messages;
}
