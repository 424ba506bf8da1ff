// The sync page's two lists, following the ledger live: operations still waiting to be sent (FIFO), and
// dead letters — operations the server refused — with the reason and a "Retry" for when the cause is fixed.
import { useCallback, useState } from 'react';
import type { LedgerDb } from '../../data/local/ledger-db';
import type { OutboxRow } from '../../data/local/ledger-types';
import { deadLetters, unsyncedOps } from '../../data/local/outbox';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { absoluteTime, opTitle, plural, relativeTime } from './sync-words';
import { useLiveQuery } from '../../ui/use-live-query';

/** A long outbox (a day offline) is summed up after this many rows rather than rendered whole. */
const SHOWN = 100;

function Created({ at, now }: { at: string; now: number }) {
  const ms = Date.parse(at);
  return (
    <time dateTime={at} title={absoluteTime(ms)}>
      {`made ${relativeTime(ms, now)} (${absoluteTime(ms)})`}
    </time>
  );
}

function errorText(error: { code: string; message: string }): string {
  return `${error.message} (${error.code})`;
}

/** Why an op has not gone yet, when it is not simply next in line. */
function waitingWords(op: OutboxRow, companyId: string | null): string {
  if (companyId !== null && op.company_id !== companyId) {
    return ' · for another shop: waits for one of its members to sign in here';
  }
  return op.state === 'held' ? ' · waiting for another member to sign in' : '';
}

export function PendingOps({
  ledger,
  now,
  companyId,
}: {
  ledger: LedgerDb;
  now: number;
  /** The signed-in user's shop, so another shop's ops can say whom they wait for ([COMP-1]). */
  companyId: string | null;
}) {
  const readOps = useCallback(() => unsyncedOps(ledger), [ledger]);
  const ops = useLiveQuery(readOps) ?? [];
  if (ops.length === 0) return <p>Nothing is waiting: every operation made here has reached the server.</p>;
  return (
    <>
      <ul className="sync-list" aria-label="Operations waiting to sync">
        {ops.slice(0, SHOWN).map((op) => (
          <li key={op.op_id} className="sync-list__item">
            <div>
              <div className="sync-list__title">{opTitle(op)}</div>
              <div className="sync-list__meta">
                <Created at={op.created_at} now={now} />
                {` · ${plural(op.attempts, 'attempt', 'attempts')}`}
                {waitingWords(op, companyId)}
              </div>
              {op.last_error ? (
                <div className="sync-list__meta">Last error: {errorText(op.last_error)}</div>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {ops.length > SHOWN ? <p>{`and ${plural(ops.length - SHOWN, 'more', 'more')}…`}</p> : null}
    </>
  );
}

export function DeadLetters({
  ledger,
  now,
  onRetry,
}: {
  ledger: LedgerDb;
  now: number;
  /** Re-queues the dead letter under a new op_id ([PUSH-6]) and asks for a sync. */
  onRetry: (opId: string) => Promise<void>;
}) {
  const readRows = useCallback(() => deadLetters(ledger), [ledger]);
  const rows = useLiveQuery(readRows) ?? [];
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (rows.length === 0) return <p>Nothing needs attention: the server has refused no operation.</p>;

  async function retry(opId: string) {
    setBusy(opId);
    setFailure(null);
    try {
      await onRetry(opId);
    } catch {
      setFailure('This operation could not be queued again. Reload the page and try once more.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      {failure ? <Alert>{failure}</Alert> : null}
      <ul className="sync-list" aria-label="Operations refused by the server">
        {rows.map((row) => (
          <li key={row.op_id} className="sync-list__item">
            <div>
              <div className="sync-list__title">{opTitle(row)}</div>
              <div className="sync-list__meta">
                <Created at={row.created_at} now={now} />
                {`, refused ${relativeTime(Date.parse(row.failed_at), now)}`}
              </div>
              <div className="sync-list__meta">Reason: {errorText(row.error)}</div>
            </div>
            <Button
              variant="secondary"
              aria-label={`Retry ${opTitle(row)}`}
              isDisabled={busy !== null}
              onPress={() => void retry(row.op_id)}
            >
              Retry
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
