// A counted drawer against what was expected, in the words the shifts screen uses everywhere: "Short €7.30",
// "Over €1.00" or "Even".
import { t } from '@lingui/core/macro';
import { formatMoney } from '../../domain/money-text';

export function cashDifferenceWords(counted: number, expected: number, currency: string): string {
  const difference = counted - expected;
  if (difference === 0) return t`Even`;
  const amount = formatMoney(Math.abs(difference), currency);
  return difference > 0 ? t`Over ${amount}` : t`Short ${amount}`;
}
