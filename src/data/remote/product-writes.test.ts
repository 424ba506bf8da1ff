// Server refusals of product writes in the words a manager reads, and what reaches supabase-js.
import { describe, expect, test } from 'vitest';
import { describeServerError, needsConnection, productWriterOf } from './product-writes';

const MANAGERS_ONLY = 'Only managers and owners can change products.';
import type { Supabase } from './supabase-client';

describe('describeServerError', () => {
  test('unique violations name what is taken', () => {
    const barcode = {
      code: '23505',
      message: 'duplicate key value violates unique constraint "products_barcode_key"',
    };
    expect(describeServerError(barcode)).toBe('Another product already has that barcode.');
    const sku = {
      code: '23505',
      message: 'duplicate key value violates unique constraint "products_sku_key"',
    };
    expect(describeServerError(sku)).toBe('Another product already has that SKU.');
    const category = {
      code: '23505',
      message: 'duplicate key value violates unique constraint "categories_name_key"',
    };
    expect(describeServerError(category)).toBe('Another category already has that name.');
  });

  test('permission, import rows, network and anything else', () => {
    expect(
      describeServerError({ code: '42501', message: 'new row violates row-level security policy' }),
    ).toBe(MANAGERS_ONLY);
    // The server's English sentence is not shown (issue 35): the app's words, with the row it names.
    expect(describeServerError({ code: 'P0001', hint: 'invalid_row', message: 'Row 7: needs a name' })).toBe(
      'Row 7 of the import is not valid: check it and try again.',
    );
    expect(describeServerError({ message: 'TypeError: Failed to fetch' })).toBe(needsConnection());
    expect(describeServerError({ code: 'XX000', message: 'boom' })).toBe(
      'The server refused this (code XX000).',
    );
  });

  test("[INPUT-4] Postgres's own messages never reach the person, from hosted PostgREST or the local stack", () => {
    const hosted = [
      { code: '22P02', message: 'invalid input syntax for type uuid: "nope"' },
      { code: '22003', message: 'value "100000000000000000000" is out of range for type bigint' },
      { code: '22007', message: 'invalid input syntax for type timestamp with time zone: "x"' },
      {
        code: '23502',
        message: 'null value in column "price" of relation "products" violates not-null constraint',
      },
      {
        code: '23514',
        message: 'new row for relation "products" violates check constraint "products_price_check"',
      },
    ];
    expect(hosted.map(describeServerError)).toEqual([
      'An id is not a valid id.',
      'A number is too large or too small.',
      'A date or time is not in a form the server reads.',
      'A required value is missing.',
      'A value is not allowed here.',
    ]);
    const local = { code: '22P02', hint: 'invalid_id', message: 'An id is not a valid id.' };
    expect(describeServerError(local)).toBe('An id is not a valid id.');
    const name = { code: 'P0001', hint: 'invalid_name', message: "A product's name cannot be blank" };
    // The server's English sentence is not shown (issue 35): the app's words for invalid_name.
    expect(describeServerError(name)).toBe(
      'A name is blank or holds hidden characters: type letters or digits.',
    );
  });
});

/** A stand-in for supabase-js's query builder: records the calls, answers `answer`. */
function fakeSupabase(answer: { error: unknown; count?: number | null } | Error) {
  const calls: unknown[][] = [];
  const builder = (table: string) => {
    const chain = {
      insert: (row: unknown) => {
        calls.push([table, 'insert', row]);
        return chain;
      },
      update: (fields: unknown) => {
        calls.push([table, 'update', fields]);
        return chain;
      },
      eq: (column: string, value: unknown) => {
        calls.push([table, 'eq', column, value]);
        return chain;
      },
      then: (resolve: (value: unknown) => void, reject: (error: unknown) => void) => {
        if (answer instanceof Error) reject(answer);
        else resolve(answer);
      },
    };
    return chain;
  };
  return { client: { from: builder } as unknown as Supabase, calls };
}

describe('productWriterOf', () => {
  test('archiving sets active false on that product', async () => {
    const { client, calls } = fakeSupabase({ error: null, count: 1 });
    expect(await productWriterOf(client).setProductArchived('p1', true)).toEqual({
      ok: true,
      value: undefined,
    });
    expect(calls).toEqual([
      ['products', 'update', { active: false }],
      ['products', 'eq', 'id', 'p1'],
    ]);
  });

  test('an update RLS hid (no row touched) is refused as managers-only', async () => {
    const { client } = fakeSupabase({ error: null, count: 0 });
    const answer = await productWriterOf(client).updateProduct('p1', { price: 1 });
    expect(answer).toEqual({ ok: false, error: { code: 'forbidden', message: MANAGERS_ONLY } });
  });

  test('a request that never reached the server needs a connection', async () => {
    const { client } = fakeSupabase(new TypeError('Failed to fetch'));
    const answer = await productWriterOf(client).createCategory('c1', 'Snacks');
    expect(answer).toEqual({ ok: false, error: { code: 'offline', message: needsConnection() } });
  });
});
