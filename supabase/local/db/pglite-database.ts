// PGlite adapter: Postgres compiled to WASM, in this process, persisted to a folder (or in memory for tests).
// PGlite has one connection, so transactions are queued one after another; that is the price of needing
// no server, and the reason heavy concurrency tests also run on PostgreSQL.
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { beginStatement, toDatabaseError } from './database';
import type { Database, Queryable, QueryResult, TransactionOptions } from './database';

/** `dataDir` undefined → in memory. */
export async function openPgliteDatabase(dataDir?: string): Promise<Database> {
  // pgcrypto is what Supabase offers in the `extensions` schema; seed.sql hashes demo passwords with it.
  const extensions = { pgcrypto };
  const pg = dataDir === undefined ? new PGlite({ extensions }) : new PGlite(dataDir, { extensions });
  await pg.waitReady;
  // PGlite runs statements one at a time; this chain keeps a transaction's statements together.
  let queue: Promise<unknown> = Promise.resolve();
  const serialise = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  const on = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      try {
        const result = await target.query<Row>(sql, [...params]);
        return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
      } catch (error) {
        throw toDatabaseError(error);
      }
    },
    async exec(sql: string): Promise<void> {
      try {
        await target.exec(sql);
      } catch (error) {
        throw toDatabaseError(error);
      }
    },
  });
  const direct = on(pg);

  return {
    kind: 'pglite',
    query: (sql, params) => serialise(() => direct.query(sql, params)),
    exec: (sql) => serialise(() => direct.exec(sql)),
    transaction<T>(work: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T> {
      return serialise(async () => {
        await direct.exec(beginStatement(options));
        try {
          const result = await work(direct);
          await direct.exec('commit');
          return result;
        } catch (error) {
          await direct.exec('rollback');
          throw error;
        }
      });
    },
    close: () => serialise(() => pg.close()),
  };
}
