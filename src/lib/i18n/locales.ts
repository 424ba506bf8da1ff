// The languages Tillpoint ships (DESIGN §13: en, es, fr, de) and the pseudo-locale its tests walk with. Each
// language is named in itself in the pickers, so a person who cannot read the current one still finds theirs.
export const SHIPPED_LOCALES = ['en', 'es', 'fr', 'de'] as const;
export type ShippedLocale = (typeof SHIPPED_LOCALES)[number];

/** Accented, 40 % longer and wrapped in ⟦ ⟧: a test's way to see every untranslated or overflowing word. */
export const PSEUDO_LOCALE = 'pseudo';
export type Locale = ShippedLocale | typeof PSEUDO_LOCALE;

export const SOURCE_LOCALE: ShippedLocale = 'en';

export const LOCALE_NAMES: Record<ShippedLocale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
};

export function isShippedLocale(value: unknown): value is ShippedLocale {
  return typeof value === 'string' && (SHIPPED_LOCALES as readonly string[]).includes(value);
}

export function isLocale(value: unknown): value is Locale {
  return value === PSEUDO_LOCALE || isShippedLocale(value);
}

/**
 * The shipped language closest to what a browser asks for ('de-AT' → 'de'), or null. navigator.languages is
 * in the person's order of preference, so the first one we ship wins.
 */
export function matchBrowserLocale(wanted: readonly string[]): ShippedLocale | null {
  for (const tag of wanted) {
    const language = tag.toLowerCase().split('-')[0];
    if (isShippedLocale(language)) return language;
  }
  return null;
}

// The region each language formats numbers and dates as: Tillpoint's English has always written dates the
// British way ("21 Nov 2026, 08:14", 24-hour clock), and the shops it serves are mostly in Europe.
const INTL_TAGS: Record<ShippedLocale, string> = { en: 'en-GB', es: 'es-ES', fr: 'fr-FR', de: 'de-DE' };

/** The tag Intl formats with: the pseudo-locale's numbers and dates are English ones. */
export function intlTag(locale: Locale): string {
  return INTL_TAGS[locale === PSEUDO_LOCALE ? SOURCE_LOCALE : locale];
}

/** The page's `lang`: the language itself, which is what hyphenation and screen readers need. */
export function htmlLang(locale: Locale): ShippedLocale {
  return locale === PSEUDO_LOCALE ? SOURCE_LOCALE : locale;
}
