// The outbox (DESIGN §6): one row per business command, appended in the same ledger transaction as the
// rows the command writes, and read in FIFO order by the sync engine. Answers move rows out: done ops are
// deleted, rejected ops become dead letters — nothing leaves the device unanswered.
import type { Clock } from '../../domain/clock';
import type { IdGenerator } from '../../domain/ids';
import type { LedgerDb } from './ledger-db';
import type { DeadLetterRow, EntityRef, OutboxRow } from './ledger-types';

export interface NewOp {
  name: string;
  args: Record<string, unknown>;
  company_id: string;
  terminal_id: string | null;
  entity: EntityRef | null;
}

/**
 * Appends an op with the next device seq. Call inside a `rw` transaction over `meta` and `outbox` (and the
 * business tables), so the op exists exactly when its rows do.
 */
export async function enqueueOp(
  ledger: LedgerDb,
  op: NewOp,
  deps: { ids: IdGenerator; clock: Clock },
): Promise<OutboxRow> {
  const meta = await ledger.meta.get('device');
  const seq = (meta?.op_seq ?? 0) + 1;
  await ledger.meta.put({ key: 'device', op_seq: seq });
  const row: OutboxRow = {
    op_id: deps.ids(),
    terminal_id: op.terminal_id,
    seq,
    name: op.name,
    args: op.args,
    created_at: deps.clock().toISOString(),
    state: 'pending',
    attempts: 0,
    last_error: null,
    company_id: op.company_id,
    entity: op.entity,
    held_by: null,
    held_until: null,
  };
  await ledger.outbox.add(row);
  return row;
}

/** Every op still on the device, FIFO. */
export function unsyncedOps(ledger: LedgerDb): Promise<OutboxRow[]> {
  return ledger.outbox.orderBy('seq').toArray();
}

/**
 * The ops the signed-in user may push now, FIFO, at most `limit`: of a company they belong to, pending, or
 * held for someone else (or until a time that has passed); none of `skip`, which the limit does not count.
 */
export async function pushableOps(
  ledger: LedgerDb,
  who: { userId: string; companies: ReadonlySet<string> },
  now: number,
  limit: number,
  skip: ReadonlySet<string> = new Set(),
  afterSeq: number | null = null,
): Promise<OutboxRow[]> {
  const pushable = (row: OutboxRow) =>
    !skip.has(row.op_id) &&
    who.companies.has(row.company_id) &&
    (row.state === 'pending' ||
      row.held_by !== who.userId ||
      (row.held_until !== null && row.held_until <= now));
  // Pages of the seq index read whole (one getAll each) and filtered here: a filtered cursor is a request
  // per row, and during a push it stepped past the whole batch still on its way before it found one to send.
  // seq is unique on a device ([OUT-2]), so each page starts after the last seq of the one before; one read
  // transaction keeps the pages one snapshot, as the single cursor was. `afterSeq` starts past the ops a push
  // has already read: Chromium keeps a deleted row's index entries until it compacts, so reading the seq index
  // from its start stepped over every op answered so far, each batch of a long replay a little slower.
  return ledger.transaction('r', ledger.outbox, async () => {
    const found: OutboxRow[] = [];
    let after = afterSeq;
    for (;;) {
      const range = after === null ? ledger.outbox.orderBy('seq') : ledger.outbox.where('seq').above(after);
      const page: OutboxRow[] = await range.limit(limit).toArray();
      for (const row of page) {
        if (!pushable(row)) continue;
        found.push(row);
        if (found.length === limit) return found;
      }
      const last = page.at(-1);
      if (page.length < limit || last === undefined) return found;
      after = last.seq;
    }
  });
}

export function deadLetters(ledger: LedgerDb): Promise<DeadLetterRow[]> {
  return ledger.deadLetters.orderBy('seq').toArray();
}
