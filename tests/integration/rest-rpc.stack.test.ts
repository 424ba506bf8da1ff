// /rest/v1/rpc through the real supabase-js: POST in a read-write transaction, GET in a read-only one, each
// kind of result (scalar, set with filters, composite, void, whole-body jsonb) and PostgREST's errors.
import { describe, expect, test } from 'vitest';
import { anonClient, serviceClient } from '../support/supabase';

const db = anonClient();

describe('rpc by POST', () => {
  test('a scalar function answers a JSON scalar; defaults fill missing arguments', async () => {
    expect((await db.rpc('add_numbers', { a: 2, b: 3 })).data).toBe(5);
    expect((await db.rpc('add_numbers', { a: 2 })).data).toBe(12);
  });

  test('a set-returning function answers an array that filters, order and limit apply to', async () => {
    const { data, error } = await db
      .rpc('books_by_tag', { tag: 'fantasy' })
      .select('id,title')
      .gt('id', 1)
      .order('id', { ascending: false })
      .limit(2);
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 4, title: 'Small Gods' },
      { id: 3, title: 'Guards! Guards!' },
    ]);
  });

  test('a set-returning function embeds like its table, and counts', async () => {
    const { data, count } = await db
      .rpc('books_by_tag', { tag: 'scifi' }, { count: 'exact' })
      .select('title,authors(name)')
      .order('id');
    expect(count).toBe(2);
    expect(data).toEqual([
      { title: 'The Dispossessed', authors: { name: 'Ursula K. Le Guin' } },
      { title: 'Kindred', authors: { name: 'Octavia E. Butler' } },
    ]);
  });

  test('a set of scalars answers an array of scalars', async () => {
    const data: unknown = (await db.rpc('tag_names')).data;
    expect(data).toEqual(['classic', 'comic', 'fantasy', 'scifi']);
  });

  test('a void function answers 204', async () => {
    const { error, status, ...rest } = await db.rpc('do_nothing');
    const data: unknown = rest.data;
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(data).toBeNull();
  });

  test('one unnamed jsonb parameter receives the whole body', async () => {
    const payload = { ops: [{ id: 1, qty: 2.5 }], note: null };
    expect((await db.rpc('echo_payload', payload)).data).toEqual(payload);
  });

  test('a composite result is an object', async () => {
    const id = 1000 + Math.floor(Math.random() * 1_000_000);
    const data: unknown = (await serviceClient().rpc('add_author', { id, name: `Author ${id}` })).data;
    expect(data).toEqual({ id, name: `Author ${id}` });
  });

  test('raise exception is 400 with its message and hint', async () => {
    const { error, status } = await db.rpc('fail_with', { message: 'out of stock' });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'P0001', message: 'out of stock', hint: 'raised on purpose' });
  });

  test('an unknown function or argument set is 404 PGRST202', async () => {
    expect((await db.rpc('no_such_function')).error).toMatchObject({ code: 'PGRST202' });
    const wrongArgs = await db.rpc('add_numbers', { x: 1 });
    expect(wrongArgs.status).toBe(404);
    expect(wrongArgs.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.add_numbers(x) in the schema cache',
    });
  });
});

describe('rpc by GET', () => {
  test('arguments come from the query string, in a read-only transaction', async () => {
    expect((await db.rpc('add_numbers', { a: 40, b: 2 }, { get: true })).data).toBe(42);
    const data: unknown = (await db.rpc('request_context', {}, { get: true })).data;
    expect(data).toMatchObject({
      method: 'GET',
      path: '/rpc/request_context',
      read_only: 'on',
      role: 'anon',
    });
  });

  test('a stable set-returning function with filters', async () => {
    const { data } = await db.rpc('books_by_tag', { tag: 'classic' }, { get: true }).select('id');
    expect(data).toEqual([{ id: 1 }, { id: 5 }]);
  });

  test('a function that writes fails by GET with 405 (25006)', async () => {
    const { error, status } = await serviceClient().rpc('add_author', { id: 77, name: 'No' }, { get: true });
    expect(status).toBe(405);
    expect(error).toMatchObject({ code: '25006' });
  });
});
