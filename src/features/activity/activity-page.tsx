// The activity log (issue 18): what happened at the shop's tills — switches, locks, wrong PINs, approvals,
// 'No sale', removed lines — filtered by till, person, kind and date, a page at a time, with what the server
// could not verify flagged. Managers and owners only (the server's RLS says so too). Needs a connection.
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ACTIVITY_KINDS,
  activityQuery,
  type ActivityEvent,
  type ReadActivity,
} from '../../data/remote/activity';
import { FIRST_PAGE } from '../../data/remote/stock-movements';
import { Alert } from '../../ui/alert';
import { DataTable, type Column } from '../../ui/data-table';
import { DayField } from '../../ui/day-field';
import { SelectField } from '../../ui/select-field';
import { ServerPager } from '../../ui/server-pager';
import { useShopTimeZone, useWhen } from '../../ui/when';
import {
  activityFilter,
  compactSearch,
  type ActivitySearch,
  type ActivitySearchPatch,
} from './activity-search';
import { formatMoney } from '../../domain/money-text';
import { describeActivity, eventPersonId, KIND_WORDS, word, type ActivityReader } from './activity-words';
import './activity.css';

const PAGE_SIZE = FIRST_PAGE.size;

export interface NameOption {
  value: string;
  label: string;
}

export function ActivityPage({
  companyId,
  read,
  tills,
  people,
  currency,
  search,
  onSearch,
}: {
  companyId: string;
  /** The shop's currency, for amounts in the log's sentences. */
  currency: string;
  read: ReadActivity;
  tills: NameOption[];
  people: NameOption[];
  search: ActivitySearch;
  onSearch: (search: ActivitySearch) => void;
}) {
  const { t } = useLingui();
  const page = search.page ?? 1;
  const zone = useShopTimeZone();
  const log = useQuery({
    ...activityQuery(companyId, read, activityFilter(search, zone), {
      offset: (page - 1) * PAGE_SIZE,
      size: PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });
  const when = useWhen();
  const nameIn = (options: NameOption[], id: string | null, none: string) =>
    id === null ? none : (options.find((option) => option.value === id)?.label ?? t`Unknown`);
  // [WORDS-5] A wrong PIN names the person it was tried for; an event about nobody (shared mode, what the
  // server found) shows a dash, never "Nobody named".
  const reader: ActivityReader = {
    nameOf: (id) => people.find((option) => option.value === id)?.label ?? null,
    money: (minor) => formatMoney(minor, currency),
  };
  const personName = (event: ActivityEvent) => {
    const id = eventPersonId(event);
    return id === null ? '—' : (reader.nameOf(id) ?? word(event.detail.name) ?? t`Unknown`);
  };
  // Any filter change starts again at the first page.
  const set = (patch: ActivitySearchPatch) => {
    onSearch(compactSearch({ ...search, ...patch, page: undefined }));
  };

  const columns: Column<ActivityEvent>[] = [
    { key: 'when', header: t`When`, cell: (row) => when(row.occurredAt), rowHeader: true },
    { key: 'till', header: t`Till`, cell: (row) => nameIn(tills, row.terminalId, '—') },
    { key: 'person', header: t`Person`, cell: personName },
    { key: 'kind', header: t`What`, cell: (row) => t(KIND_WORDS[row.kind]) },
    { key: 'detail', header: t`Detail`, cell: (row) => describeActivity(row, reader) },
    {
      key: 'verified',
      header: t`Verified`,
      cell: (row) =>
        row.verified ? (
          t`Yes`
        ) : (
          <strong className="activity__flag" title={t`The server could not verify who this was`}>
            <Trans>Unverified</Trans>
          </strong>
        ),
    },
  ];

  return (
    <div className="activity">
      <div className="activity__filters" role="group" aria-label={t`Filter activity`}>
        <SelectField
          label={t`Till`}
          name="till"
          value={search.till ?? ''}
          onChange={(till) => {
            set({ till });
          }}
          options={[{ value: '', label: t`Any till` }, ...tills]}
        />
        <SelectField
          label={t`Person`}
          name="person"
          value={search.person ?? ''}
          onChange={(person) => {
            set({ person });
          }}
          options={[{ value: '', label: t`Anyone` }, ...people]}
        />
        <SelectField
          label={t`Kind`}
          name="kind"
          value={search.kind ?? ''}
          onChange={(kind) => {
            set({ kind: ACTIVITY_KINDS.find((value) => value === kind) });
          }}
          options={[
            { value: '', label: t`Everything` },
            ...ACTIVITY_KINDS.map((kind) => ({ value: kind, label: t(KIND_WORDS[kind]) })),
          ]}
        />
        <DayField
          label={t`From`}
          value={search.from ?? ''}
          onChange={(from) => {
            set({ from });
          }}
        />
        <DayField
          label={t`To`}
          value={search.to ?? ''}
          onChange={(to) => {
            set({ to });
          }}
        />
        <label className="activity__check">
          <input
            type="checkbox"
            checked={search.unverified === true}
            onChange={(event) => {
              set({ unverified: event.target.checked ? true : undefined });
            }}
          />{' '}
          <Trans>Only unverified</Trans>
        </label>
      </div>
      {log.isError ? (
        <Alert>
          <Trans>The activity log is kept on the server and needs a connection.</Trans> {log.error.message}
        </Alert>
      ) : null}
      {log.isPending ? (
        <p aria-busy="true">
          <Trans>Loading the activity log…</Trans>
        </p>
      ) : null}
      {log.data ? (
        <>
          <DataTable
            label={t`Activity`}
            columns={columns}
            rows={log.data.rows}
            rowKey={(row) => row.id}
            rowClassName={(row) => (row.verified ? undefined : 'activity__row--unverified')}
            empty={t`Nothing matches.`}
          />
          <ServerPager
            total={log.data.total}
            offset={(page - 1) * PAGE_SIZE}
            pageSize={PAGE_SIZE}
            onOffset={(offset) => {
              const next = Math.floor(offset / PAGE_SIZE) + 1;
              onSearch(compactSearch({ ...search, page: next > 1 ? next : undefined }));
            }}
          />
        </>
      ) : null}
    </div>
  );
}
