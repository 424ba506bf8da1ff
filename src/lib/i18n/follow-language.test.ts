import { describe, expect, test } from 'vitest';
import { chooseOwnLanguage, followAccountLanguage, followCashierLanguage } from './follow-language';
import { SCREEN_LANGUAGE_KEY } from './first-locale';
import type { Locale, ShippedLocale } from './locales';
import { accountLanguageOf, shopLanguageOf, staffLanguageOf } from './who-chooses';

function fakeDevice(remembered: string | null = null, browser: readonly string[] = ['en-GB']) {
  const stored = new Map<string, string>(remembered ? [[SCREEN_LANGUAGE_KEY, remembered]] : []);
  const shown: Locale[] = [];
  return {
    shown,
    stored,
    device: {
      storage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => void stored.set(key, value),
      },
      browserLanguages: browser,
      activate: (locale: Locale) => {
        shown.push(locale);
        return Promise.resolve();
      },
    },
  };
}

function source<T>(initial: T) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    getState: () => state,
    set(next: T) {
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('who chooses the language', () => {
  test('[LANG-T1] the shop’s documents follow companies.language, English for anything else', () => {
    expect(shopLanguageOf({ language: 'de' })).toBe('de');
    expect(shopLanguageOf({ language: 'it' })).toBe('en');
    expect(shopLanguageOf({})).toBe('en');
    expect(shopLanguageOf(undefined)).toBe('en');
  });

  test('[LANG-T2] a person’s choice is shown and remembered for the next cold start', async () => {
    const { device, shown, stored } = fakeDevice('en');
    await chooseOwnLanguage(device, 'fr');
    expect(shown).toEqual(['fr']);
    expect(stored.get(SCREEN_LANGUAGE_KEY)).toBe('fr');
  });

  test('[LANG-T2] after a sign-in the account’s language becomes the device’s; a refresh changes nothing', async () => {
    const { device, shown, stored } = fakeDevice('en');
    type User = { id: string; user_metadata?: Record<string, unknown> } | null;
    const auth = source<{ user: User }>({ user: null });
    followAccountLanguage(auth, device);
    auth.set({ user: { id: 'ana', user_metadata: { language: 'es' } } });
    await settle();
    expect(shown).toEqual(['es']);
    expect(stored.get(SCREEN_LANGUAGE_KEY)).toBe('es');
    // A token refresh hands over the same user again: a cashier's language chosen meanwhile stays.
    auth.set({ user: { id: 'ana', user_metadata: { language: 'es' } } });
    auth.set({ user: { id: 'ben', user_metadata: {} } });
    await settle();
    expect(shown).toEqual(['es']);
    expect(accountLanguageOf({ user_metadata: { language: 'klingon' } })).toBeNull();
  });

  test('[LANG-T3] unlocking switches to the cashier’s language, locking back to the device’s', async () => {
    const { device, shown, stored } = fakeDevice('fr');
    const counter = source<{ who: { id: string } | null }>({ who: null });
    const languages: Record<string, ShippedLocale | null> = { cara: 'de', dan: null };
    followCashierLanguage(counter, (id) => Promise.resolve(languages[id] ?? null), device);
    counter.set({ who: { id: 'cara' } });
    await settle();
    counter.set({ who: null });
    await settle();
    counter.set({ who: { id: 'dan' } });
    await settle();
    expect(shown).toEqual(['de', 'fr', 'fr']);
    // Never remembered: a reload comes back locked, in the device's language.
    expect(stored.get(SCREEN_LANGUAGE_KEY)).toBe('fr');
    expect(staffLanguageOf({ language: null })).toBeNull();
  });

  test('[LANG-T4] a lock while the cashier’s language is still being read ends in the device’s', async () => {
    const { device, shown } = fakeDevice(null, ['es-MX']);
    const counter = source<{ who: { id: string } | null }>({ who: null });
    let answer: (value: ShippedLocale) => void = () => undefined;
    followCashierLanguage(counter, () => new Promise((resolve) => (answer = resolve)), device);
    counter.set({ who: { id: 'cara' } });
    counter.set({ who: null });
    await settle();
    answer('de');
    await settle();
    expect(shown).toEqual(['es']);
  });
});
