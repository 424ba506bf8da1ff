// The language the screens open in, before anyone is known: the one this device last showed (a person's own
// choice, or the cashier's on a shared till, remembered across reloads and offline), else the browser's first
// language we ship, else English. Who is signed in may change it a moment later (src/lib/i18n/follow-language.ts).
import { isLocale, matchBrowserLocale, SOURCE_LOCALE, type Locale } from './locales';

export const SCREEN_LANGUAGE_KEY = 'tillpoint.language';

export function firstLocale(storage: Pick<Storage, 'getItem'>, browserLanguages: readonly string[]): Locale {
  const remembered = storage.getItem(SCREEN_LANGUAGE_KEY);
  if (isLocale(remembered)) return remembered;
  return matchBrowserLocale(browserLanguages) ?? SOURCE_LOCALE;
}

export function rememberLocale(storage: Pick<Storage, 'setItem'>, locale: Locale): void {
  storage.setItem(SCREEN_LANGUAGE_KEY, locale);
}
