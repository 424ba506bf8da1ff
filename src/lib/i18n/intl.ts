// Numbers, money, dates and weights in the active language (issue 35). Building an Intl formatter costs far
// more than using one (trade-anchors §4.2: ~25× a cache-key stringify), and the register formats every line
// on every keystroke (P2), so each (language, options) pair is built once.
import { i18n, type I18n } from '@lingui/core';
import { intlTag, isLocale, SOURCE_LOCALE } from './locales';

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The BCP 47 tag a Lingui instance's words are formatted with: its language's ('pseudo' formats as English). */
export function formatTagOf(instance: Pick<I18n, 'locale'>): string {
  return intlTag(isLocale(instance.locale) ? instance.locale : SOURCE_LOCALE);
}

/** The BCP 47 tag the screens format with now: the active language's. */
export function screenLocale(): string {
  return formatTagOf(i18n);
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = numberFormats.get(key);
  if (!found) {
    found = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, found);
  }
  return found;
}

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = dateFormats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, found);
  }
  return found;
}
