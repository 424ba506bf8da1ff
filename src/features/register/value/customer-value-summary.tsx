// [VAL-20] The attached customer's value, under their name in the cart: store credit, points, and what they owe
// and can still spend on account — as the server answered, or as this till knows it offline — and the points
// this sale earns, before 'Pay' ([VAL-13]). Where the shop takes points off as a discount ([VAL-14], [VAL-T73]),
// 'Use points' takes off what the customer's points are worth, at most what the cart has left to pay.
import { useEffect, useId, useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../../domain/money-text';
import type { PointsDiscount } from '../../../domain/cart';
import { pointsDiscountFor, type LoyaltyScheme } from '../../../domain/value/loyalty';
import type { CustomerValue, RegisterValue } from './register-value';

export interface CustomerValueSummaryProps {
  value: RegisterValue;
  customerId: string;
  currency: string;
  /** The points this sale earns as the cart stands; 0: none shown. */
  earned: number;
  /** [VAL-T73] 'Use points', where the shop takes points off as a discount; absent otherwise. */
  points?: PointsControl;
}

export interface PointsControl {
  scheme: LoyaltyScheme;
  /** What the goods come to after every other discount: the most points may take off. */
  due: number;
  applied: PointsDiscount | undefined;
  onChange: (discount: PointsDiscount | undefined) => void;
}

export function CustomerValueSummary(props: CustomerValueSummaryProps) {
  const { value, customerId, currency, earned } = props;
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
  const control = props.points;
  const usable =
    control && points && control.scheme.enabled && control.scheme.redeemAs === 'discount'
      ? pointsDiscountFor(points.available.spendable, control.due, control.scheme)
      : null;
  // What the till showed and whether it was offline go with the sale, as a points tender's do ([VAL-20]).
  const offer =
    usable && points
      ? { ...usable, balanceSeen: points.available.available, offline: points.available.offline }
      : null;
  if (!hasCredit && !hasPoints && !hasAccount && earned === 0 && !control?.applied) return null;
  return (
    <>
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
      {control ? <UsePoints control={control} offer={offer} money={money} /> : null}
    </>
  );
}

/** [VAL-T73] 'Use points' for what they are worth now, or the points used and 'Don't use points'. */
function UsePoints({
  control,
  offer,
  money,
}: {
  control: PointsControl;
  offer: PointsDiscount | null;
  money: (amount: number) => string;
}) {
  const { t } = useLingui();
  const worthId = useId();
  const applied = control.applied;
  if (applied) {
    const used = applied.points;
    const off = money(Math.min(applied.amount, control.due));
    return (
      <div className="register-points" data-testid="cart-points-used">
        <p>{t`${plural(used, { one: '# point used', other: '# points used' })}: −${off}`}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            control.onChange(undefined);
          }}
        >
          <Trans>Don't use points</Trans>
        </button>
      </div>
    );
  }
  if (offer === null) return null;
  const worth = money(offer.amount);
  const count = offer.points;
  return (
    <div className="register-points">
      <button
        type="button"
        className="button button--secondary"
        aria-describedby={worthId}
        onClick={() => {
          control.onChange(offer);
        }}
      >
        <Trans>Use points</Trans>
      </button>
      <span id={worthId}>{t`${plural(count, { one: '# point', other: '# points' })}: ${worth} off`}</span>
    </div>
  );
}
