// node-postgres adapter: a real PostgreSQL server reached through DATABASE_URL, with a connection pool, so
// requests run concurrently exactly as they do behind PostgREST on Supabase.
import pg from 'pg';
import { beginStatement, toDatabaseError } from './database';
import type { Database, Queryable, QueryResult, TransactionOptions } from './database';

// PGlite reads int8 as a JS number; read it the same way here so both adapters answer alike (the contract
// suite checks). Values past 2^53 never occur in this stack: money is minor units, counts are small.
const INT8_OID = 20;
const defaultParser = pg.types.getTypeParser as (oid: number, format: 'text') => (value: string) => unknown;
const types = {
  getTypeParser(oid: number): (value: string) => unknown {
    return oid === INT8_OID ? Number : defaultParser(oid, 'text');
  },
};

export function openPostgresDatabase(connectionString: string): Database {
  const pool = new pg.Pool({ connectionString, max: 10, types });
  // An idle client that loses its server must not crash the stack; the next checkout reconnects.
  pool.on('error', () => undefined);

  const on = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      try {
        const result = await client.query(sql, [...params]);
        return { rows: result.rows as Row[], affectedRows: result.rowCount ?? 0 };
      } catch (error) {
        throw toDatabaseError(error);
      }
    },
    async exec(sql: string): Promise<void> {
      try {
        await client.query(sql);
      } catch (error) {
        throw toDatabaseError(error);
      }
    },
  });
  const direct = on(pool);

  return {
    kind: 'postgres',
    query: (sql, params) => direct.query(sql, params),
    exec: (sql) => direct.exec(sql),
    async transaction<T>(work: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T> {
      const client = await pool.connect();
      const tx = on(client);
      try {
        await tx.exec(beginStatement(options));
        const result = await work(tx);
        await tx.exec('commit');
        return result;
      } catch (error) {
        await tx.exec('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
