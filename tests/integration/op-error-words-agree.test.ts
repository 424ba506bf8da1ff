// [AUDIT-1] An op's rejection and an Edge Function's answer say the same sentence for each Postgres data
// error: private.data_error_words (20261204008000) beside supabase/functions/_shared/sql-errors.ts, fed the
// errors Postgres itself raises for hostile values (a malformed id or number, a number out of range, a date
// that does not exist).
import type { PGlite } from '@electric-sql/pglite';
import { beforeAll, expect, test } from 'vitest';
import { sqlErrorWords } from '../../supabase/functions/_shared/sql-errors';
import { migrationAlone } from '../support/migration-alone';

let db: PGlite;

beforeAll(async () => {
  db = await migrationAlone('20261204008000_op_error_words.sql');
});

/** The SQLSTATE and message Postgres raises for `expression`. */
async function raised(expression: string): Promise<{ state: string; message: string }> {
  try {
    await db.query(`select ${expression}`);
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { state: code, message };
  }
  throw new Error(`${expression} raised nothing`);
}

test.each([
  ["'nope'::uuid", '22P02'],
  ["'1.5'::bigint", '22P02'],
  ["'12x'::integer", '22P02'],
  ["'maybe'::boolean", '22P02'],
  ["'{'::jsonb", '22P02'],
  ["'99999999999999999999'::bigint", '22003'],
  ['1e300::numeric::integer', '22003'],
  ["'2026-02-30T10:00:00Z'::timestamptz", '22008'],
  ["'2026-01-01T::Z'::timestamptz", '22007'],
  ['1 / 0', '22012'],
])('[AUDIT-1] %s', async (expression, state) => {
  const error = await raised(expression);
  expect(error.state).toBe(state);
  const words = await db.query<{ words: string | null }>('select private.data_error_words($1, $2) as words', [
    error.state,
    error.message,
  ]);
  expect(words.rows[0]?.words).toBe(sqlErrorWords(error.state, null, error.message)?.message);
  expect(words.rows[0]?.words).toMatch(/^[A-Z].*\.$/);
});

test('[AUDIT-1] every SQLSTATE of the Edge Functions has the same sentence', async () => {
  const states = [
    '22001',
    '22003',
    '22004',
    '22007',
    '22008',
    '22012',
    '22021',
    '22023',
    '22P05',
    '23502',
    '23514',
  ];
  for (const state of states) {
    const words = await db.query<{ words: string | null }>(
      'select private.data_error_words($1, $2) as words',
      [state, ''],
    );
    expect(words.rows[0]?.words, state).toBe(sqlErrorWords(state, null, '')?.message);
  }
  const other = await db.query<{ words: string | null }>(
    "select private.data_error_words('XX000', 'x') as words",
  );
  expect(other.rows[0]?.words).toBeNull();
});
