// [VAL-12], [VAL-20] The tenders that spend customer value, in the payment panel: 'Gift card' (type or scan the
// code, its balance shows, pay up to what is left, partly too) and, with a customer attached who has them,
// 'Store credit', 'On account' and 'Points', each with what may be spent. A tender over what is left is refused
// in words ('Only €4.20 left on this gift card') and nothing is added. Amounts come from the panel's Amount
// field, or what is still due, capped by what is left.
import { useEffect, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { sum } from '../../../domain/money';
import { formatMoney } from '../../../domain/money-text';
import type { Result } from '../../../domain/result';
import type { Tender, TenderValue } from '../../../domain/tender';
import { checkSpend, type Available } from '../../../domain/value/available';
import type { CustomerValueKind } from '../../../domain/value/account-id';
import { pointsFor, pointsValue } from '../../../domain/value/loyalty';
import type { CardFound, CustomerValue, RegisterValue, ValueBalance } from './register-value';
import { TextField } from '../../../ui/text-field';
import { useLoyaltyScheme } from './use-loyalty-scheme';

export interface ValueTendersProps {
  value: RegisterValue;
  customerId: string | undefined;
  currency: string;
  /** Still due in the sale. */
  remaining: number;
  /** The tenders taken so far: what they spent of an account is no longer there to spend. */
  tenders: readonly Tender[];
  /** The panel's Amount field: null when empty. */
  typedAmount: () => Result<number | null>;
  /** Adds a tender; answers why the sale cannot take it, or null. */
  onAdd: (tender: Tender) => string | null;
  onProblem: (problem: string | null) => void;
}

/** What this sale has already spent of `accountId` (points for loyalty). */
function spentIn(tenders: readonly Tender[], accountId: string, points: boolean): number {
  return sum(
    tenders
      .filter((tender) => tender.value?.accountId === accountId)
      .map((tender) => (points ? (tender.value?.points ?? 0) : tender.amount)),
  );
}

/** What is left after this sale's own tenders: the spendable and the available both go down. */
function leftOf(balance: ValueBalance, tenders: readonly Tender[]): Available {
  const spent = spentIn(tenders, balance.account.id, balance.account.kind === 'loyalty');
  const { available } = balance;
  return {
    ...available,
    available: available.available - spent,
    spendable: Math.max(0, available.spendable - spent),
  };
}

export function ValueTenders(props: ValueTendersProps) {
  const { value, customerId, currency, remaining, tenders, typedAmount, onAdd, onProblem } = props;
  const { t } = useLingui();
  const money = (amount: number) => formatMoney(amount, currency);
  const [codeText, setCodeText] = useState('');
  const [card, setCard] = useState<Extract<CardFound, { ok: true }> | null>(null);
  const [looking, setLooking] = useState(false);
  const [entering, setEntering] = useState(false);
  const [known, setKnown] = useState<{ id: string; value: CustomerValue } | null>(null);
  // What was read for an earlier customer is not offered for another.
  const customer = known !== null && known.id === customerId ? known.value : null;
  const loyalty = useLoyaltyScheme(value) ?? null;

  useEffect(() => {
    let live = true;
    if (customerId !== undefined) {
      void value.customer(customerId).then((found) => {
        if (live) setKnown({ id: customerId, value: found });
      });
    }
    return () => {
      live = false;
    };
  }, [value, customerId]);

  const amountFor = (most: number): number | null => {
    const typed = typedAmount();
    if (!typed.ok) {
      onProblem(typed.error.message);
      return null;
    }
    return typed.value ?? Math.min(remaining, most);
  };

  const spend = (balance: ValueBalance, method: Tender['method'], extra: Partial<TenderValue>) => {
    const left = leftOf(balance, tenders);
    const points = balance.account.kind === 'loyalty';
    const scheme = loyalty;
    const most = points && scheme ? pointsValue(left.spendable, scheme) : left.spendable;
    const amount = amountFor(most);
    if (amount === null) return;
    if (amount <= 0) {
      // Nothing left on it (or refused outright): checkSpend says which, in the cashier's words.
      const none = checkSpend(1, balance.account, left, currency);
      onProblem(none.ok ? t`Nothing is left to pay.` : none.error.message);
      return;
    }
    const needed = points && scheme ? pointsFor(amount, scheme) : amount;
    if (needed === null) {
      onProblem(t`Points are worth nothing in this shop.`);
      return;
    }
    const checked = checkSpend(needed, balance.account, left, currency);
    if (!checked.ok) {
      onProblem(checked.error.message);
      return;
    }
    const refused = onAdd({
      method,
      amount,
      value: {
        accountId: balance.account.id,
        balanceSeen: left.available,
        offline: left.offline,
        ...(points ? { points: needed } : {}),
        ...extra,
      },
    });
    onProblem(refused);
    if (refused === null && method === 'gift_card') {
      setCard(null);
      setCodeText('');
    }
  };

  const find = async () => {
    setLooking(true);
    const found = await value.findCard(codeText);
    setLooking(false);
    if (!found.ok) {
      setCard(null);
      onProblem(found.message);
      return;
    }
    onProblem(null);
    setCard(found);
  };

  const cardLeft = card ? leftOf(card.balance, tenders) : null;
  const cardLast4 = card?.last4 ?? '';
  const cardAvailable = cardLeft ? money(Math.max(0, cardLeft.available)) : '';
  return (
    <div className="value-tenders">
      {entering ? null : (
        // Closed until asked for, so the panel stays short enough to keep 'Complete sale' in view on a phone.
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={false}
          onClick={() => {
            setEntering(true);
          }}
        >
          <Trans>Pay by gift card…</Trans>
        </button>
      )}
      {entering ? (
        <form
          className="value-tenders__card"
          onSubmit={(event) => {
            event.preventDefault();
            void find();
          }}
        >
          <TextField
            label={t`Gift card code`}
            name="gift-card-code"
            value={codeText}
            maxLength={64}
            onChange={(text) => {
              setCodeText(text);
              setCard(null);
            }}
          />
          <button
            type="submit"
            className="button button--secondary"
            disabled={looking || codeText.trim() === ''}
          >
            <Trans>Find card</Trans>
          </button>
        </form>
      ) : null}
      {card && cardLeft ? (
        <p className="value-tenders__found" data-testid="gift-card-balance">
          <Trans>
            Gift card ••••{cardLast4}: {cardAvailable} available
          </Trans>
        </p>
      ) : null}
      {card ? (
        <button
          type="button"
          className="button button--primary button--lg"
          onClick={() => {
            spend(card.balance, 'gift_card', { code: card.code, last4: card.last4 });
          }}
        >
          <Trans>Gift card</Trans>
        </button>
      ) : null}
      {customer ? (
        <CustomerTenders
          customer={customer}
          tenders={tenders}
          money={money}
          spend={spend}
          pointsOn={loyalty?.enabled === true && loyalty.redeemAs === 'tender'}
        />
      ) : null}
    </div>
  );
}

const CUSTOMER_TENDERS: readonly { kind: CustomerValueKind; method: Tender['method'] }[] = [
  { kind: 'store_credit', method: 'store_credit' },
  { kind: 'on_account', method: 'on_account' },
  { kind: 'loyalty', method: 'loyalty' },
];

/** 'Store credit', 'On account' and 'Points', for the accounts the customer can spend now. */
function CustomerTenders({
  customer,
  tenders,
  money,
  spend,
  pointsOn,
}: {
  customer: CustomerValue;
  /**
   * Points are a tender only while the shop's loyalty is on ([VAL-25] flags points spent otherwise) and the shop
   * redeems them as a tender: where it takes them off as a discount, that is 'Use points' in the cart ([VAL-14]).
   */
  pointsOn: boolean;
  tenders: readonly Tender[];
  money: (amount: number) => string;
  spend: (balance: ValueBalance, method: Tender['method'], extra: Partial<TenderValue>) => void;
}) {
  const { t } = useLingui();
  const offered = CUSTOMER_TENDERS.filter(
    ({ kind }) => (kind !== 'loyalty' || pointsOn) && leftOf(customer[kind], tenders).spendable > 0,
  );
  if (offered.length === 0) return null;
  return (
    <div className="payment__methods" role="group" aria-label={t`Customer's value`}>
      {offered.map(({ kind, method }) => {
        const balance = customer[kind];
        const left = leftOf(balance, tenders).spendable;
        const shown =
          kind === 'loyalty' ? <Plural value={left} one="# point" other="# points" /> : money(left);
        const label =
          kind === 'store_credit' ? t`Store credit` : kind === 'on_account' ? t`On account` : t`Points`;
        return (
          <button
            key={kind}
            type="button"
            className="button button--secondary button--lg value-tenders__method"
            aria-label={label}
            aria-describedby={`value-left-${kind}`}
            onClick={() => {
              spend(balance, method, {});
            }}
          >
            {label}
            <span id={`value-left-${kind}`} className="value-tenders__left">
              {shown}
            </span>
          </button>
        );
      })}
    </div>
  );
}
