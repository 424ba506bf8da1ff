// One account's statement ([VAL-33]): the balance before the days chosen, each entry with the balance after
// it, the balance at the end and, for an account on credit, how old what is owed is. Printable (the
// browser's print of this panel) and exportable as CSV. Each entry says who made it, and blocks and unblocks
// are listed with who and why ([VAL-A1], [VAL-A2]); managers and owners correct the account from here
// ([VAL-T60]) when the screen's deps carry the `adjust` port.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Statement, StatementEntry, StatusChange } from '../../../data/remote/value-reports';
import { addDays, dayIn } from '../../../lib/calendar';
import { formatWhen } from '../../../lib/format-when';
import { formatMoney } from '../../../lib/format-money';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { ExportCsvButton } from '../../../ui/export-csv-button';
import { DataTable, type Column } from '../../../ui/data-table';
import { DayRangeForm } from '../day-range-fields';
import { rangeProblem } from '../range-report';
import type { CustomerValueDeps } from './customer-value-deps';
import { useAmount } from './use-amount';
import { useReport } from './use-report';
import { useValueAdjust } from './use-value-adjust';
import type { AdjustChoice } from './value-adjust-dialog';
import { statementCsv } from './value-csv';
import { entryKindWords } from './value-words';

export function StatementPanel({
  deps,
  accountId,
  title,
  onClose,
}: {
  deps: CustomerValueDeps;
  accountId: string;
  title: string;
  onClose: () => void;
}) {
  const today = dayIn(deps.timeZone);
  const [draft, setDraft] = useState({ from: addDays(today, -89), to: today });
  const [range, setRange] = useState(draft);
  const problem = rangeProblem(draft.from, draft.to);
  const state = useReport(
    () => deps.reports.statement(accountId, range.from, range.to),
    `${accountId}:${range.from}:${range.to}`,
  );
  return (
    <section className="customer-value__statement card" aria-label={title}>
      <h2 className="card__title">{title}</h2>
      <DayRangeForm
        className="customer-value__range customer-value__no-print"
        draft={draft}
        setDraft={setDraft}
        problem={problem}
        onShow={setRange}
      />
      {problem ? <Alert>{problem}</Alert> : null}
      {state === null ? (
        <p>
          <Trans>Loading…</Trans>
        </p>
      ) : 'problem' in state ? (
        <Alert>{state.problem}</Alert>
      ) : (
        <StatementBody deps={deps} statement={state.rows} from={range.from} to={range.to} />
      )}
      {deps.adjust ? <StatementActions deps={deps} accountId={accountId} title={title} /> : null}
      <div className="customer-value__actions customer-value__no-print">
        {state !== null && 'rows' in state ? (
          <>
            <Button variant="secondary" onPress={deps.print}>
              <Trans>Print</Trans>
            </Button>
            <ExportCsvButton
              download={deps.download}
              fileName={`tillpoint-statement-${range.from}-to-${range.to}.csv`}
              csv={() => statementCsv(state.rows, deps.currency)}
            />
          </>
        ) : null}
        <Button variant="secondary" onPress={onClose}>
          <Trans>Close</Trans>
        </Button>
      </div>
    </section>
  );
}

function StatementBody({
  deps,
  statement,
  from,
  to,
}: {
  deps: CustomerValueDeps;
  statement: Statement;
  from: string;
  to: string;
}) {
  const { t } = useLingui();
  const amount = useAmount(deps.currency);
  const kind = statement.account.kind;
  const opening = amount(kind, statement.opening);
  const closing = amount(kind, statement.closing);
  const columns: Column<StatementEntry>[] = [
    {
      key: 'when',
      header: t`When`,
      rowHeader: true,
      cell: (entry) => formatWhen(entry.occurredAt, deps.timeZone),
    },
    {
      key: 'what',
      header: t`What`,
      cell: (entry) => {
        const words = entryKindWords[entry.kind];
        return words ? t(words) : entry.kind;
      },
    },
    { key: 'amount', header: t`Amount`, align: 'end', cell: (entry) => amount(kind, entry.delta) },
    { key: 'balance', header: t`Balance`, align: 'end', cell: (entry) => amount(kind, entry.balanceAfter) },
    { key: 'receipt', header: t`Receipt`, minor: true, cell: (entry) => entry.receiptNo ?? '' },
    { key: 'reason', header: t`Reason`, minor: true, cell: (entry) => entry.reason ?? '' },
    { key: 'by', header: t`By`, minor: true, cell: (entry) => entry.by ?? '' },
  ];
  const ageing = statement.ageing;
  const changes = statement.statusChanges ?? [];
  return (
    <>
      <p>
        <Trans>
          Balance on {from}: {opening}
        </Trans>
      </p>
      <DataTable
        columns={columns}
        rows={statement.entries}
        rowKey={(entry) => entry.id}
        label={t`Statement entries`}
        empty={t`Nothing moved on this account in these days.`}
      />
      {changes.length > 0 ? (
        <div className="customer-value__changes">
          <h3 className="customer-value__subtitle">
            <Trans>Blocked and unblocked</Trans>
          </h3>
          <ul>
            {changes.map((change) => (
              <li key={change.id}>
                <StatusChangeLine change={change} timeZone={deps.timeZone} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="customer-value__closing">
        <Trans>
          Balance on {to}: {closing}
        </Trans>
      </p>
      {ageing ? (
        <p>
          {(() => {
            const current = formatMoney(ageing.current, deps.currency);
            const d31 = formatMoney(ageing.days31to60, deps.currency);
            const d61 = formatMoney(ageing.days61to90, deps.currency);
            const d90 = formatMoney(ageing.over90, deps.currency);
            return (
              <Trans>
                Owed by age: 0–30 days {current}, 31–60 days {d31}, 61–90 days {d61}, over 90 days {d90}
              </Trans>
            );
          })()}
        </p>
      ) : null}
    </>
  );
}

/** [VAL-A2] One block or unblock, with who, when and why. */
function StatusChangeLine({ change, timeZone }: { change: StatusChange; timeZone: string }) {
  const { t } = useLingui();
  const when = formatWhen(change.occurredAt, timeZone);
  const by = change.by ?? t`someone`;
  const reason = change.reason ?? '';
  return change.to === 'blocked' ? (
    <Trans>
      {when}: blocked by {by}. Reason: {reason}
    </Trans>
  ) : (
    <Trans>
      {when}: unblocked by {by}. Reason: {reason}
    </Trans>
  );
}

/**
 * [VAL-T60] Adjust, block or unblock, and void the account, from its balance and status now (today's
 * statement, whatever days the panel shows). Nothing once it is void.
 */
function StatementActions({
  deps,
  accountId,
  title,
}: {
  deps: CustomerValueDeps;
  accountId: string;
  title: string;
}) {
  const { t } = useLingui();
  const today = dayIn(deps.timeZone);
  const now = useReport(() => deps.reports.statement(accountId, today, today), `${accountId}:now`);
  const adjusting = useValueAdjust(deps);
  const start = adjusting.start;
  if (start === null || now === null || 'problem' in now) return null;
  const { account, closing } = now.rows;
  const status = account.status ?? 'active';
  const open = (initial: AdjustChoice) => {
    start({ id: account.id, kind: account.kind, title, status, balance: closing }, initial);
  };
  return (
    <div className="customer-value__no-print">
      {adjusting.notice}
      {adjusting.dialog}
      {status === 'void' ? (
        <p>
          <Trans>This account is void: nothing more can change on it.</Trans>
        </p>
      ) : (
        <div className="customer-value__actions" role="group" aria-label={t`Correction: ${title}`}>
          <Button
            variant="secondary"
            onPress={() => {
              open('add');
            }}
          >
            <Trans>Adjust</Trans>
          </Button>
          <Button
            variant="secondary"
            onPress={() => {
              open(status === 'blocked' ? 'unblock' : 'block');
            }}
          >
            {status === 'blocked' ? <Trans>Unblock</Trans> : <Trans>Block</Trans>}
          </Button>
          <Button
            variant="danger"
            onPress={() => {
              open('void');
            }}
          >
            <Trans context="an action: void a gift card or account">Void</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}
