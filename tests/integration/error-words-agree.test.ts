// [INPUT-4] The server side (supabase/functions/_shared/sql-errors.ts: the functions and the local stack) and
// the app (src/data/remote/server-error-words.ts) say the same sentence for each Postgres data error, whether
// the app reads the stack's stable code or hosted PostgREST's raw SQLSTATE and message.
import { describe, expect, test } from 'vitest';
import { serverErrorWords } from '../../src/data/remote/server-error-words';
import { sqlErrorWords } from '../../supabase/functions/_shared/sql-errors';

const RAW: [string, string][] = [
  ['22001', 'value too long for type character varying(10)'],
  ['22003', 'bigint out of range'],
  ['22004', 'null values cannot be formatted as an SQL identifier'],
  ['22007', 'invalid input syntax for type timestamp with time zone: "x"'],
  ['22008', 'date/time field value out of range: "2026-13-45"'],
  ['22012', 'division by zero'],
  ['22021', 'invalid byte sequence for encoding "UTF8": 0x00'],
  ['22023', 'invalid parameter value'],
  ['22P02', 'invalid input syntax for type uuid: "nope"'],
  ['22P02', 'invalid input syntax for type bigint: "1.5"'],
  ['22P02', 'invalid input syntax for type boolean: "maybe"'],
  ['22P02', 'invalid input syntax for type json'],
  ['22P05', 'unsupported Unicode escape sequence'],
  ['23502', 'null value in column "price" of relation "products" violates not-null constraint'],
  ['23514', 'new row for relation "products" violates check constraint "products_price_check"'],
];

describe('one sentence per Postgres data error', () => {
  test.each(RAW)('[INPUT-4] %s %s', (state, message) => {
    const server = sqlErrorWords(state, null, message);
    expect(server).toBeDefined();
    expect(serverErrorWords({ code: state, message })).toBe(server?.message);
    expect(
      serverErrorWords({ code: state, hint: server?.code ?? null, message: server?.message ?? '' }),
    ).toBe(server?.message);
  });

  test("[INPUT-4] a function's own refusal (it has a hint) is left to its own words", () => {
    expect(sqlErrorWords('22023', 'batch_too_large', 'A batch holds at most 500 ops')).toBeUndefined();
    expect(serverErrorWords({ code: '22023', hint: 'batch_too_large', message: 'x' })).toBeNull();
  });
});
