// Settings → Sync and storage (DESIGN §6, issue #5 "What people see"): the engine's status, what waits to
// be sent, what the server refused (with "Retry"), "Sync now", "Export unsynced work" and storage. It gets
// the sync services from its route; every list follows the ledger live.
import { useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SyncServices } from '../../data/sync/create-sync';
import { retryDeadLetter } from '../../data/ops/retry-dead-letter';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/layout';
import { downloadUnsyncedWork } from './export-unsynced';
import { StorageFacts } from './storage-facts';
import { SyncFacts } from './sync-facts';
import { useOnline } from '../../ui/use-online';
import { useEngineStatus, useNow, useStorageHealth } from './sync-hooks';
import { DeadLetters, PendingOps } from './sync-lists';
import { connectionWords, storageAttention } from './sync-words';
import './sync-status.css';

export type SyncPageServices = Pick<SyncServices, 'ledger' | 'engine' | 'commandDeps' | 'syncNow'>;

export function SyncPage({
  sync,
  companyId = null,
}: {
  sync: SyncPageServices;
  /**
   * The signed-in user's shop (null when unknown). [EXPORT-2] Lists and export show only its work; other
   * shops' work on this device is counted, never shown.
   */
  companyId?: string | null;
}) {
  const companies = useMemo(() => new Set(companyId === null ? [] : [companyId]), [companyId]);
  const status = useEngineStatus(sync.engine);
  const connection = connectionWords(useOnline(), status);
  const now = useNow();
  const storage = useStorageHealth(status.pending);
  const oldestPendingAt = status.oldestPendingAt === null ? null : Date.parse(status.oldestPendingAt);
  const [note, setNote] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const { t } = useLingui();

  async function exportWork() {
    try {
      const name = await downloadUnsyncedWork(sync.ledger, new Date(), companies);
      setNote({ tone: 'success', text: t`Saved ${name}.` });
    } catch {
      setNote({ tone: 'error', text: t`The unsynced work could not be exported. Try again.` });
    }
  }

  async function retry(opId: string) {
    await retryDeadLetter(sync.ledger, opId, sync.commandDeps);
    sync.syncNow();
  }

  return (
    <div className="sync-page">
      <Card title={t`Sync`}>
        <SyncFacts status={status} connection={connection} now={now} />
        <div className="sync-page__actions">
          <Button
            onPress={() => {
              setNote(null);
              sync.syncNow();
            }}
          >
            <Trans>Sync now</Trans>
          </Button>
          <Button variant="secondary" onPress={() => void exportWork()}>
            <Trans>Export unsynced work</Trans>
          </Button>
        </div>
        {note ? <Alert tone={note.tone}>{note.text}</Alert> : null}
      </Card>
      <Card title={t`Waiting to sync`}>
        <PendingOps ledger={sync.ledger} now={now} companies={companies} />
      </Card>
      <Card title={t`Needs attention`}>
        <DeadLetters ledger={sync.ledger} now={now} companies={companies} onRetry={retry} />
      </Card>
      <Card title={t`Storage`}>
        <StorageFacts health={storage} attention={storageAttention(storage, oldestPendingAt, now)} />
      </Card>
    </div>
  );
}
