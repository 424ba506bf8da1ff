// Storage on the sync page ([STORE-2]): use against quota, whether the browser keeps it, and the warning
// when it is not persisted or past half full.
import type { StorageHealth } from '../../data/sync/storage-health';
import { Alert } from '../../ui/alert';
import { bytesText } from './sync-words';

function usageText(health: StorageHealth): string {
  if (health.usage === null || health.quota === null) return 'This browser does not say.';
  const share = health.quota > 0 ? Math.round((health.usage / health.quota) * 100) : 0;
  return `${bytesText(health.usage)} of ${bytesText(health.quota)} (${share} %)`;
}

const PERSISTED = { true: 'Yes: the browser keeps it', false: 'No: the browser may clear it' } as const;

export function StorageFacts({ health }: { health: StorageHealth | null }) {
  if (health === null) return <p>Reading storage…</p>;
  return (
    <>
      <dl className="sync-facts">
        <dt>Used</dt>
        <dd>{usageText(health)}</dd>
        <dt>Persisted</dt>
        <dd>{health.persisted === null ? 'This browser does not say' : PERSISTED[`${health.persisted}`]}</dd>
      </dl>
      {health.warning ? (
        <Alert tone="warning" title="Storage needs attention">
          {health.warning}
        </Alert>
      ) : null}
    </>
  );
}
