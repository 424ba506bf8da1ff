// Reports → customer value (issue 37, [VAL-33]): what the shop owes on gift cards, store credit and points,
// what customers owe on account and how old it is, what moved day by day, and one account's statement —
// each exportable as CSV, the statement printable. Managers and owners only: the route keeps cashiers out
// and the server refuses them too.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ActivityRow, LiabilityRow, ReceivableRow } from '../../../data/remote/value-reports';
import { addDays, dayIn } from '../../../lib/calendar';
import { formatMoney } from '../../../lib/format-money';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { ExportCsvButton } from '../../../ui/export-csv-button';
import { DataTable, type Column } from '../../../ui/data-table';
import { Card } from '../../../ui/layout';
import { DayRangeForm } from '../day-range-fields';
import { rangeProblem } from '../range-report';
import type { CustomerValueDeps } from './customer-value-deps';
import { StatementPanel } from './statement-panel';
import { GiftCardsCard } from './gift-cards-card';
import { ReportBody } from './report-body';
import { useReport } from './use-report';
import { activityCsv, liabilityCsv, receivablesCsv } from './value-csv';
import { accountKindWords } from './value-words';
import { useAmount } from './use-amount';
import './customer-value.css';

// Kept here too for the screens that import it from the page (the Customers page's panel).
export { useAmount } from './use-amount';

export function CustomerValuePage({ deps }: { deps: CustomerValueDeps }) {
  const { t } = useLingui();
  const [statementOf, setStatementOf] = useState<{ id: string; title: string } | null>(null);
  const liability = useReport(deps.reports.liability, 'liability');
  const receivables = useReport(deps.reports.receivables, 'receivables');
  const amount = useAmount(deps.currency);
  const money = (minor: number) => formatMoney(minor, deps.currency);

  const liabilityColumns: Column<LiabilityRow>[] = [
    { key: 'kind', header: t`Kind`, rowHeader: true, cell: (row) => t(accountKindWords[row.kind]) },
    { key: 'accounts', header: t`Accounts`, align: 'end', cell: (row) => row.accounts },
    { key: 'balance', header: t`Balance`, align: 'end', cell: (row) => amount(row.kind, row.balanceTotal) },
    {
      key: 'negative',
      header: t`Overdrawn`,
      align: 'end',
      minor: true,
      cell: (row) => amount(row.kind, row.negativeTotal),
    },
    { key: 'value', header: t`Value`, align: 'end', cell: (row) => money(row.moneyTotal) },
  ];
  const receivableColumns: Column<ReceivableRow>[] = [
    { key: 'name', header: t`Customer`, rowHeader: true, cell: (row) => row.name },
    { key: 'owed', header: t`Owed`, align: 'end', cell: (row) => money(row.owed) },
    {
      key: 'limit',
      header: t`Credit limit`,
      align: 'end',
      minor: true,
      cell: (row) => money(row.creditLimit),
    },
    { key: 'current', header: t`0–30 days`, align: 'end', cell: (row) => money(row.current) },
    { key: 'd31', header: t`31–60 days`, align: 'end', cell: (row) => money(row.days31to60) },
    { key: 'd61', header: t`61–90 days`, align: 'end', cell: (row) => money(row.days61to90) },
    { key: 'd90', header: t`Over 90 days`, align: 'end', cell: (row) => money(row.over90) },
    {
      key: 'statement',
      header: t`Statement`,
      label: t`Statement`,
      cell: (row) => {
        const name = row.name;
        return (
          <Button
            variant="secondary"
            aria-label={t`Statement of ${name}`}
            onPress={() => {
              setStatementOf({ id: row.accountId, title: t`${name}: on account` });
            }}
          >
            <Trans>Statement</Trans>
          </Button>
        );
      },
    },
  ];

  return (
    <div className="customer-value">
      <Card title={t`What the shop owes`} className="customer-value__card">
        <p className="customer-value__note">
          <Trans>Gift cards, store credit and points not spent yet, as the server holds them now.</Trans>
        </p>
        <ReportBody state={liability}>
          {(rows) => (
            <>
              <DataTable
                columns={liabilityColumns}
                rows={rows}
                rowKey={(row) => row.kind}
                label={t`What the shop owes`}
                empty={t`Nothing is owed on gift cards, store credit or points.`}
              />
              <ExportCsvButton
                download={deps.download}
                fileName="tillpoint-customer-value-liability.csv"
                csv={() => liabilityCsv(rows, deps.currency)}
              />
            </>
          )}
        </ReportBody>
      </Card>
      <Card title={t`What customers owe on account`} className="customer-value__card">
        <ReceivablesNote />
        <ReportBody state={receivables}>
          {(rows) => (
            <>
              <DataTable
                columns={receivableColumns}
                rows={rows}
                rowKey={(row) => row.customerId}
                label={t`What customers owe on account`}
                empty={t`No customer has an account on credit yet.`}
              />
              {rows.length > 0 ? (
                <ExportCsvButton
                  download={deps.download}
                  fileName="tillpoint-customer-value-receivables.csv"
                  csv={() => receivablesCsv(rows, deps.currency)}
                />
              ) : null}
            </>
          )}
        </ReportBody>
      </Card>
      {statementOf ? (
        <StatementPanel
          key={statementOf.id}
          deps={deps}
          accountId={statementOf.id}
          title={statementOf.title}
          onClose={() => {
            setStatementOf(null);
          }}
        />
      ) : null}
      <GiftCardsCard deps={deps} onStatement={setStatementOf} />
      <ActivityCard deps={deps} />
    </div>
  );
}

function ReceivablesNote() {
  return (
    <p className="customer-value__note">
      <Trans>Payments settle the oldest charges first; what is left is aged by the day it was charged.</Trans>
    </p>
  );
}

function ActivityCard({ deps }: { deps: CustomerValueDeps }) {
  const { t } = useLingui();
  const today = dayIn(deps.timeZone);
  const [draft, setDraft] = useState({ from: addDays(today, -29), to: today });
  const [range, setRange] = useState(draft);
  const problem = rangeProblem(draft.from, draft.to);
  const activity = useReport(() => deps.reports.activity(range.from, range.to), `${range.from}:${range.to}`);
  const amount = useAmount(deps.currency);
  const cell = (pick: (row: ActivityRow) => number) => (row: ActivityRow) =>
    amount(row.accountKind, pick(row));
  const columns: Column<ActivityRow>[] = [
    { key: 'day', header: t`Day`, rowHeader: true, cell: (row) => row.day },
    { key: 'kind', header: t`Kind`, cell: (row) => t(accountKindWords[row.accountKind]) },
    { key: 'issued', header: t`Sold`, align: 'end', cell: cell((row) => row.issued + row.loaded) },
    { key: 'redeemed', header: t`Spent`, align: 'end', cell: cell((row) => row.redeemed + row.charged) },
    { key: 'refunded', header: t`Refunded`, align: 'end', minor: true, cell: cell((row) => row.refunded) },
    {
      key: 'earned',
      header: t`Earned`,
      align: 'end',
      minor: true,
      cell: cell((row) => row.earned - row.unearned),
    },
    { key: 'paid', header: t`Paid`, align: 'end', minor: true, cell: cell((row) => row.paid) },
    { key: 'adjusted', header: t`Adjusted`, align: 'end', minor: true, cell: cell((row) => row.adjusted) },
  ];
  return (
    <Card title={t`Issued and spent by day`} className="customer-value__card">
      <DayRangeForm
        className="customer-value__range"
        draft={draft}
        setDraft={setDraft}
        problem={problem}
        onShow={setRange}
      />
      {problem ? <Alert>{problem}</Alert> : null}
      <ReportBody state={activity}>
        {(rows) => (
          <>
            <DataTable
              columns={columns}
              rows={rows}
              rowKey={(row) => `${row.day}:${row.accountKind}`}
              label={t`Issued and spent by day`}
              empty={t`No gift card, credit, points or account moved in these days.`}
            />
            {rows.length > 0 ? (
              <ExportCsvButton
                download={deps.download}
                fileName={`tillpoint-customer-value-${range.from}-to-${range.to}.csv`}
                csv={() => activityCsv(rows, deps.currency)}
              />
            ) : null}
          </>
        )}
      </ReportBody>
    </Card>
  );
}
