// Storage on the sync page: use against quota, whether the browser keeps it and what that means ([STORE-2]),
// and the warning when work is at risk — the same one the nav badge raises ([STORE-3]).
import type { StorageHealth } from '../../data/sync/storage-health';
import { Alert } from '../../ui/alert';
import { bytesText, NOT_PERSISTED_NOTE } from './sync-words';

function usageText(health: StorageHealth): string {
  if (health.usage === null || health.quota === null) return 'This browser does not say.';
  const share = health.quota > 0 ? Math.round((health.usage / health.quota) * 100) : 0;
  return `${bytesText(health.usage)} of ${bytesText(health.quota)} (${share} %)`;
}

const PERSISTED = { true: 'Yes: the browser keeps it', false: 'No: the browser may clear it' } as const;

export function StorageFacts({
  health,
  attention,
}: {
  health: StorageHealth | null;
  attention: string | null;
}) {
  if (health === null) return <p>Reading storage…</p>;
  return (
    <>
      <dl className="sync-facts">
        <dt>Used</dt>
        <dd>{usageText(health)}</dd>
        <dt>Persisted</dt>
        <dd>{health.persisted === null ? 'This browser does not say' : PERSISTED[`${health.persisted}`]}</dd>
      </dl>
      {health.persisted === false ? <p>{NOT_PERSISTED_NOTE}</p> : null}
      {attention ? (
        <Alert tone="warning" title="Storage needs attention">
          {attention}
        </Alert>
      ) : null}
    </>
  );
}
