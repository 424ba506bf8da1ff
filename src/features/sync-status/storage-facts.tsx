// Storage on the sync page: use against quota, whether the browser keeps it and what that means ([STORE-2]),
// and the warning when work is at risk — the same one the nav badge raises ([STORE-3]).
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { StorageHealth } from '../../data/sync/storage-health';
import { Alert } from '../../ui/alert';
import { bytesText, NOT_PERSISTED_NOTE } from './sync-words';

function UsageText({ health }: { health: StorageHealth }) {
  if (health.usage === null || health.quota === null) return <Trans>This browser does not say.</Trans>;
  const share = health.quota > 0 ? Math.round((health.usage / health.quota) * 100) : 0;
  const used = bytesText(health.usage);
  const quota = bytesText(health.quota);
  return (
    <Trans>
      {used} of {quota} ({share} %)
    </Trans>
  );
}

const PERSISTED = {
  true: msg`Yes: the browser keeps it`,
  false: msg`No: the browser may clear it`,
} as const;

export function StorageFacts({
  health,
  attention,
}: {
  health: StorageHealth | null;
  attention: string | null;
}) {
  const { t } = useLingui();
  if (health === null)
    return (
      <p>
        <Trans>Reading storage…</Trans>
      </p>
    );
  return (
    <>
      <dl className="sync-facts">
        <dt>
          <Trans>Used</Trans>
        </dt>
        <dd>
          <UsageText health={health} />
        </dd>
        <dt>
          <Trans>Persisted</Trans>
        </dt>
        <dd>
          {health.persisted === null
            ? t`This browser does not say`
            : t(PERSISTED[health.persisted ? 'true' : 'false'])}
        </dd>
      </dl>
      {health.persisted === false ? <p>{t(NOT_PERSISTED_NOTE)}</p> : null}
      {attention ? (
        <Alert tone="warning" title={t`Storage needs attention`}>
          {attention}
        </Alert>
      ) : null}
    </>
  );
}
