// P1 and P3's floor in the page: the app's first sync (SyncEngine: memberships, push, then the real pull of
// every mirrored table into a fresh mirror) against the raw floor of putting the very same rows into a fresh
// mirror with one bulkPut per table, and when the register's tables (every one pulled before customers) were
// in; and P3's naive baseline, a Dexie.filter scan of the mirror's products.
import { Dexie } from 'dexie';
import { foldText } from '../../../src/domain/product-search';
import { LedgerDb } from '../../../src/data/local/ledger-db';
import { MIRRORED_TABLES, MirrorDb, type MirrorProduct } from '../../../src/data/local/mirror-db';
import { SyncEngine } from '../../../src/data/sync/sync-engine';
import { elapsed, type BenchEnv } from './bench-env';

export interface FirstSyncRun {
  syncMs: number;
  /** The part of the sync that pulled the products (their pages, from the last category page on). */
  productsMs: number;
  /** When every table the register reads was in: all those pulled before customers. */
  registerMs: number;
  floorMs: number;
  rows: Record<string, number>;
}

/** The mirror of the last first sync stays open: P3's floor and P4's catalogue read it. */
let lastMirror: MirrorDb | null = null;

export function syncedMirror(): MirrorDb {
  if (lastMirror === null) throw new Error('Run the first sync (P1) before this case.');
  return lastMirror;
}

export async function firstSync(env: BenchEnv, run: number): Promise<FirstSyncRun> {
  const mirror = new MirrorDb(`bench-p1-mirror-${run}`);
  const ledger = new LedgerDb(`bench-p1-ledger-${run}`);
  await Promise.all([mirror.delete(), ledger.delete()]);
  await Promise.all([mirror.open(), ledger.open()]);
  const engine = new SyncEngine({
    ledger,
    mirrorFor: () => mirror,
    remote: env.remote,
    now: () => Date.now(),
    random: Math.random,
    isOnline: () => true,
  });
  // When each table's latest page landed: the products took from the categories' last page to their own.
  const pageAt = new Map<string, number>();
  const registerTables = Object.keys(MIRRORED_TABLES).indexOf('customers');
  let registerMs = Number.NaN;
  const start = performance.now();
  const stop = engine.subscribe(({ progress }) => {
    if (progress === null) return;
    pageAt.set(progress.table, performance.now());
    if (progress.tablesDone >= registerTables && Number.isNaN(registerMs)) registerMs = elapsed(start);
  });
  await engine.syncNow();
  const syncMs = elapsed(start);
  stop();
  const productsMs = (pageAt.get('products') ?? Number.NaN) - (pageAt.get('categories') ?? Number.NaN);
  const status = engine.getStatus();
  if (status.phase !== 'idle') {
    throw new Error(`The first sync ended in "${status.phase}": ${status.lastError ?? 'no error given'}`);
  }

  // The floor: the same rows, already in memory, into an empty mirror of the same schema.
  const tables = mirror.tables.filter((table) => table.name !== 'cursors' && table.name !== 'meta');
  const data = await Promise.all(tables.map((table) => table.toArray()));
  const floor = new MirrorDb(`bench-p1-floor-${run}`);
  await floor.delete();
  await floor.open();
  const floorStart = performance.now();
  for (const [index, table] of tables.entries()) await floor.table(table.name).bulkPut(data[index] ?? []);
  const floorMs = elapsed(floorStart);
  const rows = Object.fromEntries(tables.map((table, index) => [table.name, data[index]?.length ?? 0]));

  floor.close();
  await Promise.all([Dexie.delete(floor.name), ledger.delete()]);
  if (lastMirror !== null) await lastMirror.delete();
  lastMirror = mirror;
  return { syncMs, productsMs, registerMs, floorMs, rows };
}

/** P3's baseline: each query answered by scanning the mirror (fold every row's text, then match). */
export async function filterScan(queries: readonly string[]): Promise<{ ms: number[]; found: number[] }> {
  const mirror = syncedMirror();
  const ms: number[] = [];
  const found: number[] = [];
  for (const query of queries) {
    const words = foldText(query).trim().split(/\s+/);
    const start = performance.now();
    const rows = await mirror.products
      .filter((product: MirrorProduct) => {
        const haystack = foldText(`${product.name} ${product.sku ?? ''} ${product.barcode ?? ''}`);
        return words.every((word) => haystack.includes(word));
      })
      .toArray();
    ms.push(elapsed(start));
    found.push(rows.length);
  }
  return { ms, found };
}
