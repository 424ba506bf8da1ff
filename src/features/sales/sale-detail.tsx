// One sale whole: its lines, totals and tenders, from the server's copy or — for a sale of this device —
// live from the ledger (its state flips when the sync engine marks it). "Reprint" prints this view;
// refunds are made at the register, which finds the sale by its receipt number.
import { useCallback } from 'react';
import { saleWithLines } from '../../data/local/ledger-reads';
import type { ServerPayment, ServerSaleLine } from '../../data/remote/sales';
import { formatMoney } from '../../lib/format-money';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { formatWhen } from '../../lib/format-when';
import { SYNC_STATE_WORDS } from '../../ui/sync-state-words';
import type { SaleRow } from './sale-rows';
import type { SalesDeps } from './sales-deps';

type Line = Omit<ServerSaleLine, 'name' | 'unit_price' | 'tax_rate_bp'> & {
  name: string | null;
  unit_price: number | null;
};

function quantityText(milli: number): string {
  return Number.isInteger(milli / 1000) ? String(milli / 1000) : (milli / 1000).toFixed(3);
}

/** Prints only this sale (sales.css hides the rest of the page while body has `printing-sale`). */
function printSale() {
  document.body.classList.add('printing-sale');
  try {
    window.print();
  } finally {
    document.body.classList.remove('printing-sale');
  }
}

export function SaleDetail({
  deps,
  row,
  terminalName,
  cashierName,
  onBack,
}: {
  deps: SalesDeps;
  row: SaleRow;
  terminalName: string;
  cashierName: string;
  onBack: () => void;
}) {
  const read = useCallback(
    async () => (row.server ? null : saleWithLines(deps.ledger, row.id)),
    [deps.ledger, row.id, row.server],
  );
  const local = readyValue(useLiveQuery(read));
  const lines: Line[] | undefined = row.server?.lines ?? local?.lines;
  const payments: ServerPayment[] | undefined = row.server?.payments ?? local?.payments;
  const state = local ? local.sync : row.state;
  const money = (amount: number) => formatMoney(amount, deps.currency);
  const refund = row.kind === 'refund';

  return (
    <div className="sales">
      <div className="button-row sales__actions">
        <Button variant="ghost" onPress={onBack}>
          Back to sales
        </Button>
        <Button variant="secondary" onPress={printSale}>
          Reprint
        </Button>
        {deps.role !== 'cashier' && !refund && deps.openRegister ? (
          <Button variant="secondary" onPress={deps.openRegister}>
            Refund at the register
          </Button>
        ) : null}
      </div>
      {deps.role !== 'cashier' && !refund && deps.openRegister ? (
        <p className="sales__hint">To refund, open Recent sales at the register and find {row.receipt_no}.</p>
      ) : null}
      <article className="sale-detail" aria-label={`Sale ${row.receipt_no}`}>
        <h2>
          {refund ? 'Refund' : 'Sale'} {row.receipt_no}
        </h2>
        <dl className="sale-detail__facts">
          <dt>When</dt>
          <dd>{formatWhen(row.occurred_at)}</dd>
          <dt>Terminal</dt>
          <dd>{terminalName}</dd>
          <dt>Cashier</dt>
          <dd>{cashierName}</dd>
          <dt>State</dt>
          <dd>{SYNC_STATE_WORDS[state]}</dd>
        </dl>
        {state === 'attention' ? (
          <Alert title="The server refused this sale">{local?.error?.message ?? row.error}</Alert>
        ) : null}
        {lines === undefined ? (
          <p aria-busy="true">Loading the lines…</p>
        ) : (
          <table className="sales-table" aria-label="Lines">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Quantity</th>
                <th scope="col">Price</th>
                <th scope="col">Discount</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.id}>
                  <td>{line.name ?? line.sku ?? 'Item'}</td>
                  <td>{quantityText(line.quantity)}</td>
                  <td>{line.unit_price === null ? '' : money(line.unit_price)}</td>
                  <td>{line.discount ? money(line.discount) : ''}</td>
                  <td>{money(line.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <dl className="sale-detail__totals">
          <dt>Subtotal</dt>
          <dd>{money(row.subtotal)}</dd>
          {row.discount_total ? (
            <>
              <dt>Discount</dt>
              <dd>−{money(row.discount_total)}</dd>
            </>
          ) : null}
          <dt>Tax</dt>
          <dd>{money(row.tax_total)}</dd>
          {row.rounding ? (
            <>
              <dt>Rounding</dt>
              <dd>{money(row.rounding)}</dd>
            </>
          ) : null}
          <dt>Total</dt>
          <dd data-testid="sale-total">{money(row.total)}</dd>
        </dl>
        <h3>{refund ? 'Paid back' : 'Tenders'}</h3>
        <ul className="sale-detail__tenders" aria-label="Tenders">
          {(payments ?? []).map((payment) => (
            <li key={payment.id}>
              {payment.method === 'cash' ? 'Cash' : payment.method === 'card' ? 'Card' : 'Other'}
              {payment.reference ? ` (${payment.reference})` : ''}: {money(payment.amount)}
              {payment.tendered !== null && payment.change
                ? `, tendered ${money(payment.tendered)}, change ${money(payment.change)}`
                : ''}
            </li>
          ))}
        </ul>
      </article>
    </div>
  );
}
