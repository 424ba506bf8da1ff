// 'Offline' (or 'Offline — server unreachable', [STATUS-2]) on its own: it needs no database, so the bars
// show it at once while the rest of the sync badges (live ledger counts, Dexie) load (app/lazy-sync-badges).
import type { SyncStatus } from '../../data/sync/sync-status';
import { useOnline } from '../../ui/use-online';
import { connectionWords } from './sync-words';
import './sync-status.css';

export function ConnectionBadge({ status }: { status: Pick<SyncStatus, 'online' | 'serverReachable'> }) {
  const connection = connectionWords(useOnline(), status);
  return connection === 'Online' ? null : (
    <span className="sync-badge sync-badge--offline">{connection}</span>
  );
}
