// The shop's language (issue 35): what a customer or the books read — printed and mailed receipts, X/Z
// reports, the customer display — is in the language the shop set, whatever language the person at the
// till reads their screens in. A second Lingui instance holds it; code that writes for the shop translates
// through it: `shopI18n._(msg`Total`)`.
import { setupI18n } from '@lingui/core';
import { wantedMessages } from './catalog-bundles';
import { formatTagOf } from './intl';
import { intlTag, type Locale } from './locales';

export const shopI18n = setupI18n();

/**
 * [LANG-T1] The shop's language as this device last read it from the shop's row, so a cold start offline and
 * the customer display's window write in it before the mirror is open.
 */
export const SHOP_LANGUAGE_KEY = 'tillpoint.shop-language';

export async function activateShopLocale(locale: Locale): Promise<void> {
  if (shopI18n.locale === locale) return;
  const messages = await wantedMessages(shopI18n, locale);
  shopI18n.loadAndActivate({ locale, locales: [intlTag(locale)], messages });
}

/** The BCP 47 tag the shop's documents format numbers and dates with. */
export function shopIntlLocale(): string {
  return formatTagOf(shopI18n);
}
