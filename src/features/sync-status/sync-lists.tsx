// The sync page's two lists, following the ledger live: operations still waiting to be sent (FIFO), and
// dead letters — operations the server refused — with the reason and a "Retry" for when the cause is fixed.
import { useCallback, useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LedgerDb } from '../../data/local/ledger-db';
import type { OutboxRow } from '../../data/local/ledger-types';
import { deadLetters, unsyncedOps } from '../../data/local/outbox';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { opTitle } from '../../data/ops/registry';
import { opErrorWords } from '../../data/sync/op-error-words';
import { relativeTime } from './sync-words';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import { useWhen } from '../../ui/when';

/** A long outbox (a day offline) is summed up after this many rows rather than rendered whole. */
const SHOWN = 100;

function Created({ at, now }: { at: string; now: number }) {
  const ms = Date.parse(at);
  const when = useWhen();
  const { t } = useLingui();
  const ago = relativeTime(ms, now);
  const date = when(ms);
  return (
    <time dateTime={at} title={date}>
      {t`made ${ago} (${date})`}
    </time>
  );
}

// The app's words for the error's code, with the code: never the server's English message (issue 35).
function LastError({ error }: { error: { code: string; message: string } }) {
  const text = opErrorWords(error);
  return (
    <div className="sync-list__meta">
      <Trans>Last error: {text}</Trans>
    </div>
  );
}

function Reason({ error }: { error: { code: string; message: string } }) {
  const text = opErrorWords(error);
  return (
    <div className="sync-list__meta">
      <Trans>Reason: {text}</Trans>
    </div>
  );
}

function Refused({ at, now }: { at: string; now: number }) {
  const ago = relativeTime(Date.parse(at), now);
  return (
    <>
      , <Trans>refused {ago}</Trans>
    </>
  );
}

/** Why an op has not gone yet, when it is not simply next in line. */
function Waiting({ op }: { op: OutboxRow }) {
  return op.state === 'held' ? (
    <>
      {' · '}
      <Trans>waiting for another member to sign in</Trans>
    </>
  ) : null;
}

/** [EXPORT-2] [COMP-1] Other shops' work on this device: how much, never what. */
function OtherShops({ count, what }: { count: number; what: 'operation' | 'refused operation' }) {
  if (count === 0) return null;
  return (
    <p className="sync-list__meta">
      {what === 'operation'
        ? plural(count, {
            one: '# operation of another shop waits on this device for one of its members to sign in here; they are not shown.',
            other:
              '# operations of another shop wait on this device for one of its members to sign in here; they are not shown.',
          })
        : plural(count, {
            one: '# refused operation of another shop waits on this device for one of its members to sign in here; they are not shown.',
            other:
              '# refused operations of another shop wait on this device for one of its members to sign in here; they are not shown.',
          })}
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
  const { t } = useLingui();
  if (ops.length === 0) {
    return (
      <>
        <p>
          <Trans>Nothing is waiting: every operation made here has reached the server.</Trans>
        </p>
        <OtherShops count={others} what="operation" />
      </>
    );
  }
  return (
    <>
      <OtherShops count={others} what="operation" />
      <ul className="sync-list" aria-label={t`Operations waiting to sync`}>
        {ops.slice(0, SHOWN).map((op) => (
          <li key={op.op_id} className="sync-list__item">
            <div>
              <div className="sync-list__title">{opTitle(op)}</div>
              <div className="sync-list__meta">
                <Created at={op.created_at} now={now} />
                {` · ${plural(op.attempts, { one: '# attempt', other: '# attempts' })}`}
                <Waiting op={op} />
              </div>
              {op.last_error ? <LastError error={op.last_error} /> : null}
            </div>
          </li>
        ))}
      </ul>
      {ops.length > SHOWN ? (
        <p>{plural(ops.length - SHOWN, { one: 'and # more…', other: 'and # more…' })}</p>
      ) : null}
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
  const { t } = useLingui();
  if (rows.length === 0) {
    return (
      <>
        <p>
          <Trans>Nothing needs attention: the server has refused no operation.</Trans>
        </p>
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
      setFailure(t`This operation could not be queued again. Reload the page and try once more.`);
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      {failure ? <Alert>{failure}</Alert> : null}
      <OtherShops count={others} what="refused operation" />
      <ul className="sync-list" aria-label={t`Operations refused by the server`}>
        {rows.map((row) => {
          const title = opTitle(row);
          return (
            <li key={row.op_id} className="sync-list__item">
              <div>
                <div className="sync-list__title">{title}</div>
                <div className="sync-list__meta">
                  <Created at={row.created_at} now={now} />
                  <Refused at={row.failed_at} now={now} />
                </div>
                <Reason error={row.error} />
              </div>
              <Button
                variant="secondary"
                aria-label={t`Retry ${title}`}
                isDisabled={busy !== null}
                onPress={() => void retry(row.op_id)}
              >
                <Trans>Retry</Trans>
              </Button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
