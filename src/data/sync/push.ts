// Push (DESIGN §6): the outbox in FIFO batches to apply_ops, and each answer applied in one ledger
// transaction. applied/duplicate → the op is done; a recorded rejection → dead letter and the row "needs
// attention"; a rejection about who sent it → the op waits for another user. A whole-batch 4xx is split
// until the one bad op is found. Nothing is removed from the outbox without an answer for it.
import { markEntity, syncChanges } from '../local/entity-sync';
import { answerTables } from '../ops/registry';
import { stampValueTxids } from '../local/value-settle';
import { DERIVED_SYNC_TABLES } from '../local/sale-sync';
import type { LedgerDb } from '../local/ledger-db';
import type { EntityRef, OutboxRow } from '../local/ledger-types';
import { pushableOps } from '../local/outbox';
import { newId } from '../../domain/ids';
import {
  classify,
  type OpAnswer,
  type RemoteFailure,
  type RemoteResult,
  type SyncRemote,
  type WireOp,
} from './remote-port';

/** [PUSH-5] Answered, not recorded: the same op applies when the right person sends it ([OPS-4]). */
const WAIT_FOR_ANOTHER_USER = new Set(['not_signed_in', 'not_member', 'insufficient_role']);
/** [PUSH-5] Answered, not recorded, and not about the sender: try again later. */
const WAIT_A_WHILE = new Set(['unknown_op', 'server_error']);
export const HELD_RETRY_MS = 5 * 60_000;
/** [PUSH-7] The op_id was first used by another op ([OPS-12]): nothing of ours is on the server yet. */
const OP_ID_CONFLICT = 'op_id_conflict';

export interface PushContext {
  ledger: LedgerDb;
  remote: SyncRemote;
  now: () => number;
  userId: string;
  companies: ReadonlySet<string>;
  batchSize: number;
  /** Told of the ops the server answered applied or duplicate, as their answers are written. */
  onApplied?: (rows: readonly OutboxRow[]) => void;
}

export type PushOutcome =
  { kind: 'drained'; sent: number } | { kind: 'retry' | 'auth'; failure: RemoteFailure; sent: number };

export function wireOp(row: OutboxRow): WireOp {
  return {
    op_id: row.op_id,
    name: row.name,
    args: row.args,
    terminal_id: row.terminal_id,
    seq: row.seq,
    created_at: row.created_at,
  };
}

interface Failure {
  kind: 'retry' | 'auth';
  failure: RemoteFailure;
}

/**
 * [PUSH-1] Sends every op the user may push, oldest first, until none is left or a call fails. The next
 * batch is read while the server works on one, and a batch's answers are written while the next one is on
 * its way (one batch's answers at a time, in order), so the ledger's work hides behind the server's.
 */
export async function pushAll(ctx: PushContext): Promise<PushOutcome> {
  let sent = 0;
  // Ops sent in this pass, answered or on their way: held ones stay in the outbox and are not sent again.
  const tried = new Set<string>();
  // Resolves true when the answers it writes put an op back in its old place ([PUSH-7]).
  let writing: Promise<boolean> = Promise.resolve(false);
  let next = readBatch(ctx, tried, null);
  for (;;) {
    let batch = await next;
    if (batch.length === 0) {
      // Answers still being written may put an op back under a fresh op_id, in its old place ([PUSH-7]), and
      // a held op may have come due: look once more, from the start of the queue.
      await writing;
      batch = await readBatch(ctx, tried, null);
      if (batch.length === 0) return { kind: 'drained', sent };
    }
    for (const row of batch) tried.add(row.op_id);
    const call = ctx.remote.applyOps(batch.map(wireOp));
    // The queue is read in seq order, so the next batch starts after this one's last op.
    next = readBatch(ctx, tried, batch.at(-1)?.seq ?? null);
    const answer = await call;
    if (await writing) {
      // The read on from the last op sent would miss the op put back behind it: read from the start.
      next.catch(() => undefined);
      next = readBatch(ctx, tried, null);
    }
    const covered = answer.ok ? coveringAnswers(batch, answer.value) : null;
    if (covered instanceof Map) {
      writing = applyAnswers(ctx, batch, covered);
    } else {
      const failure = covered ?? (await answerFailure(ctx, batch, answer));
      if (failure) {
        next.catch(() => undefined);
        return { ...failure, sent };
      }
    }
    sent += batch.length;
  }
}

function readBatch(
  ctx: PushContext,
  tried: ReadonlySet<string>,
  afterSeq: number | null,
): Promise<OutboxRow[]> {
  const who = { userId: ctx.userId, companies: ctx.companies };
  // The ops tried are skipped inside the read, not counted in its limit: a limit of batch + tried read the
  // whole outbox again for every batch of a long replay.
  return pushableOps(ctx.ledger, who, ctx.now(), ctx.batchSize, tried, afterSeq);
}

/** The answers by op_id, or a failure to retry when they do not cover the batch. */
function coveringAnswers(
  batch: readonly OutboxRow[],
  value: readonly OpAnswer[],
): Map<string | null, OpAnswer> | Failure {
  const answers = new Map(value.map((one) => [one.op_id, one]));
  if (batch.every((row) => answers.has(row.op_id))) return answers;
  // An answer that does not cover the batch is the server's fault: retry it whole, lose nothing.
  return {
    kind: 'retry',
    failure: {
      kind: 'http',
      status: 502,
      code: '',
      message: 'apply_ops answered a different batch',
      hint: '',
    },
  };
}

/** Sends one batch and writes its answers before it returns. */
async function sendBatch(ctx: PushContext, batch: OutboxRow[]): Promise<Failure | null> {
  const answer = await ctx.remote.applyOps(batch.map(wireOp));
  const covered = answer.ok ? coveringAnswers(batch, answer.value) : null;
  if (covered instanceof Map) {
    await applyAnswers(ctx, batch, covered);
    return null;
  }
  return covered ?? answerFailure(ctx, batch, answer);
}

/** A failed call: a whole-batch 4xx is split in halves until the bad op is alone ([PUSH-4]). */
async function answerFailure(
  ctx: PushContext,
  batch: OutboxRow[],
  answer: RemoteResult<OpAnswer[]>,
): Promise<Failure | null> {
  if (answer.ok) return null;
  const what = classify(answer.failure);
  if (what !== 'bad_request') return { kind: what, failure: answer.failure };
  const [only] = batch;
  if (batch.length === 1 && only) {
    const { failure } = answer;
    const code =
      failure.kind === 'http' ? failure.hint || failure.code || `http_${failure.status}` : 'network';
    await applyAnswers(
      ctx,
      batch,
      new Map([
        [only.op_id, { op_id: only.op_id, status: 'rejected', error: { code, message: failure.message } }],
      ]),
    );
    return null;
  }
  const middle = Math.ceil(batch.length / 2);
  return (await sendBatch(ctx, batch.slice(0, middle))) ?? (await sendBatch(ctx, batch.slice(middle)));
}

/** [PUSH-2] Applies a batch's answers in one ledger transaction; true when an op was re-keyed ([PUSH-7]). */
async function applyAnswers(
  ctx: PushContext,
  batch: OutboxRow[],
  answers: ReadonlyMap<string | null, OpAnswer>,
): Promise<boolean> {
  const { ledger } = ctx;
  const now = ctx.now();
  let rekeyed = false;
  ctx.onApplied?.(
    batch.filter((sent) => {
      const status = answers.get(sent.op_id)?.status;
      return status === 'applied' || status === 'duplicate';
    }),
  );
  await ledger.transaction('rw', answerTables(ledger), async () => {
    // Another leader may have applied some of these answers already (two tabs contending).
    // Only the keys: a done op needs no more than the op_id and entity it was sent with, and reading every
    // op's args back was a value read per op of a replay; a held or refused op is read whole below.
    const queued = new Set(
      await ledger.outbox
        .where(':id')
        .anyOf(batch.map((sent) => sent.op_id))
        .primaryKeys(),
    );
    // Consecutive done ops are settled together, each other answer alone in its place, so a row two ops
    // touch ends as the later one leaves it.
    let done: Done[] = [];
    for (const sent of batch) {
      const answer = answers.get(sent.op_id);
      if (!answer || !queued.has(sent.op_id)) continue;
      if (answer.status === 'applied' || answer.status === 'duplicate') {
        done.push({ row: sent, answer });
        continue;
      }
      await settleDone(ledger, done);
      done = [];
      const row = await ledger.outbox.get(sent.op_id);
      if (!row) continue;
      if (answer.error?.code === OP_ID_CONFLICT) {
        await rekey(ledger, row);
        rekeyed = true;
      } else {
        await applyRejection(ctx, row, answer, now);
      }
    }
    await settleDone(ledger, done);
  });
  return rekeyed;
}

interface Done {
  row: OutboxRow;
  answer: OpAnswer;
}

/**
 * [PUSH-2] Applied or duplicate: the ops leave the outbox (which is what makes a sale synced), their other
 * rows turn synced and the server's txid of each is kept for its stock deltas ([ONHAND-2]), a few bulk
 * requests for the lot rather than several per op (a replay of 10,000 sales).
 */
async function settleDone(ledger: LedgerDb, done: readonly Done[]): Promise<void> {
  if (done.length === 0) return;
  const changes = new Map<EntityRef['table'], Map<string, Record<string, unknown>>>();
  for (const { row, answer } of done) {
    // A sale's "synced" is its op having left the outbox (sale-sync.ts): its row is not rewritten.
    if (row.entity === null || (DERIVED_SYNC_TABLES.has(row.entity.table) && !answer.result)) continue;
    const table = changes.get(row.entity.table) ?? new Map<string, Record<string, unknown>>();
    changes.set(row.entity.table, table);
    table.set(row.entity.id, {
      ...table.get(row.entity.id),
      ...syncChanges('synced', null, answer.result ? { result: answer.result } : {}),
    });
  }
  // The movements themselves are not touched here: rewriting each with its txid (and every index of it) was
  // most of a replay's work in Chromium's IndexedDB. A pull settles them with these txids (stock-on-hand.ts).
  const applied = done.flatMap(({ row, answer }) =>
    answer.txid ? [{ op_id: row.op_id, txid: answer.txid }] : [],
  );
  await Promise.all([
    ledger.outbox.bulkDelete(done.map(({ row }) => row.op_id)),
    ...[...changes].map(([table, rows]) =>
      ledger[table].bulkUpdate([...rows].map(([key, changed]) => ({ key, changes: changed }))),
    ),
    ledger.appliedOps.bulkPut(applied),
    stampValueTxids(ledger, applied),
  ]);
}

async function applyRejection(
  ctx: PushContext,
  row: OutboxRow,
  answer: OpAnswer,
  now: number,
): Promise<void> {
  const { ledger } = ctx;
  const error = answer.error ?? { code: 'rejected', message: 'The server refused this operation.' };
  if (WAIT_FOR_ANOTHER_USER.has(error.code) || WAIT_A_WHILE.has(error.code)) {
    await ledger.outbox.update(row.op_id, {
      state: 'held',
      held_by: ctx.userId,
      held_until: WAIT_A_WHILE.has(error.code) ? now + HELD_RETRY_MS : null,
      attempts: row.attempts + 1,
      last_error: error,
    });
    return;
  }
  const { state: _state, held_by: _by, held_until: _until, ...rest } = row;
  await ledger.deadLetters.put({
    ...rest,
    attempts: row.attempts + 1,
    last_error: error,
    error,
    failed_at: new Date(now).toISOString(),
  });
  await ledger.outbox.delete(row.op_id);
  await markEntity(ledger, row.entity, 'attention', error);
  // The server applied none of it: its local deltas stop counting towards on-hand.
  await ledger.stockMovements.where('op_id').equals(row.op_id).modify({ settled: 1, sync: 'attention' });
  await ledger.valueEntries.where('op_id').equals(row.op_id).modify({ settled: 1, sync: 'attention' });
}

/**
 * [PUSH-7] The same op under a fresh op_id, in the same place in the queue (later ops may depend on it), with
 * everything that points at the old op_id moved along; it goes in the next push.
 */
async function rekey(ledger: LedgerDb, row: OutboxRow): Promise<void> {
  const opId = newId();
  await ledger.outbox.delete(row.op_id);
  await ledger.outbox.put({ ...row, op_id: opId, state: 'pending', held_by: null, held_until: null });
  await markEntity(ledger, row.entity, 'pending', null, { op_id: opId });
  await ledger.stockMovements.where('op_id').equals(row.op_id).modify({ op_id: opId });
  await ledger.valueEntries.where('op_id').equals(row.op_id).modify({ op_id: opId });
}
