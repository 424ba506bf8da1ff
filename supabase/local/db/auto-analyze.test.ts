import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { openPgliteDatabase } from './pglite-database';
import { analyzeAsAutovacuumWould, analyzeDueTables } from './auto-analyze';

let db: Database;

beforeEach(async () => {
  db = await openPgliteDatabase();
  await db.exec(
    'create table public.lines (id int primary key); create table public.quiet (id int primary key)',
  );
});

afterEach(async () => {
  await db.close();
});

/** Inserts ids from..to and makes PGlite publish its change counts now, not up to a second later. */
async function insert(table: string, from: number, to: number): Promise<void> {
  await db.exec(
    `insert into public.${table} select g from generate_series(${String(from)}, ${String(to)}) g`,
  );
  await db.query('select pg_catalog.pg_stat_force_next_flush()');
  await db.query('select 1');
}

async function plannedRows(table: string): Promise<number> {
  const { rows } = await db.query<{ reltuples: number }>(
    `select reltuples from pg_catalog.pg_class where oid = 'public.${table}'::regclass`,
  );
  return Number(rows[0]?.reltuples);
}

describe('analyzeDueTables', () => {
  it('analyzes a table once more than 50 + 10 % of its rows changed, as autovacuum would', async () => {
    await insert('quiet', 1, 50);
    await insert('lines', 1, 1000);
    expect(await analyzeDueTables(db)).toEqual(['public.lines']);
    expect(await plannedRows('lines')).toBe(1000);

    // 1000 rows: due after more than 150 changes, not at 150.
    await insert('lines', 1001, 1150);
    expect(await analyzeDueTables(db)).toEqual([]);
    await insert('lines', 1151, 1151);
    expect(await analyzeDueTables(db)).toEqual(['public.lines']);
    expect(await plannedRows('lines')).toBe(1151);
  });
});

describe('analyzeAsAutovacuumWould', () => {
  it('keeps analyzing as a table grows, and stops when asked', async () => {
    const errors: unknown[] = [];
    const checks = analyzeAsAutovacuumWould(db, 20, (error) => errors.push(error));
    await insert('lines', 1, 500);
    await expect.poll(() => plannedRows('lines'), { timeout: 5_000 }).toBe(500);
    await insert('lines', 501, 5000);
    await expect.poll(() => plannedRows('lines'), { timeout: 5_000 }).toBe(5000);
    await checks.stop();
    await insert('lines', 5001, 9000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await plannedRows('lines')).toBe(5000);
    expect(errors).toEqual([]);
  });

  it('reports a failed check and goes on checking', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const failingOnce = {
      query: async <Row>(sql: string, params?: readonly unknown[]) => {
        calls += 1;
        if (calls === 1) throw new Error('busy');
        return db.query<Row>(sql, params);
      },
      exec: (sql: string) => db.exec(sql),
    };
    const checks = analyzeAsAutovacuumWould(failingOnce, 20, (error) => errors.push(error));
    await insert('lines', 1, 500);
    await expect.poll(() => plannedRows('lines'), { timeout: 5_000 }).toBe(500);
    await checks.stop();
    expect(errors.map(String)).toEqual(['Error: busy']);
  });
});
