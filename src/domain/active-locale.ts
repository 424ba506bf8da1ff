// The language the screens are shown in, as the Intl tag to format numbers and money with (issue 35). The
// domain formats amounts and quantities for people; when a caller names no locale (a screen — a document for
// the shop names the shop's), it is the active language's, which activateLocale (src/lib/i18n) sets on
// Lingui's shared instance. Before any language is active, the device's own (Intl's default).
import { i18n, type I18n } from '@lingui/core';

export function activeIntlLocale(): string | undefined {
  return intlLocaleOf(i18n);
}

/** The Intl tag an i18n instance writes numbers with: the screens' (`i18n`) or the shop's (`shopI18n`). */
export function intlLocaleOf(instance: I18n): string | undefined {
  const locales = instance.locales;
  return Array.isArray(locales) ? locales[0] : locales;
}
