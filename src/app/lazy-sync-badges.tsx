// The sync badges read the ledger live (Dexie), which a guest's first screen must not load: the bars render
// them through this lazy wrapper, and only for a signed-in user, whose services are loading anyway. Until
// they load, the connection badge (no database) stands in, so 'Offline' never waits for code.
import { lazy, Suspense } from 'react';
import type { LedgerDb } from '../data/local/ledger-db';
import type { SyncStatus } from '../data/sync/sync-status';
import { ConnectionBadge } from '../features/sync-status/connection-badge';

const SyncBadges = lazy(() =>
  import('../features/sync-status/sync-badges').then((m) => ({ default: m.SyncBadges })),
);

export function LazySyncBadges(props: { status: SyncStatus; ledger: LedgerDb | null; linked?: boolean }) {
  return (
    <Suspense
      fallback={
        <div className="sync-badges" aria-live="polite">
          <ConnectionBadge status={props.status} />
        </div>
      }
    >
      <SyncBadges {...props} />
    </Suspense>
  );
}
