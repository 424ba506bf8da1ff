// Who chooses the language (issue 35, src/domain/SPEC.md [LANG-T1]…[LANG-T4]): the shop's for what a customer
// or the books read, a person's own for their screens, the cashier's on a shared till. Values come from the
// server's rows and the account, which a till holds offline; anything that is not a shipped language is no
// choice at all.
import { isShippedLocale, SOURCE_LOCALE, type Locale, type ShippedLocale } from './locales';

/** [LANG-T1] The shop's documents: `companies.language`, English until the row says otherwise. */
export function shopLanguageOf(company: Readonly<Record<string, unknown>> | undefined): ShippedLocale {
  const chosen = company?.language;
  return isShippedLocale(chosen) ? chosen : SOURCE_LOCALE;
}

/** [LANG-T2] A person's own language, kept on their account (`user_metadata.language`); null = not chosen. */
export function accountLanguageOf(
  user: { user_metadata?: Record<string, unknown> } | null,
): ShippedLocale | null {
  const chosen = user?.user_metadata?.language;
  return isShippedLocale(chosen) ? chosen : null;
}

/** [LANG-T3] A staff member's language on a shared till (`staff.language`); null = the till's own. */
export function staffLanguageOf(staff: Readonly<Record<string, unknown>> | undefined): ShippedLocale | null {
  const chosen = staff?.language;
  return isShippedLocale(chosen) ? chosen : null;
}

/**
 * [LANG-T3] What the screens show: the cashier's language while someone with one is at the counter, else the
 * device's (the person's own choice, remembered on this device).
 */
export function screenLanguage(device: Locale, cashier: ShippedLocale | null): Locale {
  return cashier ?? device;
}
