// An X or Z report laid out like a receipt, and printable on the till's roll (shifts.css hides the rest of
// the page while printing). It says plainly which of its figures have not reached the server yet.
import { formatMoney } from '../../domain/money-text';
import type { LedgerShiftReport, PendingShiftOps } from '../../domain/shift-ledger-report';
import { Button } from '../../ui/button';

const methodNames = { cash: 'Cash', card: 'Card', other: 'Other' } as const;

function pendingText(pending: PendingShiftOps): string | null {
  if (pending.total === 0) return null;
  const parts = [
    [pending.sales, 'sale', 'sales'],
    [pending.refunds, 'refund', 'refunds'],
    [pending.cashMoves, 'pay-in/out', 'pay-ins/outs'],
    [pending.shift, 'shift opening/closing', 'shift opening and closing'],
  ] as const;
  const listed = parts
    .filter(([count]) => count > 0)
    .map(([count, one, many]) => `${count} ${count === 1 ? one : many}`)
    .join(', ');
  return `Not synced yet: ${pending.total} of this shift's operations are only on this device (${listed}). The server's figures will match once they sync.`;
}

export function printShiftReport() {
  document.body.classList.add('printing-shift-report');
  const done = () => {
    document.body.classList.remove('printing-shift-report');
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}

export function ShiftReportView({
  report,
  currency,
  heading,
  details,
  focusOnShow = false,
}: {
  report: LedgerShiftReport;
  currency: string;
  heading: string;
  details: { label: string; value: string }[];
  /** Moves focus (and so the view) to the report when it appears, e.g. reopened from shift history below. */
  focusOnShow?: boolean;
}) {
  const money = (amount: number) => formatMoney(amount, currency);
  const pending = pendingText(report.pending);
  const rows: [string, string][] = [
    [`Sales (${report.salesCount})`, money(report.sales)],
    [`Refunds (${report.refundsCount})`, money(-report.refunds)],
    ['Net', money(report.net)],
    ['Discounts given', money(report.discounts)],
  ];
  if (report.rounding !== 0) rows.push(['Cash rounding', money(report.rounding)]);
  const cash = report.cash;
  const cashRows: [string, string][] = [
    ['Opening float', money(cash.openingFloat)],
    ['Cash sales', money(cash.cashTendered - cash.changeGiven)],
    ['Cash refunds', money(-cash.cashRefunds)],
    ['Pay-ins', money(cash.payIns)],
    ['Pay-outs', money(-cash.payOuts)],
    ['Expected in drawer', money(cash.expected)],
  ];
  if (cash.counted !== undefined) cashRows.push(['Counted', money(cash.counted)]);
  if (cash.difference) {
    const { difference, status } = cash.difference;
    const word = status === 'even' ? 'Even' : status === 'over' ? 'Over' : 'Short';
    cashRows.push([word, money(Math.abs(difference))]);
  }

  return (
    <section className="shift-report" aria-label={heading}>
      <h2 className="shift-report__title" tabIndex={-1} ref={focusOnShow ? focusOnMount : undefined}>
        {heading}
      </h2>
      <dl className="shift-report__list">
        {details.map((detail) => (
          <ReportRow key={detail.label} label={detail.label} value={detail.value} />
        ))}
      </dl>
      {pending ? (
        <p className="shift-report__unsynced" role="note">
          {pending}
        </p>
      ) : null}
      <h3 className="shift-report__section">Takings</h3>
      <dl className="shift-report__list">
        {rows.map(([label, value]) => (
          <ReportRow key={label} label={label} value={value} />
        ))}
      </dl>
      <h3 className="shift-report__section">Tenders</h3>
      <dl className="shift-report__list">
        {report.tenders.length === 0 ? <ReportRow label="No payments" value="" /> : null}
        {report.tenders.map((tender) => (
          <ReportRow key={tender.method} label={methodNames[tender.method]} value={money(tender.net)} />
        ))}
      </dl>
      <h3 className="shift-report__section">Tax</h3>
      <dl className="shift-report__list">
        {report.taxByRate.length === 0 ? <ReportRow label="No tax" value="" /> : null}
        {report.taxByRate.map((row) => (
          <ReportRow
            key={row.rate}
            label={`${(row.rate / 100).toFixed(2)} % on ${money(row.net)}`}
            value={money(row.tax)}
          />
        ))}
      </dl>
      <h3 className="shift-report__section">Cash</h3>
      <dl className="shift-report__list">
        {cashRows.map(([label, value]) => (
          <ReportRow key={label} label={label} value={value} />
        ))}
      </dl>
      <div className="shift-report__actions">
        <Button variant="secondary" onPress={printShiftReport}>
          Print report
        </Button>
      </div>
    </section>
  );
}

/** A ref callback that focuses its element once it is in the page. */
export function focusOnMount(element: HTMLElement | null) {
  element?.focus();
}

export function ReportRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="shift-report__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
