// 'Offline' (or 'Offline — server unreachable', [STATUS-2]) on its own: it needs no database, so the bars
// show it at once while the rest of the sync badges (live ledger counts, Dexie) load (app/lazy-sync-badges).
import type { SyncStatus } from '../../data/sync/sync-status';
import { useOnline } from '../../ui/use-online';
import { connectionOf, connectionWords } from './sync-words';
import './sync-status.css';

export function ConnectionBadge({ status }: { status: Pick<SyncStatus, 'online' | 'serverReachable'> }) {
  const online = useOnline();
  return connectionOf(online, status) === 'online' ? null : (
    <span className="sync-badge sync-badge--offline">{connectionWords(online, status)}</span>
  );
}
