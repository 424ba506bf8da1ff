// /rest/v1 reads through the real supabase-js: filters, order, range with exact counts, embeds, single and
// maybeSingle, and JSON as Postgres prints it. Reads the fixed catalogue of the conformance fixture.
import { describe, expect, test } from 'vitest';
import { anonClient } from '../support/supabase';

const db = anonClient();

describe('select', () => {
  test('columns, aliases, casts and JSON number/time formats come from Postgres', async () => {
    const { data, error } = await db
      .from('books')
      .select('id,name:title,price,copies,tags,published_at,id_text:id::text')
      .eq('id', 1);
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: 1,
        name: 'A Wizard of Earthsea',
        price: 9.99,
        copies: 12000000000,
        tags: ['fantasy', 'classic'],
        published_at: '1968-11-01T00:00:00+00:00',
        id_text: '1',
      },
    ]);
  });

  test('eq, neq, gt, gte, lt, lte and order with nulls last', async () => {
    const { data } = await db
      .from('books')
      .select('id')
      .gte('id', 2)
      .lte('id', 5)
      .neq('id', 3)
      .order('copies', { ascending: false, nullsFirst: false });
    expect(data).toEqual([{ id: 5 }, { id: 2 }, { id: 4 }]);
    const { data: strict } = await db.from('books').select('id').gt('id', 4).lt('id', 6);
    expect(strict).toEqual([{ id: 5 }]);
  });

  test('order by several columns', async () => {
    const { data } = await db
      .from('books')
      .select('id')
      .order('price', { ascending: true })
      .order('id', { ascending: false })
      .limit(3);
    expect(data).toEqual([{ id: 4 }, { id: 3 }, { id: 1 }]);
  });

  test('in with quoted values, is, ilike and like', async () => {
    const { data: quoted } = await db
      .from('books')
      .select('id')
      .in('title', ['Kindred', 'Anonymous, "Collected"'])
      .order('id');
    expect(quoted).toEqual([{ id: 5 }, { id: 6 }]);
    const { data: nulls } = await db.from('books').select('id').is('author_id', null);
    expect(nulls).toEqual([{ id: 6 }]);
    const { data: notNull } = await db.from('books').select('id').not('copies', 'is', null).order('id');
    expect(notNull).toEqual([1, 2, 3, 5, 6].map((id) => ({ id })));
    const { data: ilike } = await db.from('books').select('id').ilike('title', '%GODS%');
    expect(ilike).toEqual([{ id: 4 }]);
    const { data: like } = await db.from('books').select('id').like('title', 'The%');
    expect(like).toEqual([{ id: 2 }]);
  });

  test('or, nested and, and not', async () => {
    const { data } = await db
      .from('books')
      .select('id')
      .or('copies.is.null,and(price.gt.11,price.lt.12)')
      .order('id');
    expect(data).toEqual([{ id: 4 }, { id: 5 }]);
    const { data: negated } = await db.from('books').select('id').not('id', 'in', '(1,2,3,4,5)');
    expect(negated).toEqual([{ id: 6 }]);
  });

  test('array containment and JSON paths', async () => {
    const { data } = await db.from('books').select('id').contains('tags', ['classic']).order('id');
    expect(data).toEqual([{ id: 1 }, { id: 5 }]);
  });

  test('range with an exact count answers the page and the total', async () => {
    const { data, count, status } = await db
      .from('books')
      .select('id', { count: 'exact' })
      .order('id')
      .range(1, 2);
    expect(data).toEqual([{ id: 2 }, { id: 3 }]);
    expect(count).toBe(6);
    expect(status).toBe(206);
  });

  test('head with an exact count returns only the count', async () => {
    const { data, count } = await db
      .from('books')
      .select('*', { count: 'exact', head: true })
      .eq('author_id', 2);
    expect(data).toBeNull();
    expect(count).toBe(2);
  });

  test('a full result with a count is 200', async () => {
    // Other files may add authors (ids from 1000); the fixture's own are below 100.
    const { count, status } = await db.from('authors').select('id', { count: 'exact' }).lt('id', 100);
    expect(count).toBe(4);
    expect(status).toBe(200);
  });
});

describe('embeds', () => {
  test('many-to-one embeds an object (or null)', async () => {
    const { data, error } = await db
      .from('books')
      .select('title,author:authors(name)')
      .in('id', [3, 6])
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'Guards! Guards!', author: { name: 'Terry Pratchett' } },
      { title: 'Anonymous, "Collected"', author: null },
    ]);
  });

  test('one-to-many embeds an array, ordered and filtered by embed parameters', async () => {
    const { data } = await db
      .from('authors')
      .select('name,books(title)')
      .in('id', [1, 4])
      .order('id')
      .order('title', { referencedTable: 'books', ascending: false });
    expect(data).toEqual([
      {
        name: 'Ursula K. Le Guin',
        books: [{ title: 'The Dispossessed' }, { title: 'A Wizard of Earthsea' }],
      },
      { name: 'Nobody, Jr.', books: [] },
    ]);
  });

  test('!inner drops parents without a match, and the hint picks the key', async () => {
    const { data } = await db.from('authors').select('id,books!inner(id)').eq('books.id', 5);
    expect(data).toEqual([{ id: 3, books: [{ id: 5 }] }]);
    const { data: hinted } = await db
      .from('books')
      .select('id,authors!books_author_id_fkey(name)')
      .eq('id', 5);
    expect(hinted).toEqual([{ id: 5, authors: { name: 'Octavia E. Butler' } }]);
  });
});

describe('single and maybeSingle', () => {
  test('single answers one object, or 406 PGRST116 for 0 or many rows', async () => {
    const one = await db.from('authors').select('name').eq('id', 2).single();
    expect(one.data).toEqual({ name: 'Terry Pratchett' });
    const none = await db.from('authors').select('name').eq('id', 99).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    const many = await db.from('authors').select('name').lt('id', 100).single();
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 4 rows' });
  });

  test('maybeSingle answers null for no row, the row for one, an error for many', async () => {
    expect((await db.from('authors').select('name').eq('id', 99).maybeSingle()).data).toBeNull();
    expect((await db.from('authors').select('name').eq('id', 3).maybeSingle()).data).toEqual({
      name: 'Octavia E. Butler',
    });
    expect((await db.from('authors').select('name').maybeSingle()).error).toMatchObject({ code: 'PGRST116' });
  });
});
