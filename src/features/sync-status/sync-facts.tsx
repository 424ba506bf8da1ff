// The engine's status on the sync page, in words: what it is doing, the network, which tab syncs, when it
// last synced and will retry, the last error, and the first sync's progress ([STATUS-1], [STATUS-2]).
import { plural, t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SyncStatus } from '../../data/sync/sync-status';
import { useWhen } from '../../ui/when';
import { phaseWords, relativeTime, type ConnectionWords } from './sync-words';

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
  const { t } = useLingui();
  const progress = status.progress;
  return (
    <dl className="sync-facts">
      <dt>
        <Trans>Status</Trans>
      </dt>
      <dd>{phaseWords(status)}</dd>
      <dt>
        <Trans>Connection</Trans>
      </dt>
      <dd>{connection}</dd>
      <dt>
        <Trans>Syncing tab</Trans>
      </dt>
      <dd>{status.leader ? t`This tab syncs for the device` : t`Another tab syncs`}</dd>
      <dt>
        <Trans>Last synced</Trans>
      </dt>
      <dd>
        <When
          at={status.lastSyncedAt === null ? null : Date.parse(status.lastSyncedAt)}
          now={now}
          none={t`Not yet on this device`}
        />
      </dd>
      <dt>
        <Trans>Next retry</Trans>
      </dt>
      <dd>
        <When at={status.nextRetryAt} now={now} none={t`None planned`} />
      </dd>
      <dt>
        <Trans>Last error</Trans>
      </dt>
      <dd>{status.lastError ?? t`None`}</dd>
      {status.waitingForOtherUser > 0 ? (
        <>
          <dt>
            <Trans>Waiting</Trans>
          </dt>
          <dd>
            {plural(status.waitingForOtherUser, {
              one: '# operation waits for a member of another shop to sign in on this device.',
              other: '# operations wait for a member of another shop to sign in on this device.',
            })}
          </dd>
        </>
      ) : null}
      {progress?.first ? (
        <>
          <dt>
            <Trans>First sync</Trans>
          </dt>
          <dd>
            <progress
              className="sync-progress"
              max={progress.tablesTotal}
              value={progress.tablesDone}
              aria-label={t`First sync progress`}
            />
            {firstSyncWords(progress.tablesDone, progress.tablesTotal, progress.rows)}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** "3 of 12 kinds of data, 1,200 rows so far". */
function firstSyncWords(done: number, total: number, count: number): string {
  const rows = plural(count, { one: '# row', other: '# rows' });
  return translate`${done} of ${total} kinds of data, ${rows} so far`;
}
