// The nav bar's sync badges (DESIGN §8): 'Offline' (or 'Offline — server unreachable' when the browser says
// online but requests get no answer, [STATUS-2]), '{n} unsynced' and a warning when something needs
// attention, both linking to the sync page. Counts come from the ledger itself (live in every tab); the
// engine's status adds what only it knows (a dead session, ops waiting for another shop's member).
import { useCallback, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LedgerDb } from '../../data/local/ledger-db';
import type { SyncStatus } from '../../data/sync/sync-status';
import { attentionReasons, storageAttention } from './sync-words';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { ConnectionBadge } from './connection-badge';
import { useNow, useStorageHealth } from './sync-hooks';
import './sync-status.css';

export const SYNC_PAGE = '/dashboard/settings/sync';

export function SyncBadges({
  status,
  ledger,
  linked = true,
}: {
  status: SyncStatus;
  ledger: LedgerDb | null;
  /** False at a shared till's counter (issue 33): the sync page is the back office's, so no link to it. */
  linked?: boolean;
}) {
  const readCounts = useCallback(async () => {
    if (ledger === null) return null;
    const [pending, deadLetters, oldest] = await Promise.all([
      ledger.outbox.count(),
      ledger.deadLetters.count(),
      ledger.outbox.orderBy('seq').first(),
    ]);
    return { pending, deadLetters, oldestPendingAt: oldest?.created_at ?? null };
  }, [ledger]);
  const counts = readyValue(useLiveQuery(readCounts));
  const pending = counts?.pending ?? status.pending;
  const deadLetters = counts?.deadLetters ?? status.deadLetters;
  const oldestPendingAt = counts ? counts.oldestPendingAt : status.oldestPendingAt;
  const storage = useStorageHealth(pending);
  // Unsynced work becomes "at risk" with time alone ([STORE-3]): look again now and then.
  const now = useNow(30_000);
  const reasons = attentionReasons({
    status,
    deadLetters,
    storageWarning: storageAttention(
      storage,
      oldestPendingAt === null ? null : Date.parse(oldestPendingAt),
      now,
    ),
  });

  const { t } = useLingui();
  const why = reasons.join('; ');
  return (
    <div className="sync-badges" aria-live="polite">
      <ConnectionBadge status={status} />
      {pending > 0 ? (
        <Badge linked={linked} className="sync-badge sync-badge--pending">
          {t`${pending} unsynced`}
        </Badge>
      ) : null}
      {reasons.length > 0 ? (
        <Badge
          linked={linked}
          className="sync-badge sync-badge--warning"
          label={t`Sync needs attention: ${why}`}
          title={why}
        >
          <Trans>Needs attention</Trans>
        </Badge>
      ) : null}
    </div>
  );
}

/** A badge that opens the sync page, or the same words without a link. */
function Badge({
  linked,
  className,
  label,
  title,
  children,
}: {
  linked: boolean;
  className: string;
  label?: string;
  title?: string;
  children: ReactNode;
}) {
  const attributes = { className, ...(label ? { 'aria-label': label } : {}), ...(title ? { title } : {}) };
  if (!linked) return <span {...attributes}>{children}</span>;
  return (
    <Link to={SYNC_PAGE} {...attributes}>
      {children}
    </Link>
  );
}
