// A manager's report over a date range: net sales by day as a chart, then by cashier and by terminal, each
// exportable as CSV, and how many cashiers and approvals the server could not verify (issue 18). Loaded
// lazily from the overview, so the dashboard's first screen stays light.
import { useState, type SyntheticEvent } from 'react';
// `tNow`: the global `t`, for the helpers outside components (the components use useLingui's).
import { plural, t as tNow } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { Membership } from '../../data/remote/memberships';
import {
  rangeReportQuery,
  type ModifierFigures,
  type PersonFigures,
  type RangeReport as Report,
} from '../../data/remote/reports';
import type { Supabase } from '../../data/remote/supabase-client';
import { addDays, dayIn, daysBetween, isDay } from '../../lib/calendar';
import { downloadFile } from '../../lib/download';
import { formatMoney } from '../../lib/format-money';
import { unanswered } from '../../lib/query-answer';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DataTable, type Column } from '../../ui/data-table';
import { BarChart } from './bar-chart';
import { DayRangeFields } from './day-range-fields';
import { loadedAt, marginWords } from './figures';
import { reportCsv, reportFileName, type ReportTable } from './report-csv';
import { UnverifiedCount } from './unverified-count';

const MAX_DAYS = 367;

/** Why a range cannot be asked for, in words; null when it can. */
export function rangeProblem(from: string, to: string): string | null {
  if (!isDay(from) || !isDay(to)) return tNow`Choose a start and an end date.`;
  if (to < from) return tNow`The end date is before the start date.`;
  if (daysBetween(from, to) > MAX_DAYS)
    return plural(MAX_DAYS, { one: 'Choose at most # day.', other: 'Choose at most # days.' });
  return null;
}

export default function RangeReport({
  membership,
  supabase,
}: {
  membership: Membership;
  supabase: Supabase;
}) {
  const { t } = useLingui();
  const today = dayIn(membership.timeZone);
  const [draft, setDraft] = useState({ from: addDays(today, -6), to: today });
  const [range, setRange] = useState(draft);
  const problem = rangeProblem(draft.from, draft.to);
  const report = useQuery(rangeReportQuery(supabase, membership.companyId, range.from, range.to));

  const loaded = loadedAt(report.dataUpdatedAt, membership.timeZone);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (problem === null) setRange(draft);
  };

  return (
    <section className="range-report" aria-labelledby="range-report-title">
      <h2 id="range-report-title" className="section-title">
        <Trans>Report</Trans>
      </h2>
      <form className="range-report__form" onSubmit={submit} noValidate>
        <DayRangeFields draft={draft} setDraft={setDraft} />
        <Button type="submit" isDisabled={problem !== null}>
          <Trans>Show report</Trans>
        </Button>
      </form>
      {problem ? <p className="field__error">{problem}</p> : null}
      {unanswered(report) && !report.data ? (
        <Alert>
          <Trans>This report needs a connection to the server.</Trans>{' '}
          {report.isError ? report.error.message : t`This device is offline.`}
        </Alert>
      ) : null}
      {unanswered(report) && report.data ? (
        <Alert tone="info">{t`Showing the report as loaded ${loaded}.`}</Alert>
      ) : null}
      {report.isPending && !unanswered(report) ? (
        <p aria-busy="true">
          <Trans>Loading the report…</Trans>
        </p>
      ) : null}
      <UnverifiedCount supabase={supabase} companyId={membership.companyId} from={range.from} to={range.to} />
      {report.data ? <ReportBody report={report.data} currency={membership.currency} /> : null}
    </section>
  );
}

function ReportBody({ report, currency }: { report: Report; currency: string }) {
  const { t } = useLingui();
  const money = (minor: number) => formatMoney(minor, currency);
  const net = money(report.days.reduce((sum, day) => sum + day.netTotal, 0));
  const margin = marginWords(report.margin, currency);
  const { from, to } = report;
  const marginValue = margin.value;
  const marginHint = margin.hint;
  const exportTable = (table: ReportTable) => {
    downloadFile(reportFileName(report, table), reportCsv(report, table, currency), 'text/csv');
  };
  return (
    <>
      <p className="range-report__total">
        <Trans>
          Net sales {from} to {to}: <strong>{net}</strong>
        </Trans>
      </p>
      <p className="range-report__total" aria-label={t`Gross margin`}>
        <Trans>
          Gross margin: <strong>{marginValue}</strong>. {marginHint}
        </Trans>
      </p>
      <div className="panel">
        <BarChart
          title={t`Net sales by day`}
          empty={t`No sales on these days.`}
          bars={report.days.map((day) => ({
            label: day.day.slice(8),
            value: day.netTotal,
            text: money(day.netTotal),
          }))}
        />
        <Button
          variant="secondary"
          onPress={() => {
            exportTable('days');
          }}
        >
          <Trans>Export days as CSV</Trans>
        </Button>
      </div>
      <div className="panel-grid">
        <PeopleTable
          title={t`By cashier`}
          rows={report.cashiers}
          money={money}
          onExport={() => {
            exportTable('cashiers');
          }}
        />
        <PeopleTable
          title={t`By terminal`}
          rows={report.terminals}
          money={money}
          onExport={() => {
            exportTable('terminals');
          }}
        />
      </div>
      <section className="panel" aria-label={t`Modifiers sold`}>
        <h3 className="panel__title">
          <Trans>Modifiers sold</Trans>
        </h3>
        <DataTable
          label={t`Modifiers sold`}
          columns={modifierColumns(money)}
          rows={report.modifiers ?? []}
          rowKey={(row) => row.optionId}
          empty={t`No modifiers sold in this range.`}
        />
        <Button
          variant="secondary"
          onPress={() => {
            exportTable('modifiers');
          }}
        >
          <Trans>Export modifiers as CSV</Trans>
        </Button>
      </section>
    </>
  );
}

/** [MOD-8] Each option sold, net of refunds, and what its price changes added. */
function modifierColumns(money: (minor: number) => string): Column<ModifierFigures>[] {
  return [
    { key: 'group', header: tNow`Group`, cell: (row) => row.group },
    { key: 'option', header: tNow`Option`, cell: (row) => row.option, rowHeader: true },
    { key: 'quantity', header: tNow`Sold`, cell: (row) => row.quantity },
    { key: 'added', header: tNow`Added`, cell: (row) => money(row.deltaTotal) },
  ];
}

function personColumns(money: (minor: number) => string): Column<PersonFigures>[] {
  return [
    { key: 'name', header: tNow`Name`, cell: (row) => row.name, rowHeader: true },
    { key: 'sales', header: tNow`Sales`, cell: (row) => row.salesCount },
    { key: 'refunds', header: tNow`Refunds`, cell: (row) => row.refundsCount },
    { key: 'net', header: tNow`Net`, cell: (row) => money(row.netTotal) },
  ];
}

function PeopleTable({
  title,
  rows,
  money,
  onExport,
}: {
  title: string;
  rows: readonly PersonFigures[];
  money: (minor: number) => string;
  onExport: () => void;
}) {
  const { t } = useLingui();
  return (
    <section className="panel" aria-label={title}>
      <h3 className="panel__title">{title}</h3>
      <DataTable
        label={title}
        columns={personColumns(money)}
        rows={rows}
        rowKey={(row) => row.id ?? row.name}
        empty={t`No sales in this range.`}
      />
      <Button variant="secondary" onPress={onExport}>
        <Trans>Export as CSV</Trans>
      </Button>
    </section>
  );
}
