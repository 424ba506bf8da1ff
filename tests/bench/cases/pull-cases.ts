// P10 (issue 39): pull_changes on PostgreSQL 15 within 1.5× of its time on PGlite for the same rows. The same
// shop — scripts/seed-large.ts at the run's sizes, with ids derived from names, so both hold the very same
// rows — is seeded into the bench's PGlite stack and into a database of its own (`pull_bench`) on the server
// DATABASE_URL names, behind a second local stack. A full pull of every mirrored table, as the cashier,
// through supabase-js and PostgREST, in the till's pages of 1000, is timed on each in turn. Without
// DATABASE_URL it says so and does not run; the database is dropped afterwards.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { MIRRORED_TABLES } from '../../../src/data/local/mirror-db';
import { ANON_KEY } from '../../../supabase/local/config';
import type { BenchConfig } from '../config';
import { inScratchDatabase } from '../postgres';
import { formatFigure, notRun, row, type BenchRow } from '../report';
import { seedShop, startStack } from '../servers';
import { median } from '../stats';
import { pullTargets } from '../targets';

export const PULL_BUDGET = ['P10', 'pull_changes on PostgreSQL vs PGlite', '≤ 1.5× PGlite'] as const;
const [ID, WHAT, BUDGET] = PULL_BUDGET;
const BENCH_DATABASE = 'pull_bench';
/** The till's pull page (src/data/sync), and PostgREST's db-max-rows on Supabase. */
const PAGE = 1000;

interface PullRun {
  ms: number;
  rows: number;
  /** Milliseconds per table, to say where a slow pull spent its time. */
  tables: Record<string, number>;
}

interface Page {
  rows: unknown[];
  next: unknown;
  has_more: boolean;
}

async function signedIn(url: string, config: BenchConfig): Promise<SupabaseClient> {
  // On Node 20 supabase-js wants a WebSocket for Realtime even though nothing here subscribes.
  const client = createClient(url, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const { error } = await client.auth.signInWithPassword({ email: config.email, password: config.password });
  if (error !== null) throw new Error(`Sign-in as ${config.email} at ${url} failed: ${error.message}`);
  return client;
}

/** Every mirrored table from the start, page after page, as a till's first sync asks for them. */
async function pullAll(client: SupabaseClient): Promise<PullRun> {
  const tables: Record<string, number> = {};
  let rows = 0;
  const start = performance.now();
  for (const table of Object.keys(MIRRORED_TABLES)) {
    const tableStart = performance.now();
    let after: unknown = null;
    for (;;) {
      const answer: { data: unknown; error: { message: string } | null } = await client.rpc('pull_changes', {
        p_table: table,
        p_after: after,
        p_limit: PAGE,
      });
      if (answer.error !== null) throw new Error(`pull_changes(${table}) failed: ${answer.error.message}`);
      const page = answer.data as Page;
      rows += page.rows.length;
      if (!page.has_more) break;
      after = page.next;
    }
    tables[table] = performance.now() - tableStart;
  }
  return { ms: performance.now() - start, rows, tables };
}

/** '12,345 rows/s'. */
function rate(rows: number, ms: number): string {
  return `${Math.round((rows / ms) * 1000).toLocaleString('en')} rows/s`;
}

/** The three tables where PostgreSQL spent the longest, with PGlite's time beside each. */
function slowest(postgres: PullRun, pglite: PullRun): string {
  return Object.entries(postgres.tables)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(
      ([table, ms]) =>
        `${table} ${formatFigure(ms, 'ms')} (PGlite ${formatFigure(pglite.tables[table] ?? NaN, 'ms')})`,
    )
    .join(', ');
}

/**
 * P10, against `pgliteUrl`: the bench's own stack on its seeded PGlite folder, before any case has written
 * to it. Seeds and serves the PostgreSQL side itself on the next port.
 */
export async function pullRows(
  pgliteUrl: string,
  config: BenchConfig,
  log: (text: string) => void,
): Promise<BenchRow[]> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    log(
      'P10 skipped: it needs PostgreSQL (set DATABASE_URL, e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres)',
    );
    return [notRun(ID, WHAT, BUDGET, 'no PostgreSQL: set DATABASE_URL')];
  }
  return inScratchDatabase(url, BENCH_DATABASE, async (benchUrl) => {
    const seeded = performance.now();
    await seedShop({ products: config.products, customers: config.customers }, { DATABASE_URL: benchUrl });
    log(`P10 seeded PostgreSQL in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    const port = config.stackPort + 1;
    const stack = await startStack({ databaseUrl: benchUrl }, port, config.appUrl);
    try {
      const pglite = await signedIn(pgliteUrl, config);
      const postgres = await signedIn(`http://127.0.0.1:${port}`, config);
      // One pull each before the clock: the first calls of a stack open its connections and plan its queries.
      await pullAll(pglite);
      await pullAll(postgres);
      const onPglite: PullRun[] = [];
      const onPostgres: PullRun[] = [];
      // Turn about, so a busy spell of the shared machine falls on both.
      for (let run = 0; run < config.syncRuns; run++) {
        onPglite.push(await pullAll(pglite));
        onPostgres.push(await pullAll(postgres));
        const [a, b] = [onPglite.at(-1), onPostgres.at(-1)] as [PullRun, PullRun];
        log(
          `P10 run ${run + 1}: PGlite ${formatFigure(a.ms, 'ms')} (${rate(a.rows, a.ms)}), ` +
            `PostgreSQL ${formatFigure(b.ms, 'ms')} (${rate(b.rows, b.ms)})`,
        );
      }
      const rows = onPostgres[0]?.rows ?? 0;
      const pgliteRows = onPglite[0]?.rows ?? 0;
      if (rows !== pgliteRows)
        throw new Error(`PostgreSQL pulled ${rows} rows, PGlite ${pgliteRows}: not the same shop`);
      const pgMs = median(onPostgres.map((r) => r.ms));
      const liteMs = median(onPglite.map((r) => r.ms));
      const last = [onPostgres.at(-1), onPglite.at(-1)] as [PullRun, PullRun];
      return [
        row({
          id: ID,
          what: `pull_changes of every table (${rows} rows) on PostgreSQL 15`,
          budget: BUDGET,
          unit: 'ms',
          samples: onPostgres.map((r) => r.ms),
          baseline: `PGlite ${formatFigure(liteMs, 'ms')} (${rate(rows, liteMs)}); PostgreSQL ${rate(rows, pgMs)}`,
          passes: ({ median: m }) => m <= 1.5 * liteMs,
          targets: pullTargets(pgMs, liteMs),
          note:
            `${Object.keys(MIRRORED_TABLES).length} tables in pages of ${PAGE} as the demo cashier, through ` +
            `supabase-js and each stack's PostgREST, one warm-up pull each first; slowest on PostgreSQL: ` +
            slowest(...last),
        }),
      ];
    } finally {
      await stack.stop();
    }
  });
}
