// A counted drawer against what was expected, in the words the shifts screen uses everywhere: "Short €7.30",
// "Over €1.00" or "Even".
import { formatMoney } from '../../domain/money-text';

export function cashDifferenceWords(counted: number, expected: number, currency: string): string {
  const difference = counted - expected;
  if (difference === 0) return 'Even';
  return `${difference > 0 ? 'Over' : 'Short'} ${formatMoney(Math.abs(difference), currency)}`;
}
