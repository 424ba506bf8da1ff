// An X or Z report laid out like a receipt, and printable on the till's roll: through this device's receipt
// printer when one is set (issue 19), otherwise through the browser (shifts.css hides the rest of the page
// while printing). It says plainly which of its figures have not reached the server yet.
import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, type ReactNode } from 'react';
import { formatMoney } from '../../domain/money-text';
import type { LedgerShiftReport } from '../../domain/shift-ledger-report';
import { pendingText, reportHeading, shiftReportSections } from '../../domain/shift-report-sections';
import { screenLocale } from '../../lib/i18n/intl';
import { Button } from '../../ui/button';
import { PrintJobStatus, usePrintJob } from '../../ui/print-job';
import type { PrintableShiftReport, ShiftPrinter, ShiftReportWords } from './shifts-deps';

export function printShiftReport() {
  document.body.classList.add('printing-shift-report');
  const done = () => {
    document.body.classList.remove('printing-shift-report');
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}

/**
 * 'Print report': to the till's printer when this device has one, with what went wrong and 'Print again'
 * when it did not print; otherwise the browser's print dialog. The children are the report's other actions.
 */
export function ReportActions({
  printer,
  print,
  children,
}: {
  printer: ShiftPrinter | undefined;
  print: PrintableShiftReport;
  children?: ReactNode;
}) {
  const job = usePrintJob();
  const { t, i18n } = useLingui();
  const heading = reportHeading(print.kind, i18n);
  return (
    <>
      <div className="shift-report__actions">
        <Button
          variant="secondary"
          onPress={() => {
            if (printer?.isSet()) void job.start(() => printer.printReport(print), true);
            else printShiftReport();
          }}
        >
          <Trans>Print report</Trans>
        </Button>
        {children}
      </div>
      <PrintJobStatus state={job.state} title={t`The ${heading} did not print`} onAgain={job.again} />
    </>
  );
}

export function ShiftReportView({
  report,
  currency,
  kind,
  words,
  printer,
  focusOnShow = false,
}: {
  report: LedgerShiftReport;
  currency: string;
  kind: 'X' | 'Z';
  /** The details above the figures, said here in the screen's language; printed in the shop's. */
  words: ShiftReportWords;
  printer?: ShiftPrinter | undefined;
  /** Moves focus (and so the view) to the report when it appears, e.g. reopened from shift history below. */
  focusOnShow?: boolean;
}) {
  const { i18n } = useLingui();
  const money = (amount: number) => formatMoney(amount, currency);
  const pending = pendingText(report.pending, i18n);
  const sections = shiftReportSections(report, money, i18n);
  const heading = reportHeading(kind, i18n);
  const { details } = words(i18n, screenLocale());

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
      {sections.map((section) => (
        <Fragment key={section.title}>
          <h3 className="shift-report__section">{section.title}</h3>
          <dl className="shift-report__list">
            {section.rows.map(([label, value]) => (
              <ReportRow key={label} label={label} value={value} />
            ))}
          </dl>
        </Fragment>
      ))}
      <ReportActions printer={printer} print={{ kind, words, report }} />
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
