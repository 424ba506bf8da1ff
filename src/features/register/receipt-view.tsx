// The receipt of a completed sale: receipt number, till, lines, tax per rate, tenders and change, marked
// "Unsynced" (the sale sits in the outbox until the sync engine pushes it). 'Print' uses the browser's print
// dialog; 'New sale' clears the counter for the next customer.
import { formatMoney } from '../../domain/money-text';
import { formatQuantity } from '../../domain/quantity';
import type { TerminalIdentity } from '../../data/local/ledger-types';
import type { CompletedSale } from './register-deps';

const METHOD_NAMES = { cash: 'Cash', card: 'Card', other: 'Other' } as const;

export function ReceiptView({
  sale,
  terminal,
  currency,
  onNewSale,
}: {
  sale: CompletedSale;
  terminal: TerminalIdentity;
  currency: string;
  onNewSale: () => void;
}) {
  const money = (amount: number) => formatMoney(amount, currency);
  const { priced, settlement } = sale;
  return (
    <section className="receipt" aria-labelledby="receipt-title">
      <h2 id="receipt-title" className="receipt__title">
        Receipt {sale.receiptNo}
      </h2>
      <p className="receipt__meta">
        {terminal.name} · {new Date(sale.occurredAt).toLocaleString()} ·{' '}
        <span className="receipt__unsynced">Unsynced</span>
      </p>
      <ul className="receipt__lines">
        {priced.lines.map(({ line, amount }) => (
          <li key={line.lineId}>
            <span>
              {formatQuantity(line.quantity)} × {line.name}
            </span>
            <span>{money(amount)}</span>
          </li>
        ))}
      </ul>
      <dl className="totals">
        {priced.taxSummary.map((row) => (
          <div key={row.rate} className="totals__row">
            <dt>Tax {row.rate / 100}%</dt>
            <dd>{money(row.tax)}</dd>
          </div>
        ))}
        {settlement.rounding !== 0 ? (
          <div className="totals__row">
            <dt>Cash rounding</dt>
            <dd>{money(settlement.rounding)}</dd>
          </div>
        ) : null}
        <div className="totals__row totals__total">
          <dt>Total</dt>
          <dd>{money(settlement.due)}</dd>
        </div>
        {settlement.payments.map((payment, index) => (
          <div key={index} className="totals__row">
            <dt>
              {METHOD_NAMES[payment.method]}
              {payment.reference ? ` (${payment.reference})` : ''}
            </dt>
            <dd>{money(payment.tendered ?? payment.amount)}</dd>
          </div>
        ))}
        <div className="totals__row">
          <dt>Change</dt>
          <dd data-testid="receipt-change">{money(settlement.change)}</dd>
        </div>
      </dl>
      {sale.cart.note ? <p className="receipt__note">{sale.cart.note}</p> : null}
      <div className="receipt__actions no-print">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            window.print();
          }}
        >
          Print
        </button>
        <button type="button" className="button button--primary button--lg" onClick={onNewSale}>
          New sale
        </button>
      </div>
    </section>
  );
}
