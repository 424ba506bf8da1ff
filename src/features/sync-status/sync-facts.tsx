// The engine's status on the sync page, in words: what it is doing, the network, which tab syncs, when it
// last synced and will retry, the last error, and the first sync's progress ([STATUS-1], [STATUS-2]).
import type { SyncStatus } from '../../data/sync/sync-status';
import { useWhen } from '../../ui/when';
import { phaseWords, plural, relativeTime, type ConnectionWords } from './sync-words';

function When({ at, now, none }: { at: number | null; now: number; none: string }) {
  const when = useWhen();
  if (at === null) return <>{none}</>;
  return (
    <>
      {relativeTime(at, now)} (<time dateTime={new Date(at).toISOString()}>{when(at)}</time>)
    </>
  );
}

export function SyncFacts({
  status,
  connection,
  now,
}: {
  status: SyncStatus;
  connection: ConnectionWords;
  now: number;
}) {
  const progress = status.progress;
  return (
    <dl className="sync-facts">
      <dt>Status</dt>
      <dd>{phaseWords(status)}</dd>
      <dt>Connection</dt>
      <dd>{connection}</dd>
      <dt>Syncing tab</dt>
      <dd>{status.leader ? 'This tab syncs for the device' : 'Another tab syncs'}</dd>
      <dt>Last synced</dt>
      <dd>
        <When
          at={status.lastSyncedAt === null ? null : Date.parse(status.lastSyncedAt)}
          now={now}
          none="Not yet on this device"
        />
      </dd>
      <dt>Next retry</dt>
      <dd>
        <When at={status.nextRetryAt} now={now} none="None planned" />
      </dd>
      <dt>Last error</dt>
      <dd>{status.lastError ?? 'None'}</dd>
      {status.waitingForOtherUser > 0 ? (
        <>
          <dt>Waiting</dt>
          <dd>
            {plural(status.waitingForOtherUser, 'operation waits', 'operations wait')} for a member of another
            shop to sign in on this device.
          </dd>
        </>
      ) : null}
      {progress?.first ? (
        <>
          <dt>First sync</dt>
          <dd>
            <progress
              className="sync-progress"
              max={progress.tablesTotal}
              value={progress.tablesDone}
              aria-label="First sync progress"
            />
            {`${progress.tablesDone} of ${progress.tablesTotal} kinds of data, ${plural(progress.rows, 'row', 'rows')} so far`}
          </dd>
        </>
      ) : null}
    </dl>
  );
}
