// Refunding a past sale (issue 7 "Refunds"): pick lines and quantities — each capped at what is left after
// earlier refunds on this device — choose how the money goes back (the original tender by default), and
// complete. Works offline: it reads and writes only the ledger; the refund syncs as `sale.refund`. A sale paid
// on a card reader can go back to its card through Stripe, online only ([CARD-22]). Once recorded, a refund
// paid out in cash opens the drawer and the refund receipt prints as a sale's do ([REFUND-T1], recent-sales).
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import type { PricingRules } from '../../../domain/cart';
import { formatMoney } from '../../../domain/money-text';
import { formatQuantity } from '../../../domain/quantity';
import { Alert } from '../../../ui/alert';
import { useOnline } from '../../../ui/use-online';
import { planLines, planRefund } from './refund-plan';
import {
  CardRefundProblem,
  choicesFor,
  defaultChoice,
  methodOf,
  RefundMethods,
  type RefundChoice,
} from './refund-methods';
import type { RecordedRefund, RefundableSale, SaleHistory } from '../history/sale-history-deps';
import { CustomerPicker } from '../cart/customer-picker';

/** How a recorded refund was paid out: in cash, the drawer opens ([REFUND-T1]). */
export interface RefundPaid {
  cash: boolean;
}

export function RefundForm({
  history,
  saleId,
  rules,
  onDone,
  onCancel,
}: {
  history: SaleHistory;
  saleId: string;
  rules: PricingRules;
  onDone: (refund: RecordedRefund, paid: RefundPaid) => void;
  onCancel: () => void;
}) {
  const [refundable, setRefundable] = useState<RefundableSale | null | 'loading'>('loading');
  const { t } = useLingui();
  useEffect(() => {
    let current = true;
    void history.refundable(saleId).then(
      (found) => {
        if (current) setRefundable(found);
      },
      () => {
        if (current) setRefundable(null);
      },
    );
    return () => {
      current = false;
    };
  }, [history, saleId]);

  if (refundable === 'loading') {
    return (
      <p>
        <Trans>Reading the sale…</Trans>
      </p>
    );
  }
  if (refundable === null) {
    return (
      <>
        <Alert>{t`Only sales made on this till can be refunded here.`}</Alert>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          <Trans>Back</Trans>
        </button>
      </>
    );
  }
  return <RefundChoices {...{ history, rules, onDone, onCancel, refundable }} />;
}

function RefundChoices({
  history,
  rules,
  refundable,
  onDone,
  onCancel,
}: {
  history: SaleHistory;
  rules: PricingRules;
  refundable: RefundableSale;
  onDone: (refund: RecordedRefund, paid: RefundPaid) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const money = (amount: number) => formatMoney(amount, rules.currency);
  const receiptNo = refundable.sale.receipt_no;
  const [typed, setTyped] = useState<ReadonlyMap<string, string>>(new Map());
  const choices = choicesFor(refundable.cardIntents, {
    storeCredit: refundable.sale.customer_id !== null || history.customers !== undefined,
    giftCard: Boolean(refundable.giftCardPaid),
    onAccount: refundable.sale.customer_id !== null && refundable.paidOnAccount === true,
  });
  const [choice, setChoice] = useState<RefundChoice>(() => {
    const preferred = defaultChoice(refundable.defaultMethod, refundable.cardIntents);
    // A sale paid with value the refund cannot go back onto here defaults to cash.
    return choices.includes(preferred) ? preferred : 'cash';
  });
  const method = methodOf(choice);
  const online = useOnline();
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(true);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ message: string; toCard: boolean } | null>(null);
  // [VAL-15] A customer attached to the refund at the counter, for store credit when the sale had none.
  const [customerId, setCustomerId] = useState<string | undefined>(undefined);
  const saleCustomer = refundable.sale.customer_id;
  const valueMethod = method === 'store_credit' || method === 'gift_card' || method === 'on_account';
  const lines = useMemo(() => planLines(refundable), [refundable]);
  const plan = planRefund(refundable, typed, { ...rules, method });
  const due = money(plan.kind === 'ready' ? plan.due : 0);
  const type = (lineId: string, text: string) => {
    setTyped((before) => new Map(before).set(lineId, text));
  };

  const complete = async () => {
    if (plan.kind !== 'ready') return;
    setBusy(true);
    setProblem(null);
    const toCard = choice === 'reader';
    const typedReference = toCard || valueMethod ? '' : reference.trim();
    const result = await history.refund({
      saleId: refundable.sale.id,
      quantities: plan.quantities,
      tender: typedReference === '' ? { method } : { method, reference: typedReference },
      reason: reason.trim() === '' ? null : reason.trim(),
      restock,
      refundId: refundable.refundId,
      backToCard: toCard,
      ...(method === 'store_credit' && customerId !== undefined ? { customerId } : {}),
    });
    setBusy(false);
    if (result.ok) onDone(result.value, { cash: method === 'cash' });
    else setProblem({ message: result.error.message, toCard });
  };
  const choose = (next: RefundChoice) => {
    setChoice(next);
    setProblem(null);
  };

  return (
    <form
      className="refund"
      aria-label={t`Refund ${receiptNo}`}
      onSubmit={(event) => {
        event.preventDefault();
        void complete();
      }}
    >
      <h3 className="refund__title">
        <Trans>Refund {receiptNo}</Trans>
      </h3>
      <ul className="refund__lines">
        {lines.map(({ line, left }) => {
          const name = line.name;
          const sold = formatQuantity(line.quantity);
          const leftText = formatQuantity(left);
          const inputId = `refund-${line.lineId}`;
          return (
            <li key={line.lineId} className="refund__line">
              <label htmlFor={inputId}>
                {name}{' '}
                <span className="refund__left">
                  {left === 0 ? t`(refunded in full)` : t`(sold ${sold}, ${leftText} left)`}
                </span>
              </label>
              <input
                id={inputId}
                className="field__input refund__quantity"
                inputMode="decimal"
                aria-label={t`Refund quantity of ${name}`}
                disabled={left === 0}
                value={typed.get(line.lineId) ?? ''}
                placeholder="0"
                onChange={(event) => {
                  type(line.lineId, event.target.value);
                }}
              />
              <button
                type="button"
                className="button button--ghost"
                disabled={left === 0}
                onClick={() => {
                  type(line.lineId, String(left / 1000));
                }}
              >
                <Trans>All {name}</Trans>
              </button>
            </li>
          );
        })}
      </ul>
      <RefundMethods
        choices={choices}
        choice={choice}
        onChoose={choose}
        giftCardLast4={refundable.giftCardPaid?.last4 ?? null}
      />
      {method === 'store_credit' && saleCustomer === null && history.customers ? (
        <div className="refund__customer">
          <p>
            <Trans>Whose store credit? Attach the customer the refund goes to.</Trans>
          </p>
          <CustomerPicker book={history.customers} customerId={customerId} onChange={setCustomerId} />
        </div>
      ) : null}
      {choice === 'reader' && !online ? (
        <CardRefundProblem
          message={t`This till is offline, so the money cannot go back to the card now.`}
          onChoose={choose}
        />
      ) : null}
      {method !== 'cash' && choice !== 'reader' && !valueMethod ? (
        <RefundText label={t`Refund reference`} value={reference} onChange={setReference} />
      ) : null}
      <RefundText label={t`Reason`} value={reason} onChange={setReason} />
      <label className="refund__restock">
        <input
          type="checkbox"
          checked={restock}
          onChange={(event) => {
            setRestock(event.target.checked);
          }}
        />
        <Trans>Put the goods back in stock</Trans>
      </label>
      {plan.kind === 'invalid' ? <Alert tone="warning">{plan.message}</Alert> : null}
      {problem?.toCard ? <CardRefundProblem message={problem.message} onChoose={choose} /> : null}
      {problem && !problem.toCard ? <Alert>{problem.message}</Alert> : null}
      <p className="refund__due">
        <Trans>
          Refund due: <strong data-testid="refund-due">{due}</strong>
        </Trans>
      </p>
      <div className="refund__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          <Trans>Back</Trans>
        </button>
        <button
          type="submit"
          className="button button--primary button--lg"
          disabled={
            plan.kind !== 'ready' ||
            busy ||
            (choice === 'reader' && !online) ||
            (method === 'store_credit' && saleCustomer === null && customerId === undefined)
          }
        >
          {choice === 'reader' ? <Trans>Refund to the card</Trans> : <Trans>Complete refund</Trans>}
        </button>
      </div>
    </form>
  );
}

function RefundText({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <label className="refund__text">
      <span className="field__label">{label}</span>
      <input
        className="field__input"
        value={value}
        maxLength={200}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
    </label>
  );
}
