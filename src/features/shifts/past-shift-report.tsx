// A past shift from another till, reopened from shift history. The server keeps its float, expected and
// counted cash, who counted and the closing note, but its takings, tenders and tax are in the ledger of the
// till that recorded it; so this is the short form of its Z report, printable on the roll like the full one
// (on this device's receipt printer too, issue 19).
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../domain/money-text';
import { reportHeading } from '../../domain/shift-report-sections';
import { formatWhen } from '../../lib/format-when';
import { screenLocale } from '../../lib/i18n/intl';
import { Button } from '../../ui/button';
import { useShopTimeZone } from '../../ui/when';
import { cashDifferenceWords } from './cash-difference';
import { focusOnMount, ReportActions, ReportRow } from './shift-report-view';
import type { HistoryRow } from './shift-history';
import type { ShiftPrinter, ShiftReportWords } from './shifts-deps';

/** The short report's rows and note in a language: the screen's, or the shop's on paper (issue 35). */
function pastShiftWords(row: HistoryRow, currency: string, zone: string | undefined): ShiftReportWords {
  return (i18n: I18n, locale: string) => {
    const when = (iso: string) => formatWhen(iso, zone, 'dateTime', locale);
    const money = (amount: number | null) => (amount === null ? '—' : formatMoney(amount, currency, locale));
    const rows: [string, string][] = [
      [i18n._(msg`Till`), row.terminal_code ?? '—'],
      [i18n._(msg`Cashier`), row.cashier_name ?? '—'],
      [i18n._(msg`Opened`), when(row.opened_at)],
      [i18n._(msg`Closed`), row.closed_at === null ? i18n._(msg`open`) : when(row.closed_at)],
      [i18n._(msg`Counted by`), row.closed_by_name ?? '—'],
      [i18n._(msg`Opening float`), money(row.opening_float)],
      [i18n._(msg`Expected in drawer`), money(row.expected_cash)],
      [i18n._(msg`Counted`), money(row.counted_cash)],
    ];
    if (row.counted_cash !== null && row.expected_cash !== null) {
      const words = cashDifferenceWords(row.counted_cash, row.expected_cash, currency, i18n, locale);
      rows.push([i18n._(msg`Difference`), words]);
    }
    if (row.note !== null) rows.push([i18n._(msg`Closing note`), row.note]);
    const till = row.terminal_code;
    const note =
      till === null
        ? i18n._(msg`Takings, tenders and tax of this shift are on the full report of the till.`)
        : i18n._(msg`Takings, tenders and tax of this shift are on the full report of ${till}.`);
    return { details: rows.map(([label, value]) => ({ label, value })), note };
  };
}

export function PastShiftReport({
  row,
  currency,
  printer,
  onDone,
}: {
  row: HistoryRow;
  currency: string;
  printer: ShiftPrinter | undefined;
  onDone: () => void;
}) {
  const { i18n } = useLingui();
  const words = pastShiftWords(row, currency, useShopTimeZone());
  const { details, note } = words(i18n, screenLocale());
  const heading = reportHeading('Z', i18n);
  return (
    <section className="shift-report" aria-label={heading}>
      <h2 className="shift-report__title" tabIndex={-1} ref={focusOnMount}>
        {heading}
      </h2>
      <dl className="shift-report__list">
        {details.map(({ label, value }) => (
          <ReportRow key={label} label={label} value={value} />
        ))}
      </dl>
      <p className="shift-report__unsynced" role="note">
        {note}
      </p>
      <ReportActions printer={printer} print={{ kind: 'Z', words, report: null }}>
        <Button variant="ghost" onPress={onDone}>
          <Trans>Done</Trans>
        </Button>
      </ReportActions>
    </section>
  );
}
