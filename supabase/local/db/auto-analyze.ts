// PostgreSQL's autovacuum analyzes a table again once more of its rows have changed since the last analyze
// than 50 + 10 % of its rows (autovacuum_analyze_threshold and _scale_factor, as PostgreSQL ships them), so
// the planner's idea of a table follows its size. PGlite runs no background workers: its statistics stayed as
// the seed left them, and a table that was empty then (the sales' lines' modifiers) was planned as empty
// however much it grew. A batch of café sales then read every earlier modifier row once per sale: about 3 ms a
// sale after 300 of them, 23 ms after 10,000 (issue 39). The local stack on PGlite applies the same rule itself.
import type { Queryable } from './database';

/** The tables whose changes since their last analyze pass autovacuum's default threshold. */
const DUE = `
  select pg_catalog.format('%I.%I', s.schemaname, s.relname) as name
  from pg_catalog.pg_stat_user_tables s
  join pg_catalog.pg_class c on c.oid = s.relid
  where s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
  order by s.schemaname, s.relname`;

/** Analyzes each table autovacuum would; returns their names. */
export async function analyzeDueTables(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(DUE);
  // One statement a table: a failure (a table dropped meanwhile) costs that table's statistics, not the rest.
  for (const { name } of rows) await db.exec(`analyze ${name}`);
  return rows.map((row) => row.name);
}

export interface AutoAnalyze {
  /** Stops the checks, after the one under way (if any) has finished, so the database can close. */
  stop(): Promise<void>;
}

/**
 * Checks every `everyMs` (PostgreSQL's autovacuum_naptime is a minute; a replay of thousands of sales takes
 * less than that, so the stack looks more often) and analyzes what is due. The counts it reads are the
 * statistics PGlite keeps itself, flushed at most once a second.
 */
export function analyzeAsAutovacuumWould(
  db: Queryable,
  everyMs = 5_000,
  onError: (error: unknown) => void = (error) => {
    console.error(`Keeping the planner's statistics fresh failed: ${String(error)}`);
  },
): AutoAnalyze {
  let stopped = false;
  let current: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      current = analyzeDueTables(db).then(
        () => undefined,
        (error: unknown) => {
          if (!stopped) onError(error);
        },
      );
      void current.then(() => {
        if (!stopped) schedule();
      });
    }, everyMs);
    // A stack left running by a script should not keep Node alive for this alone.
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
