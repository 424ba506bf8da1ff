// The catalogue loads in two bundles per language (P7): a guest's screens get the first, the counter's and the
// back office's the app's too, and no instance ever shows a language with a bundle wanted missing.
import { setupI18n } from '@lingui/core';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { loadMessages } from './catalogs';

async function freshBundles() {
  vi.resetModules();
  return import('./catalog-bundles');
}

/** A message only the app bundle has, in `locale`: what a till screen shows and a guest's never needs. */
async function appOnlyId(locale: 'de' | 'fr'): Promise<string> {
  const first = await loadMessages(locale, ['first']);
  const app = await loadMessages(locale, ['app']);
  const id = Object.keys(app).find((key) => !(key in first));
  if (!id) throw new Error('The app bundle has no message of its own.');
  return id;
}

describe('catalogue bundles', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  test("[LANG-T5] a guest's screens need the first bundle only; every other path (and an unknown one) needs the app's", async () => {
    const { bundleForPath } = await freshBundles();
    for (const path of ['/', '/login', '/signup/', '/forgot-password', '/about', '/auth/callback']) {
      expect(bundleForPath(path), path).toBe('first');
    }
    for (const path of [
      '/dashboard',
      '/dashboard/register',
      '/display',
      '/r/abc123',
      '/onboarding',
      '/nowhere',
    ]) {
      expect(bundleForPath(path), path).toBe('app');
    }
  });

  test('[LANG-T5] the first bundle is smaller than the whole catalogue and has none of the counter words', async () => {
    const first = await loadMessages('de', ['first']);
    const all = await loadMessages('de');
    expect(Object.keys(first).length).toBeLessThan(Object.keys(all).length);
    expect(first[await appOnlyId('de')]).toBeUndefined();
  });

  test('[LANG-T5] an instance on the first bundle gets the app bundle merged in when it is wanted, in its own language', async () => {
    const { wantedMessages, wantCatalogue } = await freshBundles();
    const screens = setupI18n();
    screens.loadAndActivate({ locale: 'de', messages: await wantedMessages(screens, 'de') });
    const id = await appOnlyId('de');
    expect(screens.messages[id]).toBeUndefined();
    const changed = vi.fn();
    screens.on('change', changed);

    await wantCatalogue('app');
    expect(screens.messages[id]).toEqual((await loadMessages('de', ['app']))[id]);
    expect(changed).toHaveBeenCalled();
    // Asked again by every navigation: no second load.
    expect(wantCatalogue('app')).toBe(wantCatalogue('app'));
  });

  test('[LANG-T5] a language switched to after the app bundle was wanted comes with it', async () => {
    const { wantedMessages, wantCatalogue } = await freshBundles();
    await wantCatalogue('app');
    const documents = setupI18n();
    documents.loadAndActivate({ locale: 'fr', messages: await wantedMessages(documents, 'fr') });
    expect(documents.messages[await appOnlyId('fr')]).toBeDefined();
  });

  test('[LANG-T5] a bundle wanted while a language loads is in it when it activates', async () => {
    const { wantedMessages, wantCatalogue } = await freshBundles();
    const screens = setupI18n();
    const loading = wantedMessages(screens, 'fr');
    void wantCatalogue('app');
    screens.loadAndActivate({ locale: 'fr', messages: await loading });
    expect(screens.messages[await appOnlyId('fr')]).toBeDefined();
  });
});
