// Money for display: integer minor units in, the currency's format in the screens' language out (2 decimals
// for EUR, 0 for JPY). The currency is always the shop's; only how it is written follows the language.
import { numberFormat, screenLocale } from './i18n/intl';

export function formatMoney(minor: number, currency: string, locale: string = screenLocale()): string {
  const format = numberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}
