// Which of a language's catalogue bundles are loaded (src/lib/i18n/catalog-parts.ts). A guest's first screen
// needs only the 'first' bundle; the counter and the back office need 'app' too, which the router asks for before
// any of their screens renders (src/routes/__root.tsx), and a cold start straight onto one of them asks for at
// boot, beside the first (src/main.tsx). Every Lingui instance that activates a language through here — the
// screens' and the shop's documents' — gets each bundle wanted later merged into its current language, and a
// language switched to later comes with every bundle wanted so far.
import type { I18n, Messages } from '@lingui/core';
import { loadMessages } from './catalogs';
import type { CatalogBundle } from './catalog-parts';
import { isLocale, type Locale } from './locales';

const wanted = new Set<CatalogBundle>(['first']);
const following = new Set<I18n>();
const loading = new Map<CatalogBundle, Promise<void>>();

/** The paths whose screens only show words from the 'first' bundle: the guest's screens. */
const FIRST_BUNDLE_PATHS = new Set([
  '/',
  '/about',
  '/login',
  '/signup',
  '/forgot-password',
  '/auth/callback',
  '/auth/reset-password',
]);

/** The bundle a path's screens need beyond the first, if any. Unknown paths get everything: better a chunk more. */
export function bundleForPath(pathname: string): CatalogBundle {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return FIRST_BUNDLE_PATHS.has(path) ? 'first' : 'app';
}

/**
 * Every bundle wanted so far, in `locale`, for `instance` about to switch to it; from now on the instance also
 * gets the bundles wanted later.
 */
export async function wantedMessages(instance: I18n, locale: Locale): Promise<Messages> {
  following.add(instance);
  for (;;) {
    const bundles = [...wanted];
    const messages = await loadMessages(locale, bundles);
    // A bundle wanted while these loaded: load again with it (the chunks already fetched come from memory).
    if (wanted.size === bundles.length) return messages;
  }
}

/** Loads `bundle` into every following instance's current language; resolves once its words can show. */
export function wantCatalogue(bundle: CatalogBundle): Promise<void> {
  if (wanted.has(bundle)) return loading.get(bundle) ?? Promise.resolve();
  wanted.add(bundle);
  const load = Promise.all([...following].map((instance) => mergeInto(instance, bundle))).then(
    () => undefined,
  );
  loading.set(bundle, load);
  // A chunk that failed to arrive (an update swapped the files) is asked for again by the next navigation.
  load.catch(() => {
    wanted.delete(bundle);
    loading.delete(bundle);
  });
  return load;
}

async function mergeInto(instance: I18n, bundle: CatalogBundle): Promise<void> {
  const locale = instance.locale;
  if (!isLocale(locale)) return;
  const messages = await loadMessages(locale, [bundle]);
  // Switched meanwhile: the switch loaded every wanted bundle, this one included.
  if (instance.locale === locale) instance.load(locale, messages);
}
