// An amount of an account of a kind, as a person reads it: money in the shop's currency, or whole points.
import { useLingui } from '@lingui/react/macro';
import type { ValueAccountKind } from '../../../data/remote/value-reports';
import { formatMoney } from '../../../lib/format-money';
import { numberFormat, screenLocale } from '../../../lib/i18n/intl';

export function useAmount(currency: string): (kind: ValueAccountKind, amount: number) => string {
  const { t } = useLingui();
  return (kind, amount) => {
    if (kind !== 'loyalty') return formatMoney(amount, currency);
    const points = numberFormat(screenLocale()).format(amount);
    return t`${points} pts`;
  };
}
