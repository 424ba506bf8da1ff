// [VAL-20] The attached customer's value, under their name in the cart: store credit, points, and what they owe
// and can still spend on account — as the server answered, or as this till knows it offline — and the points
// this sale earns, before 'Pay' ([VAL-13]).
import { useEffect, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../../domain/money-text';
import type { CustomerValue, RegisterValue } from './register-value';

export interface CustomerValueSummaryProps {
  value: RegisterValue;
  customerId: string;
  currency: string;
  /** The points this sale earns as the cart stands; 0: none shown. */
  earned: number;
}

export function CustomerValueSummary({ value, customerId, currency, earned }: CustomerValueSummaryProps) {
  const { t } = useLingui();
  const [known, setKnown] = useState<CustomerValue | null>(null);
  useEffect(() => {
    let live = true;
    void value.customer(customerId).then((found) => {
      if (live) setKnown(found);
    });
    return () => {
      live = false;
    };
  }, [value, customerId]);
  const money = (amount: number) => formatMoney(amount, currency);
  const credit = known?.store_credit;
  const points = known?.loyalty;
  const account = known?.on_account;
  const hasCredit = credit !== undefined && credit.available.balance !== 0;
  const hasPoints = points !== undefined && points.available.balance !== 0;
  const hasAccount =
    account !== undefined && (account.account.creditLimit ?? 0) + account.available.balance !== 0;
  const creditText = credit ? money(credit.available.balance) : '';
  const pointCount = points?.available.balance ?? 0;
  const owed = account ? money(Math.max(0, -account.available.balance)) : '';
  const canSpend = account ? money(Math.max(0, account.available.available)) : '';
  if (!hasCredit && !hasPoints && !hasAccount && earned === 0) return null;
  return (
    <dl className="customer-value" aria-label={t`Customer's value`}>
      {hasCredit ? (
        <>
          <dt>
            <Trans>Store credit</Trans>
          </dt>
          <dd data-testid="customer-store-credit">{creditText}</dd>
        </>
      ) : null}
      {hasPoints ? (
        <>
          <dt>
            <Trans>Points</Trans>
          </dt>
          <dd data-testid="customer-points">{pointCount}</dd>
        </>
      ) : null}
      {hasAccount ? (
        <>
          <dt>
            <Trans>On account</Trans>
          </dt>
          <dd data-testid="customer-account">
            <Trans>
              Owes {owed}; can spend {canSpend}
            </Trans>
          </dd>
        </>
      ) : null}
      {earned > 0 ? (
        <>
          <dt>
            <Trans>This sale earns</Trans>
          </dt>
          <dd data-testid="cart-points-earned">
            <Plural value={earned} one="# point" other="# points" />
          </dd>
        </>
      ) : null}
    </dl>
  );
}
