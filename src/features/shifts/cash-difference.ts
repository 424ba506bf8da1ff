// A counted drawer against what was expected, in the words the shifts screen uses everywhere: "Short €7.30",
// "Over €1.00" or "Even". In the screen's language, or the shop's on a printed report (issue 35).
import { i18n as screenI18n, type I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatMoney } from '../../domain/money-text';

export function cashDifferenceWords(
  counted: number,
  expected: number,
  currency: string,
  i18n: I18n = screenI18n,
  locale?: string,
): string {
  const difference = counted - expected;
  if (difference === 0) return i18n._(msg`Even`);
  const amount = formatMoney(Math.abs(difference), currency, locale);
  return difference > 0 ? i18n._(msg`Over ${amount}`) : i18n._(msg`Short ${amount}`);
}
