// One sale whole: its lines, totals and tenders, from the server's copy or — for a sale of this device —
// live from the ledger (its state flips when the sync engine marks it). "Reprint" sends a sale of this
// device to its receipt printer, marked COPY, when one is set (issue 19), and otherwise prints this view;
// refunds are made at the register, which finds the sale by its receipt number.
import { lazy, Suspense, useCallback } from 'react';
import { saleWithLines } from '../../data/local/ledger-reads';
import type { ServerPayment, ServerSaleLine } from '../../data/remote/sales';
import { quantityText, unitPriceText } from '../../domain/receipt-line-words';
import { taxLabel } from '../../domain/tax';
import { formatMoney } from '../../lib/format-money';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DataTable, type Column } from '../../ui/data-table';
import { PrintJobStatus, usePrintJob } from '../../ui/print-job';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { useWhen } from '../../ui/when';
import { SYNC_STATE_WORDS } from '../../ui/sync-state-words';
import { CardPaymentStatus } from './card-payment-status';
import { SaleFlags } from './sale-flags';
import { unverifiedParts, type SaleRow } from './sale-rows';
import type { SalesDeps } from './sales-deps';

// The digital receipt's panel loads with the first sale page that shows it (issue 22).
const ReceiptPanel = lazy(() => import('./receipt-panel'));

type Line = Omit<ServerSaleLine, 'name' | 'unit_price' | 'tax_rate_bp'> & {
  name: string | null;
  unit_price: number | null;
};

function lineColumns(money: (amount: number) => string): Column<Line>[] {
  return [
    {
      key: 'item',
      header: 'Item',
      cell: (line) => (
        <>
          {line.name ?? line.sku ?? 'Item'}
          {/* [MOD-4] Each option under its line, with what it added per unit. */}
          {(line.modifiers ?? []).map((modifier, index) => (
            <span key={index} className="sale-detail__modifier">
              {modifier.name ?? 'Option'}
              {modifier.price_delta !== 0
                ? ` ${modifier.price_delta > 0 ? '+' : ''}${money(modifier.price_delta)}`
                : ''}
            </span>
          ))}
        </>
      ),
    },
    // [WORDS-6] A line sold by measure reads as the receipt does: "1.181 kg", "€1.99/kg".
    { key: 'quantity', header: 'Quantity', cell: (line) => quantityText(line.quantity, line.unit) },
    {
      key: 'price',
      header: 'Price',
      cell: (line) => (line.unit_price === null ? '' : unitPriceText(money(line.unit_price), line.unit)),
    },
    { key: 'discount', header: 'Discount', cell: (line) => (line.discount ? money(line.discount) : '') },
    { key: 'total', header: 'Total', cell: (line) => money(line.total) },
  ];
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

export function BackToSales({ onBack }: { onBack: () => void }) {
  return (
    <Button variant="ghost" onPress={onBack}>
      Back to sales
    </Button>
  );
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
  const when = useWhen();
  const refund = row.kind === 'refund';
  const printing = usePrintJob();
  const printer = deps.printer;
  const reprint = () => {
    // The till's printer prints from this device's ledger; a sale only the server has prints this view.
    if (printer?.isSet() && !row.server) void printing.start(() => printer.printCopy(row.id), true);
    else printSale();
  };

  return (
    <div className="sales">
      <div className="button-row sales__actions">
        <BackToSales onBack={onBack} />
        <Button variant="secondary" onPress={reprint}>
          Reprint
        </Button>
        {deps.role !== 'cashier' && !refund && deps.openRegister ? (
          <Button variant="secondary" onPress={deps.openRegister}>
            Refund at the register
          </Button>
        ) : null}
      </div>
      <PrintJobStatus state={printing.state} title="The copy did not print" onAgain={printing.again} />
      {deps.role !== 'cashier' && !refund && deps.openRegister ? (
        <p className="sales__hint">To refund, open Recent sales at the register and find {row.receipt_no}.</p>
      ) : null}
      <article className="sale-detail" aria-label={`Sale ${row.receipt_no}`}>
        <h2>
          {refund ? 'Refund' : 'Sale'} {row.receipt_no}
        </h2>
        <dl className="sale-detail__facts">
          <dt>When</dt>
          <dd>{when(row.occurred_at)}</dd>
          <dt>Terminal</dt>
          <dd>{terminalName}</dd>
          <dt>Cashier</dt>
          <dd>{cashierName}</dd>
          <dt>State</dt>
          <dd>{SYNC_STATE_WORDS[state]}</dd>
        </dl>
        {unverifiedParts(row).length > 0 ? (
          <Alert tone="warning" title="Not verified">
            The server could not verify {unverifiedParts(row).join(' and ')}: the till did not prove it with a
            PIN. See Activity for what happened at the till.
          </Alert>
        ) : null}
        {deps.readFlags && deps.role !== 'cashier' ? (
          <SaleFlags
            companyId={deps.companyId}
            read={deps.readFlags}
            saleId={row.id}
            synced={state === 'synced'}
            money={money}
            openSale={deps.openSale}
          />
        ) : null}
        {state === 'attention' ? (
          <Alert title="The server refused this sale">{local?.error?.message ?? row.error}</Alert>
        ) : null}
        {lines === undefined ? (
          <p aria-busy="true">Loading the lines…</p>
        ) : (
          <DataTable
            label="Lines"
            columns={lineColumns(money)}
            rows={lines}
            rowKey={(line) => line.id}
            empty={null}
          />
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
          <dt>{taxLabel(deps.taxMode)}</dt>
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
        {deps.readCardPayments && payments ? (
          <CardPaymentStatus read={deps.readCardPayments} payments={payments} money={money} />
        ) : null}
        {deps.receipts && !refund ? (
          <Suspense fallback={null}>
            <ReceiptPanel
              actions={deps.receipts}
              saleId={row.id}
              canRevoke={deps.role !== 'cashier'}
              customerEmail={null}
            />
          </Suspense>
        ) : null}
      </article>
    </div>
  );
}
