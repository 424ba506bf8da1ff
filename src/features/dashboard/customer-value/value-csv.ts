// The customer-value reports as CSV (the shared writer escapes formulas, [CSV-1]): money as plain decimals
// so a spreadsheet adds them up, points as whole numbers, headers in the exporting person's language.
import { t } from '@lingui/core/macro';
import type { ActivityRow, LiabilityRow, ReceivableRow, Statement } from '../../../data/remote/value-reports';
import { toCsv } from '../../../lib/csv';
import { moneyCell } from '../report-csv';
import { accountKindWords, entryKindWords } from './value-words';

/** An amount of an account of this kind: points stay whole numbers. */
function amountCell(kind: string, amount: number, currency: string): string | number {
  return kind === 'loyalty' ? amount : moneyCell(amount, currency);
}

export function liabilityCsv(rows: readonly LiabilityRow[], currency: string): string {
  return toCsv(
    [t`Kind`, t`Accounts`, t`Balance`, t`Value`],
    rows.map((row) => [
      t(accountKindWords[row.kind]),
      row.accounts,
      amountCell(row.kind, row.balanceTotal, currency),
      moneyCell(row.moneyTotal, currency),
    ]),
  );
}

export function receivablesCsv(rows: readonly ReceivableRow[], currency: string): string {
  return toCsv(
    [t`Customer`, t`Owed`, t`Credit limit`, t`0–30 days`, t`31–60 days`, t`61–90 days`, t`Over 90 days`],
    rows.map((row) => [
      row.name,
      moneyCell(row.owed, currency),
      moneyCell(row.creditLimit, currency),
      moneyCell(row.current, currency),
      moneyCell(row.days31to60, currency),
      moneyCell(row.days61to90, currency),
      moneyCell(row.over90, currency),
    ]),
  );
}

export function activityCsv(rows: readonly ActivityRow[], currency: string): string {
  return toCsv(
    [
      t`Day`,
      t`Kind`,
      t`Sold`,
      t`Topped up`,
      t`Spent`,
      t`Charged`,
      t`Refunded`,
      t`Sale refunded`,
      t`Earned`,
      t`Taken back`,
      t`Paid`,
      t`Adjusted`,
    ],
    rows.map((row) => {
      const cell = (amount: number) => amountCell(row.accountKind, amount, currency);
      return [
        row.day,
        t(accountKindWords[row.accountKind]),
        cell(row.issued),
        cell(row.loaded),
        cell(row.redeemed),
        cell(row.charged),
        cell(row.refunded),
        cell(row.unissued),
        cell(row.earned),
        cell(row.unearned),
        cell(row.paid),
        cell(row.adjusted),
      ];
    }),
  );
}

/** An entry's kind in words; a kind this version does not know, as the server wrote it. */
function entryKindText(kind: string): string {
  const words = entryKindWords[kind];
  return words ? t(words) : kind;
}

export function statementCsv(statement: Statement, currency: string): string {
  const cell = (amount: number) => amountCell(statement.account.kind, amount, currency);
  return toCsv(
    [t`When`, t`What`, t`Amount`, t`Balance`, t`Receipt`, t`Reason`, t`By`],
    [
      ['', t`Opening balance`, '', cell(statement.opening), '', '', ''],
      ...statement.entries.map((entry) => [
        entry.occurredAt,
        entryKindText(entry.kind),
        cell(entry.delta),
        cell(entry.balanceAfter),
        entry.receiptNo ?? '',
        entry.reason ?? '',
        entry.by ?? '',
      ]),
      ['', t`Closing balance`, '', cell(statement.closing), '', '', ''],
    ],
  );
}
