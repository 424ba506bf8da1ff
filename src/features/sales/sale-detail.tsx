// One sale whole: its lines, totals and tenders, from the server's copy or — for a sale of this device —
// live from the ledger (its state flips when the sync engine marks it). "Reprint" sends a sale of this
// device to its receipt printer, marked COPY, when one is set (issue 19), and otherwise prints this view;
// refunds are made at the register, which finds the sale by its receipt number.
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useCallback } from 'react';
import { saleWithLines } from '../../data/local/ledger-reads';
import type { LedgerSaleLine } from '../../data/local/ledger-types';
import type { MirrorDb } from '../../data/local/mirror-db';
import { lineUnits } from '../../data/local/sale-history';
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

/**
 * [WORDS-6] This device's copy of a sale, its lines with their products' units from the mirror, so a weighed
 * line reads "1.181 kg" before the server has it (the server's copy carries the unit itself).
 */
async function withUnits<Sale extends { lines: LedgerSaleLine[] }>(
  mirror: MirrorDb,
  sale: Sale | null,
): Promise<(Sale & { lines: (LedgerSaleLine & { unit: string | null })[] }) | null> {
  if (!sale) return null;
  const units = await lineUnits(mirror, sale.lines);
  const lines = sale.lines.map((line) => ({
    ...line,
    unit: line.product_id === null ? null : (units[line.product_id] ?? null),
  }));
  return { ...sale, lines };
}

function lineColumns(money: (amount: number) => string): Column<Line>[] {
  return [
    {
      key: 'item',
      header: t`Item`,
      cell: (line) => (
        <>
          {line.name ?? line.sku ?? t`Item`}
          {/* [MOD-4] Each option under its line, with what it added per unit. */}
          {(line.modifiers ?? []).map((modifier, index) => (
            <span key={index} className="sale-detail__modifier">
              {modifier.name ?? t`Option`}
              {modifier.price_delta !== 0
                ? ` ${modifier.price_delta > 0 ? '+' : ''}${money(modifier.price_delta)}`
                : ''}
            </span>
          ))}
        </>
      ),
    },
    // [WORDS-6] A line sold by measure reads as the receipt does: "1.181 kg", "€1.99/kg".
    { key: 'quantity', header: t`Quantity`, cell: (line) => quantityText(line.quantity, line.unit) },
    {
      key: 'price',
      header: t`Price`,
      cell: (line) => (line.unit_price === null ? '' : unitPriceText(money(line.unit_price), line.unit)),
    },
    { key: 'discount', header: t`Discount`, cell: (line) => (line.discount ? money(line.discount) : '') },
    { key: 'total', header: t`Total`, cell: (line) => money(line.total) },
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

/** "Cash: €5.00, tendered €10.00, change €5.00", "Card (VISA 4242): €12.00". */
function tenderWords(payment: ServerPayment, money: (amount: number) => string): string {
  const method = payment.method === 'cash' ? t`Cash` : payment.method === 'card' ? t`Card` : t`Other`;
  const named = payment.reference ? `${method} (${payment.reference})` : method;
  const amount = money(payment.amount);
  if (payment.tendered === null || !payment.change) return t`${named}: ${amount}`;
  const tendered = money(payment.tendered);
  const change = money(payment.change);
  return t`${named}: ${amount}, tendered ${tendered}, change ${change}`;
}

export function BackToSales({ onBack }: { onBack: () => void }) {
  return (
    <Button variant="ghost" onPress={onBack}>
      <Trans>Back to sales</Trans>
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
  const { t } = useLingui();
  const read = useCallback(
    async () => (row.server ? null : withUnits(deps.mirror, await saleWithLines(deps.ledger, row.id))),
    [deps.ledger, deps.mirror, row.id, row.server],
  );
  const local = readyValue(useLiveQuery(read));
  const lines: Line[] | undefined = row.server?.lines ?? local?.lines;
  const payments: ServerPayment[] | undefined = row.server?.payments ?? local?.payments;
  const state = local ? local.sync : row.state;
  const money = (amount: number) => formatMoney(amount, deps.currency);
  const when = useWhen();
  const refund = row.kind === 'refund';
  const receiptNo = row.receipt_no;
  const unverified = unverifiedParts(row).join(t` and `);
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
          <Trans>Reprint</Trans>
        </Button>
        {deps.role !== 'cashier' && !refund && deps.openRegister ? (
          <Button variant="secondary" onPress={deps.openRegister}>
            <Trans>Refund at the register</Trans>
          </Button>
        ) : null}
      </div>
      <PrintJobStatus state={printing.state} title={t`The copy did not print`} onAgain={printing.again} />
      {deps.role !== 'cashier' && !refund && deps.openRegister ? (
        <p className="sales__hint">
          <Trans>To refund, open Recent sales at the register and find {receiptNo}.</Trans>
        </p>
      ) : null}
      <article className="sale-detail" aria-label={t`Sale ${receiptNo}`}>
        <h2>{refund ? t`Refund ${receiptNo}` : t`Sale ${receiptNo}`}</h2>
        <dl className="sale-detail__facts">
          <dt>
            <Trans>When</Trans>
          </dt>
          <dd>{when(row.occurred_at)}</dd>
          <dt>
            <Trans>Terminal</Trans>
          </dt>
          <dd>{terminalName}</dd>
          <dt>
            <Trans>Cashier</Trans>
          </dt>
          <dd>{cashierName}</dd>
          <dt>
            <Trans>State</Trans>
          </dt>
          <dd>{SYNC_STATE_WORDS[state]}</dd>
        </dl>
        {unverifiedParts(row).length > 0 ? (
          <Alert tone="warning" title={t`Not verified`}>
            <Trans>
              The server could not verify {unverified}: the till did not prove it with a PIN. See Activity for
              what happened at the till.
            </Trans>
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
          <Alert title={t`The server refused this sale`}>{local?.error?.message ?? row.error}</Alert>
        ) : null}
        {lines === undefined ? (
          <p aria-busy="true">
            <Trans>Loading the lines…</Trans>
          </p>
        ) : (
          <DataTable
            label={t`Lines`}
            columns={lineColumns(money)}
            rows={lines}
            rowKey={(line) => line.id}
            empty={null}
          />
        )}
        <dl className="sale-detail__totals">
          <dt>
            <Trans>Subtotal</Trans>
          </dt>
          <dd>{money(row.subtotal)}</dd>
          {row.discount_total ? (
            <>
              <dt>
                <Trans>Discount</Trans>
              </dt>
              <dd>−{money(row.discount_total)}</dd>
            </>
          ) : null}
          <dt>{taxLabel(deps.taxMode)}</dt>
          <dd>{money(row.tax_total)}</dd>
          {row.rounding ? (
            <>
              <dt>
                <Trans>Rounding</Trans>
              </dt>
              <dd>{money(row.rounding)}</dd>
            </>
          ) : null}
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd data-testid="sale-total">{money(row.total)}</dd>
        </dl>
        <h3>{refund ? t`Paid back` : t`Tenders`}</h3>
        <ul className="sale-detail__tenders" aria-label={t`Tenders`}>
          {(payments ?? []).map((payment) => (
            <li key={payment.id}>{tenderWords(payment, money)}</li>
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
