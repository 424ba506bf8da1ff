// The sync page's two lists, following the ledger live: operations still waiting to be sent (FIFO), and
// dead letters — operations the server refused — with the reason and a "Retry" for when the cause is fixed.
import { useCallback, useState } from 'react';
import type { LedgerDb } from '../../data/local/ledger-db';
import type { OutboxRow } from '../../data/local/ledger-types';
import { deadLetters, unsyncedOps } from '../../data/local/outbox';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { opTitle } from '../../data/ops/registry';
import { plural, relativeTime } from './sync-words';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { useWhen } from '../../ui/when';

/** A long outbox (a day offline) is summed up after this many rows rather than rendered whole. */
const SHOWN = 100;

function Created({ at, now }: { at: string; now: number }) {
  const ms = Date.parse(at);
  const when = useWhen();
  return (
    <time dateTime={at} title={when(ms)}>
      {`made ${relativeTime(ms, now)} (${when(ms)})`}
    </time>
  );
}

function errorText(error: { code: string; message: string }): string {
  return `${error.message} (${error.code})`;
}

/** Why an op has not gone yet, when it is not simply next in line. */
function waitingWords(op: OutboxRow): string {
  return op.state === 'held' ? ' · waiting for another member to sign in' : '';
}

/** [EXPORT-2] [COMP-1] Other shops' work on this device: how much, never what. */
function OtherShops({ count, what }: { count: number; what: string }) {
  if (count === 0) return null;
  return (
    <p className="sync-list__meta">
      {`${plural(count, what, `${what}s`)} of another shop ${count === 1 ? 'waits' : 'wait'} on this device for one of its members to sign in here; they are not shown.`}
    </p>
  );
}

/** Splits rows into the signed-in user's shops' and a count of the rest. */
function ownRows<T extends { company_id: string }>(rows: readonly T[], companies: ReadonlySet<string>) {
  const own = rows.filter((row) => companies.has(row.company_id));
  return { own, others: rows.length - own.length };
}

export function PendingOps({
  ledger,
  now,
  companies,
}: {
  ledger: LedgerDb;
  now: number;
  /** The signed-in user's shops: only their ops are listed ([EXPORT-2]). */
  companies: ReadonlySet<string>;
}) {
  const readOps = useCallback(() => unsyncedOps(ledger), [ledger]);
  const { own: ops, others } = ownRows(readyValue(useLiveQuery(readOps)) ?? [], companies);
  if (ops.length === 0) {
    return (
      <>
        <p>Nothing is waiting: every operation made here has reached the server.</p>
        <OtherShops count={others} what="operation" />
      </>
    );
  }
  return (
    <>
      <OtherShops count={others} what="operation" />
      <ul className="sync-list" aria-label="Operations waiting to sync">
        {ops.slice(0, SHOWN).map((op) => (
          <li key={op.op_id} className="sync-list__item">
            <div>
              <div className="sync-list__title">{opTitle(op)}</div>
              <div className="sync-list__meta">
                <Created at={op.created_at} now={now} />
                {` · ${plural(op.attempts, 'attempt', 'attempts')}`}
                {waitingWords(op)}
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
  companies,
  onRetry,
}: {
  ledger: LedgerDb;
  now: number;
  /** The signed-in user's shops: only their dead letters are listed ([EXPORT-2]). */
  companies: ReadonlySet<string>;
  /** Re-queues the dead letter under a new op_id ([PUSH-6]) and asks for a sync. */
  onRetry: (opId: string) => Promise<void>;
}) {
  const readRows = useCallback(() => deadLetters(ledger), [ledger]);
  const { own: rows, others } = ownRows(readyValue(useLiveQuery(readRows)) ?? [], companies);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (rows.length === 0) {
    return (
      <>
        <p>Nothing needs attention: the server has refused no operation.</p>
        <OtherShops count={others} what="refused operation" />
      </>
    );
  }

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
      <OtherShops count={others} what="refused operation" />
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
