// Taking payment: 'Cash' (with quick-tender buttons and the change due), 'Card' (charged on an external
// terminal, with its reference), 'Other' (a voucher or the like, with its label), several tenders for one
// sale (split tender), and 'Complete sale' once they cover the total. Every figure comes from src/domain's settle; nothing is added up here.
import { useState } from 'react';
import { sum } from '../../../domain/money';
import { formatMoney, parseAmount } from '../../../domain/money-text';
import { cashToPay, quickTenders, settle, type Tender, type TenderMethod } from '../../../domain/tender';
import type { PricingRules } from '../../../domain/cart';
import { Alert } from '../../../ui/alert';

export interface PaymentPanelProps {
  total: number;
  rules: PricingRules;
  busy: boolean;
  onComplete: (tenders: readonly Tender[]) => void;
  onBack: () => void;
}

const METHOD_NAMES: Record<TenderMethod, string> = { cash: 'Cash', card: 'Card', other: 'Other' };

export function PaymentPanel({ total, rules, busy, onComplete, onBack }: PaymentPanelProps) {
  const [tenders, setTenders] = useState<readonly Tender[]>([]);
  const [amountText, setAmountText] = useState('');
  const [reference, setReference] = useState('');
  const [otherLabel, setOtherLabel] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const money = (amount: number) => formatMoney(amount, rules.currency);

  const settled = settle(total, tenders, rules.cashRounding);
  const settlement = settled.ok ? settled.value : null;
  const nonCash = sum(tenders.filter((t) => t.method !== 'cash').map((t) => t.amount));
  const cashTendered = sum(tenders.filter((t) => t.method === 'cash').map((t) => t.amount));
  const cashStillDue = Math.max(0, cashToPay(total - nonCash, rules.cashRounding) - cashTendered);
  const covered = settlement?.covered === true;

  const add = (tender: Tender) => {
    const next = [...tenders, tender];
    const check = settle(total, next, rules.cashRounding);
    if (!check.ok) {
      setProblem(check.error.message);
      return;
    }
    setTenders(next);
    setAmountText('');
    setReference('');
    setOtherLabel('');
    setProblem(null);
  };
  const addTyped = (method: TenderMethod) => {
    let amount = method === 'cash' ? cashStillDue : (settlement?.remaining ?? 0);
    if (amountText.trim() !== '') {
      const parsed = parseAmount(amountText, rules.currency);
      if (!parsed.ok) {
        setProblem(parsed.error.message);
        return;
      }
      amount = parsed.value;
    }
    const ref = (method === 'other' ? otherLabel : reference).trim();
    add({ method, amount, ...(method !== 'cash' && ref !== '' ? { reference: ref } : {}) });
  };

  return (
    <section className="payment" aria-labelledby="payment-title">
      <h2 id="payment-title" className="payment__title">
        Payment
      </h2>
      <dl className="totals">
        <dt className="totals__total">Total due</dt>
        <dd className="totals__total">{money(settlement?.due ?? total)}</dd>
        {tenders.map((tender, index) => (
          <PaidRow key={index} label={METHOD_NAMES[tender.method]} tender={tender} money={money} />
        ))}
        {settlement && settlement.rounding !== 0 ? (
          <>
            <dt>Cash rounding</dt>
            <dd>{money(settlement.rounding)}</dd>
          </>
        ) : null}
        <dt>Remaining</dt>
        <dd data-testid="remaining">{money(settlement?.remaining ?? total)}</dd>
        {settlement && settlement.change > 0 ? (
          <>
            <dt className="payment__change">Change due</dt>
            <dd className="payment__change" data-testid="change-due">
              {money(settlement.change)}
            </dd>
          </>
        ) : null}
      </dl>
      {problem !== null ? <Alert>{problem}</Alert> : null}
      {!covered ? (
        <div className="payment__entry">
          <div className="field">
            <label htmlFor="tender-amount" className="field__label">
              Amount
            </label>
            <input
              id="tender-amount"
              className="field__input"
              inputMode="decimal"
              placeholder={money(settlement?.remaining ?? total)}
              value={amountText}
              onChange={(event) => {
                setAmountText(event.target.value);
              }}
            />
          </div>
          {cashStillDue > 0 ? (
            <div className="payment__quick" role="group" aria-label="Quick cash">
              {quickTenders(cashStillDue, rules.currency).map((amount) => (
                <button
                  key={amount}
                  type="button"
                  className="button button--secondary"
                  onClick={() => {
                    add({ method: 'cash', amount });
                  }}
                >
                  {money(amount)}
                </button>
              ))}
            </div>
          ) : null}
          <div className="field">
            <label htmlFor="card-reference" className="field__label">
              Card reference
            </label>
            <input
              id="card-reference"
              className="field__input"
              value={reference}
              maxLength={200}
              onChange={(event) => {
                setReference(event.target.value);
              }}
            />
          </div>
          <div className="field">
            <label htmlFor="other-label" className="field__label">
              Other tender (voucher, gift card…)
            </label>
            <input
              id="other-label"
              className="field__input"
              value={otherLabel}
              maxLength={200}
              placeholder="Voucher 1234"
              onChange={(event) => {
                setOtherLabel(event.target.value);
              }}
            />
          </div>
          <div className="payment__methods">
            <button
              type="button"
              className="button button--primary button--lg"
              onClick={() => {
                addTyped('cash');
              }}
            >
              Cash
            </button>
            <button
              type="button"
              className="button button--primary button--lg"
              onClick={() => {
                addTyped('card');
              }}
            >
              Card
            </button>
            <button
              type="button"
              className="button button--secondary button--lg"
              onClick={() => {
                addTyped('other');
              }}
            >
              Other
            </button>
          </div>
        </div>
      ) : null}
      <div className="payment__actions">
        <button type="button" className="button button--ghost" onClick={onBack} disabled={busy}>
          Back to cart
        </button>
        {tenders.length > 0 ? (
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            onClick={() => {
              setTenders([]);
            }}
          >
            Clear payments
          </button>
        ) : null}
        <button
          type="button"
          className="button button--primary button--lg"
          disabled={!covered || busy}
          onClick={() => {
            onComplete(tenders);
          }}
        >
          Complete sale
        </button>
      </div>
    </section>
  );
}

function PaidRow({ label, tender, money }: { label: string; tender: Tender; money: (n: number) => string }) {
  return (
    <>
      <dt>
        {label}
        {tender.reference ? ` (${tender.reference})` : ''}
      </dt>
      <dd>{money(tender.amount)}</dd>
    </>
  );
}
