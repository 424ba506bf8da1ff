// [VAL-18] 'Take a payment': a customer paying what they owe on account, at the register. Shown under an attached
// customer whose account on credit is open; says what they owe, takes cash (with change), card or other, and
// records `account.payment` (takeAccountPayment) — not a sale, but its receipt number is the till's next and its
// cash goes in the drawer, so the shift expects it ([VAL-34]). Works offline: the op waits in the outbox.
import { useCallback, useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { currencyExponent } from '../../../domain/currency';
import { formatMoney, parseAmount } from '../../../domain/money-text';
import type { Result } from '../../../domain/result';
import { Alert } from '../../../ui/alert';
import { Dialog } from '../../../ui/dialog';
import type { RegisterValue, ValueBalance } from './register-value';

export type AccountPaymentMethod = 'cash' | 'card' | 'other';

export interface AccountPaymentRequest {
  customerId: string;
  accountId: string;
  amount: number;
  method: AccountPaymentMethod;
  tendered: number | null;
  reference: string | null;
}

/** What the register is given to take account payments (register-wiring: takeAccountPayment). */
export interface AccountPayments {
  take: (request: AccountPaymentRequest) => Promise<Result<unknown>>;
}

/** An account on credit the customer has: opened by a manager with a limit, or owing something. */
function onCredit(account: ValueBalance | undefined): account is ValueBalance {
  if (!account) return false;
  const view = account.account;
  return view.status === 'active' && ((view.creditLimit ?? 0) > 0 || account.available.balance < 0);
}

export function AccountPaymentAction({
  value,
  payments,
  customerId,
  currency,
}: {
  value: RegisterValue;
  payments: AccountPayments;
  customerId: string;
  currency: string;
}) {
  const { t } = useLingui();
  const [account, setAccount] = useState<ValueBalance | null>(null);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const read = useCallback(async () => {
    const found = await value.customer(customerId);
    return onCredit(found.on_account) ? found.on_account : null;
  }, [value, customerId]);
  useEffect(() => {
    let live = true;
    void read().then((found) => {
      if (live) setAccount(found);
    });
    return () => {
      live = false;
    };
  }, [read]);
  if (account === null) return null;
  return (
    <div className="account-payment">
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          setDone(null);
          setOpen(true);
        }}
      >
        <Trans>Take a payment</Trans>
      </button>
      {done !== null ? (
        <p role="status" className="account-payment__done">
          {done}
        </p>
      ) : null}
      <Dialog title={t`Payment on account`} isOpen={open} onOpenChange={setOpen}>
        <PaymentForm
          account={account}
          customerId={customerId}
          currency={currency}
          payments={payments}
          onDone={(message) => {
            setOpen(false);
            setDone(message);
            void read().then(setAccount);
          }}
        />
      </Dialog>
    </div>
  );
}

function PaymentForm({
  account,
  customerId,
  currency,
  payments,
  onDone,
}: {
  account: ValueBalance;
  customerId: string;
  currency: string;
  payments: AccountPayments;
  onDone: (message: string) => void;
}) {
  const { t } = useLingui();
  const money = (amount: number) => formatMoney(amount, currency);
  const owedMinor = Math.max(0, -account.available.balance);
  const owed = money(owedMinor);
  // What they owe, as a plain amount to pay it all or type over.
  const exponent = currencyExponent(currency);
  const [amountText, setAmountText] = useState(
    owedMinor > 0 ? (owedMinor / 10 ** exponent).toFixed(exponent) : '',
  );
  const [method, setMethod] = useState<AccountPaymentMethod>('cash');
  const [tenderedText, setTenderedText] = useState('');
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const methods: { method: AccountPaymentMethod; label: string }[] = [
    { method: 'cash', label: t`Cash` },
    { method: 'card', label: t`Card` },
    { method: 'other', label: t`Other` },
  ];

  const submit = async () => {
    const amount = parseAmount(amountText, currency);
    if (!amount.ok) {
      setProblem(amount.error.message);
      return;
    }
    if (amount.value <= 0) {
      setProblem(t`A payment is more than zero.`);
      return;
    }
    let tendered: number | null = null;
    if (method === 'cash' && tenderedText.trim() !== '') {
      const handed = parseAmount(tenderedText, currency);
      if (!handed.ok) {
        setProblem(handed.error.message);
        return;
      }
      if (handed.value < amount.value) {
        setProblem(t`Not enough cash was handed over for this payment.`);
        return;
      }
      tendered = handed.value;
    }
    setBusy(true);
    setProblem(null);
    const taken = await payments.take({
      customerId,
      accountId: account.account.id,
      amount: amount.value,
      method,
      tendered,
      reference: method !== 'cash' && reference.trim() !== '' ? reference.trim() : null,
    });
    setBusy(false);
    if (!taken.ok) {
      setProblem(taken.error.message);
      return;
    }
    const paid = money(amount.value);
    const change = money(tendered === null ? 0 : tendered - amount.value);
    onDone(
      tendered !== null && tendered > amount.value
        ? t`Payment of ${paid} taken. Change: ${change}.`
        : t`Payment of ${paid} taken.`,
    );
  };

  return (
    <form
      className="account-payment__form"
      aria-label={t`Take a payment`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p data-testid="account-owed">
        {owedMinor > 0 ? <Trans>Owes {owed} on account.</Trans> : <Trans>Owes nothing on account.</Trans>}
      </p>
      <label className="field">
        <span className="field__label">
          <Trans>Amount paid</Trans>
        </span>
        <input
          className="field__input"
          inputMode="decimal"
          value={amountText}
          onChange={(event) => {
            setAmountText(event.target.value);
          }}
        />
      </label>
      <fieldset className="refund__methods">
        <legend>
          <Trans>Paid by</Trans>
        </legend>
        {methods.map((option) => (
          <label key={option.method}>
            <input
              type="radio"
              name="account-payment-method"
              checked={method === option.method}
              onChange={() => {
                setMethod(option.method);
              }}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      {method === 'cash' ? (
        <label className="field">
          <span className="field__label">
            <Trans>Cash handed over</Trans>
          </span>
          <input
            className="field__input"
            inputMode="decimal"
            value={tenderedText}
            onChange={(event) => {
              setTenderedText(event.target.value);
            }}
          />
        </label>
      ) : (
        <label className="field">
          <span className="field__label">
            <Trans>Reference</Trans>
          </span>
          <input
            className="field__input"
            maxLength={200}
            value={reference}
            onChange={(event) => {
              setReference(event.target.value);
            }}
          />
        </label>
      )}
      {problem !== null ? <Alert>{problem}</Alert> : null}
      <button type="submit" className="button button--primary button--lg" disabled={busy}>
        <Trans>Take payment</Trans>
      </button>
    </form>
  );
}
