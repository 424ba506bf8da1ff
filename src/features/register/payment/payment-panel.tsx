// Taking payment: 'Cash' (with quick-tender buttons and the change due), 'Card' (on this till's reader when
// it has one and the device is online — issue 20 — else charged on an external terminal, with its
// reference), 'Other' (a voucher or the like, with its label), several tenders for one sale (split tender),
// and 'Complete sale' once they cover the total. Every figure comes from src/domain's settle; nothing is
// added up here.
import { useCallback, useEffect, useState } from 'react';
import { sum } from '../../../domain/money';
import { formatMoney, parseAmount } from '../../../domain/money-text';
import { cashToPay, quickTenders, settle, type Tender, type TenderMethod } from '../../../domain/tender';
import { METHOD_NAMES } from '../../../domain/payment-words';
import type { PricingRules } from '../../../domain/cart';
import { Alert } from '../../../ui/alert';
import type { TillCardReader } from '../../../data/local/till-card-reader';
import type { RegisterCardReader } from '../register-deps';
import { ReaderStatus } from './reader-status';
import { externalWords } from './reader-words';
import { useReaderPayment } from './use-reader-payment';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ok, type Result } from '../../../domain/result';
import type { RegisterValue } from '../value/register-value';
import { ValueTenders } from '../value/value-tenders';

/** 'Card' on the till's reader (issue 20): what the register knows of it and where its tenders go. */
export interface PaymentReader {
  deps: RegisterCardReader;
  /** This till's reader as the device knows it; null: none. */
  known: TillCardReader | null;
  online: boolean;
  /** The cart's sale id, drawn and stored now if it has none ([CART-6]): the payment is for that sale. */
  saleId: () => Promise<string>;
  /** Card tenders approved on the reader for this sale: they stay with the sale until it is complete. */
  taken: readonly Tender[];
  onTaken: (tender: Tender, saleId: string) => void;
}

export interface PaymentPanelProps {
  total: number;
  rules: PricingRules;
  busy: boolean;
  onComplete: (tenders: readonly Tender[]) => void;
  onBack: () => void;
  reader?: PaymentReader;
  /** [COUNTER-10] Told when the reader starts and stops holding the sale: the register locks the cart. */
  onReaderBusy?: (busy: boolean) => void;
  /** [VAL-12] Customer value: 'Gift card', and the attached customer's 'Store credit', 'On account', 'Points'. */
  value?: RegisterValue;
  customerId?: string;
  /** [VAL-13] The points the sale earns with these tenders (shown before 'Complete sale'); 0: none shown. */
  pointsEarned?: (tenders: readonly Tender[]) => number;
}

/** [COUNTER-11] The cashier's word that a card taken on another terminal went through. */

export function PaymentPanel(props: PaymentPanelProps) {
  const { t } = useLingui();
  const { total, rules, busy, onComplete, onBack, reader, onReaderBusy, value, customerId, pointsEarned } =
    props;
  const [typed, setTyped] = useState<readonly Tender[]>([]);
  const tenders = [...(reader?.taken ?? []), ...typed];
  const [unusable, setUnusable] = useState<string | null>(null);
  const [amountText, setAmountText] = useState('');
  const [reference, setReference] = useState('');
  const [terminalApproved, setTerminalApproved] = useState(false);
  const [otherLabel, setOtherLabel] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const money = (amount: number) => formatMoney(amount, rules.currency);
  const onTaken = reader?.onTaken;
  const readerPayment = useReaderPayment(reader?.deps, {
    onApproved: useCallback((tender: Tender, saleId: string) => onTaken?.(tender, saleId), [onTaken]),
    // Unreachable is the device being offline, whatever the browser's flag says (Wi-Fi up, no internet).
    onUnusable: useCallback((message: string, code: string) => {
      setUnusable(code === 'unreachable' ? externalWords('offline') : message);
    }, []),
  });
  // [CARD-10] The reader is used only when the device knows one and is online, and it has not refused.
  const onReader = reader?.known && reader.online && unusable === null ? reader.known : null;
  const readerLabel = onReader?.label ?? '';
  const readerBusy = readerPayment.phase.kind !== 'idle';
  useEffect(() => {
    onReaderBusy?.(readerBusy);
  }, [readerBusy, onReaderBusy]);
  // Leaving the panel (the sale done, or the payment cancelled on the way out) unlocks the cart.
  useEffect(() => () => onReaderBusy?.(false), [onReaderBusy]);

  const settled = settle(total, tenders, rules.cashRounding);
  const settlement = settled.ok ? settled.value : null;
  const nonCash = sum(tenders.filter((t) => t.method !== 'cash').map((t) => t.amount));
  const cashTendered = sum(tenders.filter((t) => t.method === 'cash').map((t) => t.amount));
  const cashStillDue = Math.max(0, cashToPay(total - nonCash, rules.cashRounding) - cashTendered);
  const covered = settlement?.covered === true;

  /** The problem `tender` would make, or null when the sale can take it. */
  const refusal = (tender: Tender): string | null => {
    const check = settle(total, [...tenders, tender], rules.cashRounding);
    return check.ok ? null : check.error.message;
  };
  const add = (tender: Tender): string | null => {
    const refused = refusal(tender);
    if (refused !== null) {
      setProblem(refused);
      return refused;
    }
    setTyped([...typed, tender]);
    setAmountText('');
    setReference('');
    setTerminalApproved(false);
    setOtherLabel('');
    setProblem(null);
    return null;
  };
  /** The Amount field as typed: null when empty. */
  const typedAmount = (): Result<number | null> =>
    amountText.trim() === '' ? ok(null) : parseAmount(amountText, rules.currency);
  const earned = pointsEarned?.(tenders) ?? 0;
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
    if (method === 'card' && onReader && reader) {
      sendToReader(reader, amount);
      return;
    }
    // [COUNTER-11] A card on another terminal is paid only with its reference or the cashier's word that
    // the terminal approved it, online or offline: an empty 'Card' is not money taken.
    if (method === 'card' && ref === '' && !terminalApproved) {
      setProblem(
        refusal({ method, amount }) ??
          t`Type the card terminal's reference, or tick 'The card terminal approved this payment'.`,
      );
      return;
    }
    add({ method, amount, ...(method !== 'cash' && ref !== '' ? { reference: ref } : {}) });
  };
  // [CARD-10] The amount goes to the reader for the cart's own sale id; the tender comes when it is approved.
  const sendToReader = (card: PaymentReader, amount: number) => {
    const refused = refusal({ method: 'card', amount });
    setProblem(refused);
    if (refused !== null) return;
    setAmountText('');
    void card.saleId().then((saleId) => {
      readerPayment.start(saleId, amount);
    });
  };

  return (
    <section className="payment" aria-labelledby="payment-title">
      <h2 id="payment-title" className="payment__title">
        <Trans>Payment</Trans>
      </h2>
      <dl className="totals">
        <dt className="totals__total">
          <Trans>Total due</Trans>
        </dt>
        <dd className="totals__total">{money(settlement?.due ?? total)}</dd>
        {tenders.map((tender, index) => (
          <PaidRow
            key={index}
            label={tenderLabel(t(METHOD_NAMES[tender.method]), tender)}
            tender={tender}
            money={money}
          />
        ))}
        {settlement && settlement.rounding !== 0 ? (
          <>
            <dt>
              <Trans>Cash rounding</Trans>
            </dt>
            <dd>{money(settlement.rounding)}</dd>
          </>
        ) : null}
        <dt>
          <Trans>Remaining</Trans>
        </dt>
        <dd data-testid="remaining">{money(settlement?.remaining ?? total)}</dd>
        {settlement && settlement.change > 0 ? (
          <>
            <dt className="payment__change">
              <Trans>Change due</Trans>
            </dt>
            <dd className="payment__change" data-testid="change-due">
              {money(settlement.change)}
            </dd>
          </>
        ) : null}
      </dl>
      {earned > 0 ? (
        <p className="payment__points" data-testid="points-earned">
          <Plural value={earned} one="The customer earns # point." other="The customer earns # points." />
        </p>
      ) : null}
      {problem !== null ? <Alert>{problem}</Alert> : null}
      {!settled.ok && problem === null ? <Alert>{settled.error.message}</Alert> : null}
      {readerPayment.note !== null ? (
        <Alert tone={readerPayment.note.tone}>{readerPayment.note.text}</Alert>
      ) : null}
      {onReader ? <ReaderStatus payment={readerPayment} label={onReader.label} money={money} /> : null}
      {!covered && !readerBusy ? (
        <div className="payment__entry">
          <div className="field">
            <label htmlFor="tender-amount" className="field__label">
              <Trans>Amount</Trans>
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
            <div className="payment__quick" role="group" aria-label={t`Quick cash`}>
              {/* These pay cash at once, not fill the amount above: the words say so (issue 34). */}
              <span className="payment__quick-label">
                <Trans>Cash received:</Trans>
              </span>
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
          {onReader ? (
            <p className="payment__card-line">
              <Trans>Card: on {readerLabel}.</Trans>{' '}
              <button
                type="button"
                className="button button--ghost"
                onClick={() => {
                  setUnusable(externalWords('chosen'));
                }}
              >
                <Trans>Use another terminal</Trans>
              </button>
            </p>
          ) : (
            <>
              <p className="payment__card-line">
                {externalLine(reader, unusable, t`Take the card on your terminal and type its reference.`)}
              </p>
              <div className="field">
                <label htmlFor="card-reference" className="field__label">
                  <Trans>Card reference</Trans>
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
              <label className="payment__approved">
                <input
                  type="checkbox"
                  checked={terminalApproved}
                  onChange={(event) => {
                    setTerminalApproved(event.target.checked);
                  }}
                />
                <Trans>The card terminal approved this payment</Trans>
              </label>
            </>
          )}
          <div className="field">
            <label htmlFor="other-label" className="field__label">
              <Trans>Other tender (voucher, gift card…)</Trans>
            </label>
            <input
              id="other-label"
              className="field__input"
              value={otherLabel}
              maxLength={200}
              placeholder={t`Voucher 1234`}
              onChange={(event) => {
                setOtherLabel(event.target.value);
              }}
            />
          </div>
          {value ? (
            <ValueTenders
              value={value}
              customerId={customerId}
              currency={rules.currency}
              remaining={settlement?.remaining ?? total}
              tenders={tenders}
              typedAmount={typedAmount}
              onAdd={add}
              onProblem={setProblem}
            />
          ) : null}
          <div className="payment__methods">
            <button
              type="button"
              className="button button--primary button--lg"
              onClick={() => {
                addTyped('cash');
              }}
            >
              <Trans>Cash</Trans>
            </button>
            <button
              type="button"
              className="button button--primary button--lg"
              onClick={() => {
                addTyped('card');
              }}
            >
              <Trans>Card</Trans>
            </button>
            <button
              type="button"
              className="button button--secondary button--lg"
              onClick={() => {
                addTyped('other');
              }}
            >
              <Trans>Other</Trans>
            </button>
          </div>
        </div>
      ) : null}
      <div className="payment__actions">
        <button type="button" className="button button--ghost" onClick={onBack} disabled={busy || readerBusy}>
          <Trans>Back to cart</Trans>
        </button>
        {typed.length > 0 ? (
          <button
            type="button"
            className="button button--ghost"
            disabled={busy || readerBusy}
            onClick={() => {
              setTyped([]);
            }}
          >
            <Trans>Clear payments</Trans>
          </button>
        ) : null}
        <button
          type="button"
          className="button button--primary button--lg"
          disabled={!covered || busy || readerBusy}
          onClick={() => {
            onComplete(tenders);
          }}
        >
          <Trans>Complete sale</Trans>
        </button>
      </div>
    </section>
  );
}

/** [CARD-13] Why 'Card' is an external terminal's here, in one line. */
function externalLine(reader: PaymentReader | undefined, unusable: string | null, take: string): string {
  if (reader?.online === false) return externalWords('offline');
  if (!reader?.known) return externalWords('no_reader');
  if (unusable === externalWords('chosen') || unusable === externalWords('offline')) return unusable;
  return unusable ? `${unusable} ${take}` : take;
}

/** A value tender names its card's last four ([VAL-35]'s words on screen). */
function tenderLabel(name: string, tender: Tender): string {
  const last4 = tender.value?.last4;
  return last4 ? `${name} ••••${last4}` : name;
}

function PaidRow({ label, tender, money }: { label: string; tender: Tender; money: (n: number) => string }) {
  return (
    <>
      <dt>
        {label}
        {tender.reference ? ` (${tender.reference})` : null}
      </dt>
      <dd>{money(tender.amount)}</dd>
    </>
  );
}
