// The peer (issue 17): RxDB with its free Dexie storage and its Supabase replication plugin, in the same page,
// against the same stack and with the same signed-in client as Tillpoint's cases. P1's peer pulls the
// shop's products from public.rxdb_products into a fresh RxDB database; P5's peer pushes the very sales
// Tillpoint's replay pushes, one document per sale, to public.rxdb_sales (tests/bench/peer/rxdb-tables.sql).
// Only the replication is timed: the database and collection are made first, and P5's documents are
// inserted into the collection before the clock starts, as Tillpoint's sales sit in its outbox.
//
// What the free version allows, and what is chosen here: no dev-mode plugin (it validates every document
// and is meant for development, not for figures), at most 13 open collections (each run removes its
// database), `multiInstance: false` and `waitForLeadership: false` (one tab: no leader election is timed),
// and `live: false` (no Realtime: the replication runs once to in-sync and stops).
import { createRxDatabase, RXDB_VERSION, type RxCollection, type RxJsonSchema } from 'rxdb';
import { replicateSupabase, type RxSupabaseReplicationState } from 'rxdb/plugins/replication-supabase';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { LedgerDb } from '../../../src/data/local/ledger-db';
import { elapsed, type BenchEnv } from './bench-env';

type Doc = Record<string, unknown>;

export const PEER_NAME = `RxDB ${RXDB_VERSION}`;
/** Tillpoint's pull page, and PostgREST's db-max-rows on Supabase. */
const PULL_PAGE = 1000;
/** Tillpoint's push batch: RxDB sends a batch's documents as that many concurrent inserts. */
const PUSH_BATCH = 100;

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const nullableNumber = { type: ['number', 'null'] } as const;

/** A version-0 schema keyed by a text `id` (a uuid), as RxDB wants its primary keys. */
function keyedById(properties: RxJsonSchema<Doc>['properties'], required: string[]): RxJsonSchema<Doc> {
  return {
    version: 0,
    primaryKey: 'id',
    type: 'object',
    properties: { id: { type: 'string', maxLength: 36 }, ...properties },
    required: ['id', ...required],
  };
}

/** public.rxdb_products' columns, less `_modified` and `_deleted`, which the plugin maps itself. */
const productSchema = keyedById(
  {
    company_id: text,
    category_id: nullableText,
    sku: nullableText,
    barcode: nullableText,
    name: text,
    price: { type: 'number' },
    tax_rate_bp: { type: 'number' },
    cost: nullableNumber,
    unit: text,
    weighed: { type: 'boolean' },
    track_stock: { type: 'boolean' },
    reorder_level: nullableNumber,
    quick_key: nullableNumber,
    active: { type: 'boolean' },
    created_at: text,
    updated_at: text,
  },
  ['company_id', 'name', 'price', 'tax_rate_bp'],
);

/** A sale as the till's sale.record argument has it, plus its company: public.rxdb_sales' columns. */
const saleSchema = keyedById(
  {
    company_id: text,
    terminal_id: text,
    shift_id: nullableText,
    cashier_id: nullableText,
    customer_id: nullableText,
    receipt_no: text,
    occurred_at: text,
    note: nullableText,
    subtotal: nullableNumber,
    discount_total: nullableNumber,
    tax_total: { type: 'number' },
    rounding: nullableNumber,
    total: { type: 'number' },
    lines: { type: 'array', items: { type: 'object' } },
    payments: { type: ['array', 'null'], items: { type: 'object' } },
    receipt_token: nullableText,
  },
  ['company_id', 'terminal_id', 'receipt_no', 'occurred_at', 'tax_total', 'total', 'lines'],
);

/** A fresh RxDB database with one collection for `work`, removed afterwards (the free version's limit). */
async function withCollection<T>(
  name: string,
  schema: RxJsonSchema<Doc>,
  work: (docs: RxCollection<Doc>) => Promise<T>,
): Promise<T> {
  const db = await createRxDatabase({
    name: `${name}-${Date.now()}`,
    storage: getRxStorageDexie(),
    multiInstance: false,
  });
  try {
    const collections = await db.addCollections({ docs: { schema } });
    return await work(collections.docs as RxCollection<Doc>);
  } finally {
    await db.remove();
  }
}

/**
 * One replication with `table`, run once (no Realtime), timed from its start until `done` resolves. It fails
 * on the replication's first error: the plugin retries every error forever (every 5 s), which would hang the
 * bench instead of saying what went wrong.
 */
async function timedReplication(
  env: BenchEnv,
  docs: RxCollection<Doc>,
  table: string,
  direction: { pull: { batchSize: number } } | { push: { batchSize: number } },
  done: (replication: RxSupabaseReplicationState<Doc>) => Promise<unknown>,
): Promise<number> {
  const start = performance.now();
  const replication = replicateSupabase<Doc>({
    replicationIdentifier: `bench-${table}-${Date.now()}`,
    client: env.supabase,
    tableName: table,
    collection: docs,
    ...direction,
    live: false,
    waitForLeadership: false,
  });
  let subscription: { unsubscribe(): void } | undefined;
  const failed = new Promise<never>((_, reject) => {
    subscription = replication.error$.subscribe((error) => {
      reject(new Error(`RxDB replication failed: ${JSON.stringify(error.parameters).slice(0, 500)}`));
    });
  });
  try {
    await Promise.race([done(replication), failed]);
    return elapsed(start);
  } finally {
    subscription?.unsubscribe();
    await replication.cancel();
  }
}

export interface PeerRun {
  ms: number;
  /** Documents in the RxDB collection (P1) or rows on the server (P5) afterwards. */
  rows: number;
}

/** P1's peer: every product this user may read, pulled into a fresh RxDB database. */
export function peerPull(env: BenchEnv, run: number): Promise<PeerRun> {
  return withCollection(`bench-rxdb-p1-${run}`, productSchema, async (docs) => {
    const ms = await timedReplication(env, docs, 'rxdb_products', { pull: { batchSize: PULL_PAGE } }, (r) =>
      r.awaitInitialReplication(),
    );
    return { ms, rows: await docs.count().exec() };
  });
}

let queuedSales: Doc[] = [];

/** The sale.record arguments now queued in the till's outbox, kept as P5's peer documents (not timed). */
export async function keepQueuedSales(ledger: LedgerDb): Promise<number> {
  const ops = await ledger.outbox.orderBy('seq').toArray();
  queuedSales = ops
    .filter((op) => op.name === 'sale.record')
    .map((op) => ({
      shift_id: null,
      cashier_id: null,
      customer_id: null,
      note: null,
      subtotal: null,
      discount_total: null,
      rounding: null,
      payments: null,
      receipt_token: null,
      ...op.args,
      company_id: op.company_id,
    }));
  return queuedSales.length;
}

/** P5's peer: the kept sales inserted into a fresh RxDB collection, then pushed until in sync. */
export async function peerPush(env: BenchEnv): Promise<PeerRun> {
  if (queuedSales.length === 0) throw new Error('No sales kept for the peer: call keepQueuedSales first.');
  return withCollection('bench-rxdb-p5', saleSchema, async (docs) => {
    const inserted = await docs.bulkInsert(queuedSales);
    if (inserted.error.length > 0) throw new Error(`RxDB refused ${inserted.error.length} sales.`);
    const ms = await timedReplication(env, docs, 'rxdb_sales', { push: { batchSize: PUSH_BATCH } }, (r) =>
      r.awaitInSync(),
    );
    return {
      ms,
      rows: await countOnServer(
        env,
        queuedSales.map((sale) => String(sale.id)),
      ),
    };
  });
}

/** How many of `ids` reached public.rxdb_sales, asked in pages short enough for a URL. */
async function countOnServer(env: BenchEnv, ids: readonly string[]): Promise<number> {
  let found = 0;
  for (let from = 0; from < ids.length; from += 200) {
    const { count, error } = await env.supabase
      .from('rxdb_sales')
      .select('id', { count: 'exact', head: true })
      .in('id', ids.slice(from, from + 200));
    if (error !== null) throw new Error(`Counting the peer's sales failed: ${error.message}`);
    found += count ?? 0;
  }
  return found;
}
