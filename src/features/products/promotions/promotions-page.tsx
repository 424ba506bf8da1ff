// Products → Promotions (issue 36): the shop's promotions as the server holds them, filtered by status, with
// their kind, schedule, stores, whether they combine and their priority. Managers and owners create, edit,
// pause, resume and end them and manage their coupons; cashiers read the list (and a write RLS refuses is
// said in words). Saved promotions reach the tills at their next pull.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { PromotionRow, PromotionStatus } from '../../../data/remote/promotion-rows';
import type { Result } from '../../../domain/result';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { DataTable, type Column } from '../../../ui/data-table';
import { SelectField } from '../../../ui/select-field';
import { useOnline } from '../../../ui/use-online';
import { PromotionForm } from './promotion-form';
import { KIND_WORDS, scheduleWords } from './promotion-words';
import { canEditPromotions, type PromotionsDeps } from './promotions-deps';
import { usePromotionCatalog, type PromotionCatalog } from './use-promotion-catalog';
import { useServerList } from './use-server-list';
import '../products.css';
import './promotions.css';

// Coupons and the report are opened now and then: their code loads when they are.
const CouponsPanel = lazy(() => import('./coupons-panel'));
const PromotionReport = lazy(() => import('./promotion-report'));

/** What the list says of a promotion: its stored status, or, when active, whether it has started or ended. */
export type ShownStatus = PromotionStatus | 'scheduled' | 'finished';

const SHOWN: readonly ShownStatus[] = ['draft', 'active', 'scheduled', 'paused', 'finished', 'ended'];

const SHOWN_WORDS = {
  draft: msg`Draft`,
  active: msg`Active`,
  scheduled: msg`Scheduled`,
  paused: msg`Paused`,
  finished: msg`Finished`,
  ended: msg`Ended`,
} satisfies Record<ShownStatus, unknown>;

export function shownStatus(row: PromotionRow, now: number): ShownStatus {
  if (row.status !== 'active') return row.status;
  if (row.startsAt !== null && Date.parse(row.startsAt) > now) return 'scheduled';
  if (row.endsAt !== null && Date.parse(row.endsAt) <= now) return 'finished';
  return 'active';
}

type Panel =
  | { kind: 'none' }
  | { kind: 'form'; promotion: PromotionRow | null }
  | { kind: 'coupons'; promotion: PromotionRow }
  | { kind: 'report' };

export function PromotionsPage({ deps }: { deps: PromotionsDeps }) {
  const catalog = usePromotionCatalog(deps.mirror, deps.companyId);
  if (!catalog) {
    return (
      <p role="status">
        <Trans>Loading promotions…</Trans>
      </p>
    );
  }
  return <PromotionsScreen deps={deps} catalog={catalog} />;
}

function PromotionsScreen({ deps, catalog }: { deps: PromotionsDeps; catalog: PromotionCatalog }) {
  const { t } = useLingui();
  const online = useOnline();
  const editor = canEditPromotions(deps.role);
  const [filter, setFilter] = useState<ShownStatus | 'all'>('all');
  const [panel, setPanel] = useState<Panel>({ kind: 'none' });
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const read = useCallback(() => deps.book.list(deps.companyId), [deps.book, deps.companyId]);
  const { list, reload } = useServerList(read);
  const rows = list.state === 'ready' ? list.rows : null;
  // The statuses are worked out as of when the screen opened (a promotion that starts later says so).
  const [now] = useState(() => Date.now());
  const shown = useMemo(
    () => (rows ?? []).filter((row) => filter === 'all' || shownStatus(row, now) === filter),
    [rows, filter, now],
  );
  const storeNames = new Map(catalog.stores.map((store) => [store.id, store.name]));
  const close = () => {
    setPanel({ kind: 'none' });
  };
  const change = async (row: PromotionRow, status: PromotionStatus, done: string) => {
    const written: Result<void> = await deps.book.setStatus(row.id, status);
    setNotice(written.ok ? { tone: 'success', text: done } : { tone: 'error', text: written.error.message });
    if (written.ok) reload();
  };

  const actions = (row: PromotionRow) => {
    const name = row.name;
    const coupons = (
      <Button
        variant="secondary"
        aria-label={t`Coupons for ${name}`}
        onPress={() => {
          setPanel({ kind: 'coupons', promotion: row });
        }}
      >
        <Trans>Coupons</Trans>
      </Button>
    );
    if (!editor) return <div className="promotions-page__row-actions">{coupons}</div>;
    return (
      <div className="promotions-page__row-actions">
        {row.status === 'ended' ? null : (
          <Button
            variant="secondary"
            aria-label={t`Edit ${name}`}
            onPress={() => {
              setPanel({ kind: 'form', promotion: row });
            }}
          >
            <Trans>Edit</Trans>
          </Button>
        )}
        {row.status === 'active' ? (
          <Button
            variant="secondary"
            aria-label={t`Pause ${name}`}
            onPress={() => void change(row, 'paused', t`Paused "${name}".`)}
          >
            <Trans>Pause</Trans>
          </Button>
        ) : null}
        {row.status === 'paused' || row.status === 'draft' ? (
          <Button
            variant="secondary"
            aria-label={t`Resume the promotion ${name}`}
            onPress={() => void change(row, 'active', t`"${name}" is on again.`)}
          >
            <Trans>Resume</Trans>
          </Button>
        ) : null}
        {row.status === 'ended' ? null : (
          <Button
            variant="secondary"
            aria-label={t`End ${name}`}
            onPress={() => void change(row, 'ended', t`Ended "${name}".`)}
          >
            <Trans>End</Trans>
          </Button>
        )}
        {coupons}
      </div>
    );
  };

  const columns: Column<PromotionRow>[] = [
    { key: 'name', header: t`Name`, cell: (row) => row.name, rowHeader: true },
    { key: 'kind', header: t`Kind`, cell: (row) => t(KIND_WORDS[row.rule.kind]) },
    { key: 'status', header: t`Status`, cell: (row) => t(SHOWN_WORDS[shownStatus(row, now)]) },
    { key: 'schedule', header: t`When`, minor: true, cell: (row) => scheduleWords(row, deps.timeZone) },
    {
      key: 'stores',
      header: t`Stores`,
      minor: true,
      cell: (row) =>
        row.storeIds.length === 0
          ? t`Every store`
          : row.storeIds.map((id) => storeNames.get(id) ?? t`A closed store`).join(', '),
    },
    {
      key: 'combinable',
      header: t`Combines`,
      minor: true,
      cell: (row) => (row.combinable ? t`Yes` : t`No`),
    },
    { key: 'priority', header: t`Priority`, align: 'end', minor: true, cell: (row) => row.priority },
    { key: 'actions', header: t`Actions`, cell: actions },
  ];

  return (
    <div className="promotions-page">
      <p className="products-page__note">
        {editor ? (
          <Trans>Promotions are saved on the server; tills apply them offline after their next sync.</Trans>
        ) : (
          <Trans>You can look promotions up here; managers and owners change them.</Trans>
        )}
      </p>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <div className="promotions-page__toolbar">
        <SelectField
          label={t`Status`}
          name="status"
          value={filter}
          onChange={(value) => {
            setFilter(
              value === 'all'
                ? 'all'
                : (Object.keys(SHOWN_WORDS).find((key) => key === value) as ShownStatus),
            );
          }}
          options={[
            { value: 'all', label: t`All promotions` },
            ...SHOWN.map((status) => ({ value: status, label: t(SHOWN_WORDS[status]) })),
          ]}
        />
        <div className="promotions-page__actions">
          {editor ? (
            <Button
              onPress={() => {
                setPanel({ kind: 'form', promotion: null });
              }}
            >
              <Trans>New promotion</Trans>
            </Button>
          ) : null}
          {editor ? (
            <Button
              variant="secondary"
              onPress={() => {
                setPanel({ kind: 'report' });
              }}
            >
              <Trans>Report</Trans>
            </Button>
          ) : null}
        </div>
      </div>
      {panel.kind === 'form' ? (
        <PromotionForm
          key={panel.promotion?.id ?? 'new'}
          deps={deps}
          catalog={catalog}
          promotion={panel.promotion}
          online={online}
          onDone={(text) => {
            setNotice({ tone: 'success', text });
            close();
            reload();
          }}
          onCancel={close}
        />
      ) : null}
      <Suspense
        fallback={
          <p role="status">
            <Trans>Loading…</Trans>
          </p>
        }
      >
        {panel.kind === 'coupons' ? (
          <CouponsPanel
            key={panel.promotion.id}
            deps={deps}
            promotion={panel.promotion}
            editor={editor}
            onClose={close}
          />
        ) : null}
        {panel.kind === 'report' ? (
          <PromotionReport deps={deps} promotions={rows ?? []} onClose={close} />
        ) : null}
      </Suspense>
      {list.state === 'failed' ? <Alert>{list.message}</Alert> : null}
      {rows === null ? (
        list.state === 'loading' ? (
          <p role="status">
            <Trans>Loading promotions…</Trans>
          </p>
        ) : null
      ) : (
        <DataTable
          columns={columns}
          rows={shown}
          rowKey={(row) => row.id}
          label={t`Promotions`}
          empty={rows.length === 0 ? t`No promotions yet.` : t`No promotions match this filter.`}
        />
      )}
    </div>
  );
}
