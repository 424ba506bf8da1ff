// Switches the screens' language. Lingui's shared `i18n` is what every `t`, `<Trans>` and `useLingui()` in
// the app reads; activating a language re-renders them through <I18nProvider> (src/app/providers.tsx).
import { i18n } from '@lingui/core';
import { loadMessages } from './catalogs';
import { htmlLang, intlTag, type Locale } from './locales';

export async function activateLocale(locale: Locale): Promise<void> {
  if (i18n.locale === locale) return;
  const messages = await loadMessages(locale);
  i18n.loadAndActivate({ locale, locales: [intlTag(locale)], messages });
  document.documentElement.lang = htmlLang(locale);
}
