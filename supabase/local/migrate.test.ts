import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openPgliteDatabase } from './db/pglite-database';
import type { Database } from './db/database';
import { MigrationDriftError, MigrationFailedError, migrate } from './migrate';

let dir: string;
let db: Database;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tillpoint-migrations-'));
  db = await openPgliteDatabase();
});
afterEach(async () => {
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

const write = (file: string, sql: string) => writeFile(join(dir, file), sql);
const tables = async () =>
  (
    await db.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
    )
  ).rows.map((r) => r.name);

test('applies files in name order and records each one', async () => {
  await write('20260101000002_second.sql', 'alter table a add column b int;');
  await write('20260101000001_first.sql', 'create table a (id int);');
  const report = await migrate(db, [dir]);
  expect(report).toEqual({
    applied: ['20260101000001_first.sql', '20260101000002_second.sql'],
    alreadyApplied: [],
    wasEmpty: true,
  });
  const { rows } = await db.query<{ version: string; name: string }>(
    'select version, name from supabase_migrations.schema_migrations order by version',
  );
  expect(rows).toEqual([
    { version: '20260101000001', name: 'first' },
    { version: '20260101000002', name: 'second' },
  ]);
});

test('a second run applies nothing and says the database was not empty', async () => {
  await write('20260101000001_first.sql', 'create table a (id int);');
  await migrate(db, [dir]);
  const again = await migrate(db, [dir]);
  expect(again).toEqual({ applied: [], alreadyApplied: ['20260101000001_first.sql'], wasEmpty: false });
});

test('a new file added later is applied on the next run', async () => {
  await write('20260101000001_first.sql', 'create table a (id int);');
  await migrate(db, [dir]);
  await write('20260101000002_more.sql', 'create table b (id int);');
  expect((await migrate(db, [dir])).applied).toEqual(['20260101000002_more.sql']);
  expect(await tables()).toEqual(['a', 'b']);
});

test('a changed applied file is refused with a message naming it', async () => {
  await write('20260101000001_first.sql', 'create table a (id int);');
  await migrate(db, [dir]);
  await write('20260101000001_first.sql', 'create table a (id int, extra text);');
  const error = await migrate(db, [dir]).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(MigrationDriftError);
  expect((error as Error).message).toContain('20260101000001_first.sql');
});

test('a failing file is rolled back whole, named, and earlier files stay applied', async () => {
  await write('20260101000001_good.sql', 'create table a (id int);');
  await write('20260101000002_bad.sql', 'create table b (id int); insert into nowhere values (1);');
  const error = await migrate(db, [dir]).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(MigrationFailedError);
  expect((error as Error).message).toContain('20260101000002_bad.sql');
  expect(await tables()).toEqual(['a']);
  const { rows } = await db.query('select version from supabase_migrations.schema_migrations');
  expect(rows).toHaveLength(1);
});

test('a misnamed file is refused before anything runs', async () => {
  await write('create_things.sql', 'create table a (id int);');
  await expect(migrate(db, [dir])).rejects.toThrow(/create_things\.sql is misnamed/);
  expect(await tables()).toEqual([]);
});

test('files from several folders are applied in one name order', async () => {
  const other = await mkdtemp(join(tmpdir(), 'tillpoint-migrations-extra-'));
  try {
    await write('20260101000001_first.sql', 'create table a (id int);');
    await writeFile(join(other, '20260101000000_zero.sql'), 'create table z (id int);');
    expect((await migrate(db, [dir, other])).applied).toEqual([
      '20260101000000_zero.sql',
      '20260101000001_first.sql',
    ]);
  } finally {
    await rm(other, { recursive: true, force: true });
  }
});
