// Finer points of the /rest/v1 protocol over raw fetch and supabase-js: JSON paths, ambiguous embeds and
// hints, the Range header, HEAD, Location for headers-only, and the Content-Range of writes.
import { describe, expect, test } from 'vitest';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../../supabase/local/config';
import { anonClient, stackUrl } from '../support/supabase';

const rest = (path: string) => `${stackUrl()}/rest/v1${path}`;
const anon = { apikey: ANON_KEY };
const service = { apikey: SERVICE_ROLE_KEY, 'Content-Type': 'application/json' };
const db = anonClient();

describe('reads', () => {
  test('JSON paths select, filter and order', async () => {
    const { data } = await db
      .from('books')
      .select('id,isbn:meta->>isbn,series:meta->series->name,meta->series->no')
      .not('meta', 'is', null)
      .order('meta->series->no', { ascending: false });
    expect(data).toEqual([
      { id: 3, isbn: '978-1', series: 'Discworld', no: 8 },
      { id: 1, isbn: '978-0', series: 'Earthsea', no: 1 },
    ]);
    const { data: filtered } = await db.from('books').select('id').eq('meta->series->>name', 'Earthsea');
    expect(filtered).toEqual([{ id: 1 }]);
  });

  test('two keys to one table: no hint is 300 PGRST201, a column hint picks one', async () => {
    const ambiguous = await db.from('authors').select('id,author_links(id)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error).toMatchObject({ code: 'PGRST201' });
    const { data } = await db
      .from('author_links')
      .select('id,from:authors!from_id(name),to:authors!to_id(name)')
      .order('id');
    expect(data).toEqual([
      { id: 1, from: { name: 'Ursula K. Le Guin' }, to: { name: 'Octavia E. Butler' } },
      { id: 2, from: { name: 'Terry Pratchett' }, to: { name: 'Ursula K. Le Guin' } },
    ]);
  });

  test('a spread embed lifts a to-one row into its parent', async () => {
    const { data } = await db.from('books').select('title,...authors(author:name)').eq('id', 2);
    expect(data).toEqual([{ title: 'The Dispossessed', author: 'Ursula K. Le Guin' }]);
    const toMany = await db.from('authors').select('name,...books(title)');
    expect(toMany.error).toMatchObject({ code: 'PGRST119' });
  });

  test('no read answers more than 1000 rows (db-max-rows), and the count says how many there are', async () => {
    const { count, status, ...result } = await db.rpc('numbers', { n: 1500 }, { count: 'exact' });
    expect(result.data as unknown).toHaveLength(1000);
    expect(count).toBe(1500);
    expect(status).toBe(206);
    const page = await db.rpc('numbers', { n: 1500 }).range(1400, 1499);
    expect(page.data).toEqual(Array.from({ length: 100 }, (_, i) => 1401 + i));
  });

  test('a Range header pages like limit and offset', async () => {
    const response = await fetch(rest('/books?select=id&order=id'), {
      headers: { ...anon, 'Range-Unit': 'items', Range: '2-3', Prefer: 'count=exact' },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('2-3/6');
    expect(await response.json()).toEqual([{ id: 3 }, { id: 4 }]);
  });

  test('HEAD answers the headers of GET without a body', async () => {
    const response = await fetch(rest('/books?select=id'), {
      method: 'HEAD',
      headers: { ...anon, Prefer: 'count=exact' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBe('0-5/6');
    expect(await response.text()).toBe('');
  });

  test('a single object has its own content type', async () => {
    const response = await fetch(rest('/authors?select=name&id=eq.1'), {
      headers: { ...anon, Accept: 'application/vnd.pgrst.object+json' },
    });
    expect(response.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8');
    expect(await response.json()).toEqual({ name: 'Ursula K. Le Guin' });
  });
});

describe('writes', () => {
  const id = 2000 + Math.floor(Math.random() * 1_000_000);

  test('return=headers-only answers 201 with a Location by primary key', async () => {
    const response = await fetch(rest('/authors'), {
      method: 'POST',
      headers: { ...service, Prefer: 'return=headers-only' },
      body: JSON.stringify({ id, name: `Location ${id}` }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`/authors?id=eq.${id}`);
    expect(response.headers.get('content-range')).toBe('*/*');
  });

  test('PATCH reports the rows it changed in Content-Range; a count adds the total', async () => {
    const response = await fetch(rest(`/authors?id=eq.${id}`), {
      method: 'PATCH',
      headers: { ...service, Prefer: 'count=exact' },
      body: JSON.stringify({ name: `Renamed ${id}` }),
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('content-range')).toBe('0-0/1');
  });

  test('DELETE with return=representation answers the removed rows', async () => {
    const response = await fetch(rest(`/authors?id=eq.${id}&select=name`), {
      method: 'DELETE',
      headers: { ...service, Prefer: 'return=representation' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBe('*/*');
    expect(await response.json()).toEqual([{ name: `Renamed ${id}` }]);
  });

  test('Postgres reads the body itself: a bigint past 2^53 keeps every digit', async () => {
    const response = await fetch(rest('/books?select=copies::text'), {
      method: 'POST',
      headers: { ...service, Prefer: 'return=representation, tx=rollback' },
      body: '{"id": 999, "title": "Big", "copies": 9007199254740993}',
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual([{ copies: '9007199254740993' }]);
  });

  test('PUT is not part of the subset: 405 with a PostgREST body', async () => {
    const response = await fetch(rest('/authors'), { method: 'PUT', headers: service, body: '{}' });
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({ code: 'PGRST117' });
  });
});
