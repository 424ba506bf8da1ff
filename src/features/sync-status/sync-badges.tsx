// The nav bar's sync badges (DESIGN §8): 'Offline', '{n} unsynced' and a warning when something needs
// attention, both linking to the sync page. Counts come from the ledger itself (live in every tab); the
// engine's status adds what only it knows (a dead session, ops waiting for another shop's member).
import { useCallback } from 'react';
import { Link } from '@tanstack/react-router';
import type { LedgerDb } from '../../data/local/ledger-db';
import type { SyncStatus } from '../../data/sync/sync-status';
import { attentionReasons, storageAttention } from './sync-words';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { useOnline } from '../../ui/use-online';
import { useStorageHealth } from './sync-hooks';
import './sync-status.css';

export const SYNC_PAGE = '/dashboard/settings/sync';

export function SyncBadges({ status, ledger }: { status: SyncStatus; ledger: LedgerDb | null }) {
  const browserOnline = useOnline();
  const readCounts = useCallback(async () => {
    if (ledger === null) return null;
    const [pending, deadLetters] = await Promise.all([ledger.outbox.count(), ledger.deadLetters.count()]);
    return { pending, deadLetters };
  }, [ledger]);
  const counts = readyValue(useLiveQuery(readCounts));
  const pending = counts?.pending ?? status.pending;
  const deadLetters = counts?.deadLetters ?? status.deadLetters;
  const storage = useStorageHealth(pending);
  const reasons = attentionReasons({
    status,
    deadLetters,
    storageWarning: storageAttention(storage, pending + deadLetters),
  });
  const offline = !browserOnline || !status.online;

  return (
    <div className="sync-badges" aria-live="polite">
      {offline ? <span className="sync-badge sync-badge--offline">Offline</span> : null}
      {pending > 0 ? (
        <Link to={SYNC_PAGE} className="sync-badge sync-badge--pending">
          {`${pending} unsynced`}
        </Link>
      ) : null}
      {reasons.length > 0 ? (
        <Link
          to={SYNC_PAGE}
          className="sync-badge sync-badge--warning"
          aria-label={`Sync needs attention: ${reasons.join('; ')}`}
          title={reasons.join('; ')}
        >
          Needs attention
        </Link>
      ) : null}
    </div>
  );
}
