// [FLAGUI-2] The Flags list in Activity (issue 33): every difference the server found when it re-derived what a
// till claimed — its kind, the sale's receipt number (a link to the sale), the till, when, and what differs in
// words — newest first, filtered by kind and by the day it was flagged from. Managers and owners only (the
// route never shows it to a cashier, and the server refuses them). Needs a connection, and says so.
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FLAG_KINDS, flagsQuery, FlagsError, isFlagKind, type ListedFlag } from '../../data/remote/flags';
import type { Supabase } from '../../data/remote/supabase-client';
import { dayStart } from '../../lib/day-bounds';
import { formatMoney } from '../../lib/format-money';
import { unanswered } from '../../lib/query-answer';
import { Alert } from '../../ui/alert';
import { DataTable, type Column } from '../../ui/data-table';
import { DayField } from '../../ui/day-field';
import { describeFlag, flagKindName } from '../../ui/flag-words';
import { SelectField } from '../../ui/select-field';
import { ServerPager } from '../../ui/server-pager';
import { useShopTimeZone, useWhen } from '../../ui/when';
import { compactSearch, type ActivitySearch, type ActivitySearchPatch } from './activity-search';

const PAGE_SIZE = 20;

export function FlagsList({
  supabase,
  companyId,
  currency,
  tills,
  search,
  onSearch,
}: {
  supabase: Supabase;
  companyId: string;
  currency: string;
  tills: readonly { value: string; label: string }[];
  search: ActivitySearch;
  onSearch: (search: ActivitySearch) => void;
}) {
  const zone = useShopTimeZone();
  const when = useWhen();
  const since = search.flagsSince ? (dayStart(search.flagsSince, zone) ?? null) : null;
  const flags = useQuery({ ...flagsQuery(supabase, companyId, since), placeholderData: keepPreviousData });
  const page = search.flagsPage ?? 1;
  const { t } = useLingui();
  const money = (amount: number) => formatMoney(amount, currency);
  // A change of filter starts the list again at its first page.
  const set = (patch: ActivitySearchPatch) => {
    onSearch(compactSearch({ ...search, ...patch, flagsPage: undefined }));
  };
  const rows = (flags.data ?? []).filter((flag) => !search.flag || flag.kind === search.flag);
  const till = (id: string | null) =>
    id === null ? '—' : (tills.find((option) => option.value === id)?.label ?? t`Another till`);

  const columns: Column<ListedFlag>[] = [
    { key: 'when', header: t`When`, cell: (flag) => when(flag.createdAt), rowHeader: true, width: '9rem' },
    { key: 'kind', header: t`Flag`, cell: (flag) => flagKindName(flag.kind), width: '11rem' },
    {
      key: 'sale',
      header: t`Sale`,
      width: '8rem',
      cell: (flag) =>
        flag.saleId ? (
          <Link to="/dashboard/sales/$saleId" params={{ saleId: flag.saleId }} className="touch-link">
            {flag.receiptNo ?? t`See the sale`}
          </Link>
        ) : (
          '—'
        ),
    },
    { key: 'till', header: t`Till`, cell: (flag) => till(flag.terminalId), width: '8rem' },
    {
      key: 'what',
      header: t`What differs`,
      cell: (flag) => describeFlag(flag, money),
      className: 'flags__what',
    },
  ];

  const failed = unanswered(flags);
  return (
    <section className="flags" aria-labelledby="flags-title">
      <h2 id="flags-title" className="section-title">
        <Trans>Flags</Trans>
      </h2>
      <p className="flags__intro">
        <Trans>
          What the server found when it checked the tills’ sales against its own catalogue, rules and card
          payments. The sales were kept as recorded.
        </Trans>
      </p>
      <div className="activity__filters" role="group" aria-label={t`Filter flags`}>
        <SelectField
          label={t`Flag kind`}
          name="flag"
          value={search.flag ?? ''}
          onChange={(flag) => {
            set({ flag: isFlagKind(flag) ? flag : undefined });
          }}
          options={[
            { value: '', label: t`Every kind` },
            ...FLAG_KINDS.map((kind) => ({ value: kind, label: flagKindName(kind) })),
          ]}
        />
        <DayField
          label={t`Flagged since`}
          value={search.flagsSince ?? ''}
          onChange={(flagsSince) => {
            set({ flagsSince });
          }}
        />
      </div>
      {failed ? (
        <Alert tone={flags.data ? 'info' : 'error'}>
          {flags.error instanceof FlagsError
            ? flags.error.words
            : t`Flags are kept on the server and need a connection.`}
          {flags.data ? ` ${t`Showing the flags as last loaded.`}` : ''}
        </Alert>
      ) : null}
      {flags.isPending && !failed ? (
        <p aria-busy="true">
          <Trans>Loading the flags…</Trans>
        </p>
      ) : null}
      {flags.data ? (
        <>
          <DataTable
            label={t`Flags`}
            className="flags__table"
            columns={columns}
            rows={rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
            rowKey={(flag) => flag.id}
            empty={
              search.flag || search.flagsSince
                ? t`No flags match.`
                : t`No flags: the server found nothing to review in the tills’ sales.`
            }
          />
          {rows.length > PAGE_SIZE ? (
            <ServerPager
              total={rows.length}
              offset={(page - 1) * PAGE_SIZE}
              pageSize={PAGE_SIZE}
              onOffset={(offset) => {
                const next = Math.floor(offset / PAGE_SIZE) + 1;
                onSearch(compactSearch({ ...search, flagsPage: next > 1 ? next : undefined }));
              }}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
