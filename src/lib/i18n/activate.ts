// Switches the screens' language. Lingui's shared `i18n` is what every `t`, `<Trans>` and `useLingui()` in
// the app reads; activating a language re-renders them through <I18nProvider> (src/app/providers.tsx).
import { i18n } from '@lingui/core';
import { wantedMessages } from './catalog-bundles';
import { htmlLang, intlTag, type Locale } from './locales';

// Switches may overlap (a cashier unlocks while the account's language still loads): the last one asked wins,
// whichever catalogue arrives first.
let asked = 0;

export async function activateLocale(locale: Locale): Promise<void> {
  const turn = ++asked;
  if (i18n.locale === locale) return;
  const messages = await wantedMessages(i18n, locale);
  if (turn !== asked) return;
  i18n.loadAndActivate({ locale, locales: [intlTag(locale)], messages });
  document.documentElement.lang = htmlLang(locale);
}
