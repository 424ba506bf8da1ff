// The contract every Database adapter keeps (supabase/local/db/database.ts). One suite, run against PGlite and
// against PostgreSQL, so the stack cannot come to depend on one adapter's quirks.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DatabaseError } from '../../supabase/local/db/database';
import type { Database } from '../../supabase/local/db/database';

export function databaseContract(name: string, open: () => Promise<Database>): void {
  let db: Database;
  const schema = `contract_${name}_${Math.random().toString(36).slice(2, 8)}`;
  const t = (table: string) => `${schema}.${table}`;

  beforeAll(async () => {
    db = await open();
    await db.exec(`create schema ${schema}; create table ${t('items')} (id int primary key, label text, data jsonb);
      do $$ begin
        if not exists (select 1 from pg_roles where rolname = 'contract_reader') then create role contract_reader nologin; end if;
      end $$;`);
  });
  afterAll(async () => {
    await db.exec(`drop schema ${schema} cascade`);
    await db.close();
  });

  test(`[${name}] query binds parameters and reads common types alike`, async () => {
    const { rows } = await db.query(
      `select $1::int as i4, $2::int8 as i8, $3::text as s, $4::boolean as b, $5::jsonb as j, null::text as n`,
      [7, 9_007_199_254, "it's", true, JSON.stringify({ a: [1, 2] })],
    );
    expect(rows).toEqual([{ i4: 7, i8: 9_007_199_254, s: "it's", b: true, j: { a: [1, 2] }, n: null }]);
  });

  test(`[${name}] a value is stored as given, never spliced into SQL`, async () => {
    const hostile = "x'); drop table items; --";
    await db.query(`insert into ${t('items')} (id, label) values ($1, $2)`, [1, hostile]);
    const { rows } = await db.query<{ label: string }>(`select label from ${t('items')} where id = $1`, [1]);
    expect(rows[0]?.label).toBe(hostile);
  });

  test(`[${name}] affectedRows counts written rows`, async () => {
    const inserted = await db.query(`insert into ${t('items')} (id, label) values (10, 'a'), (11, 'b')`);
    const updated = await db.query(`update ${t('items')} set label = 'c' where id >= 10`);
    const deleted = await db.query(`delete from ${t('items')} where id = 11`);
    const selected = await db.query(`select * from ${t('items')} where id = 10`);
    expect([inserted.affectedRows, updated.affectedRows, deleted.affectedRows]).toEqual([2, 2, 1]);
    expect(selected.rows).toHaveLength(1);
  });

  test(`[${name}] exec runs a script of several statements`, async () => {
    await db.exec(`insert into ${t('items')} (id) values (20); insert into ${t('items')} (id) values (21);`);
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from ${t('items')} where id in (20, 21)`,
    );
    expect(rows[0]?.n).toBe(2);
  });

  test(`[${name}] a transaction commits its work`, async () => {
    const result = await db.transaction(async (tx) => {
      await tx.query(`insert into ${t('items')} (id) values (30)`);
      return 'done';
    });
    expect(result).toBe('done');
    expect((await db.query(`select 1 from ${t('items')} where id = 30`)).rows).toHaveLength(1);
  });

  test(`[${name}] an error inside a transaction rolls all of it back and is rethrown`, async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into ${t('items')} (id) values (40)`);
        await tx.query(`insert into ${t('items')} (id) values (40)`);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await db.query(`select 1 from ${t('items')} where id = 40`)).rows).toHaveLength(0);
  });

  test(`[${name}] a read-only transaction refuses writes with 25006`, async () => {
    await expect(
      db.transaction((tx) => tx.query(`insert into ${t('items')} (id) values (50)`), { readOnly: true }),
    ).rejects.toMatchObject({ code: '25006' });
  });

  test(`[${name}] set_config(…, true) lasts until the transaction ends`, async () => {
    const inside = await db.transaction(async (tx) => {
      await tx.query(
        `select set_config('request.jwt.claims', $1, true), set_config('role', 'contract_reader', true)`,
        ['{"sub":"abc"}'],
      );
      const { rows } = await tx.query<{ claims: string; who: string }>(
        `select current_setting('request.jwt.claims', true) as claims, current_user as who`,
      );
      return rows[0];
    });
    expect(inside).toEqual({ claims: '{"sub":"abc"}', who: 'contract_reader' });
    const { rows } = await db.query<{ claims: string | null; who: string }>(
      `select nullif(current_setting('request.jwt.claims', true), '') as claims, current_user as who`,
    );
    expect(rows[0]?.claims).toBeNull();
    expect(rows[0]?.who).not.toBe('contract_reader');
  });

  test(`[${name}] errors carry SQLSTATE, details and hint as a DatabaseError`, async () => {
    const error = await db.query(`insert into ${t('items')} (id) values (1)`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseError);
    expect(error).toMatchObject({ code: '23505', details: expect.stringContaining('(id)=(1)') as unknown });
    const syntax = await db.query('selec 1').catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: '42601' });
  });

  test(`[${name}] concurrent transactions each see their own work and both commit`, async () => {
    const work = (id: number) =>
      db.transaction(async (tx) => {
        await tx.query(`insert into ${t('items')} (id, label) values ($1, 'concurrent')`, [id]);
        const { rows } = await tx.query<{ n: number }>(
          `select count(*)::int as n from ${t('items')} where label = 'concurrent'`,
        );
        return rows[0]?.n ?? 0;
      });
    const seen = await Promise.all([work(60), work(61), work(62)]);
    seen.forEach((n) => {
      expect(n).toBeGreaterThanOrEqual(1);
    });
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from ${t('items')} where label = 'concurrent'`,
    );
    expect(rows[0]?.n).toBe(3);
  });
}
