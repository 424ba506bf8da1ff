// /rest/v1 writes through the real supabase-js, as a signed-in user under RLS: insert, upsert, update and
// delete with each return mode, defaults filled by Postgres (owner = auth.uid()), and single on writes.
import { beforeAll, describe, expect, test } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { userClient } from '../support/tokens';
import type { MintedUser } from '../support/tokens';

let db: SupabaseClient;
let user: MintedUser;
const run = crypto.randomUUID().slice(0, 8);
const title = (name: string) => `${run}-${name}`;

beforeAll(async () => {
  ({ client: db, user } = await userClient());
});

async function titles(prefix: string) {
  const { data } = await db
    .from('todos')
    .select('title,done')
    .like('title', `${title(prefix)}%`)
    .order('title');
  return data;
}

describe('insert', () => {
  test('return=minimal (the default) answers 201 with no body; defaults come from Postgres', async () => {
    const { data, error, status } = await db.from('todos').insert({ title: title('min') });
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
    const { data: row } = await db
      .from('todos')
      .select('owner,done,created_at')
      .eq('title', title('min'))
      .single();
    expect(row).toMatchObject({ owner: user.id, done: false });
    expect(String(row?.created_at)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/);
  });

  test('an array with missing keys writes NULL for them, as PostgREST does (23502 here)', async () => {
    const { error, status } = await db
      .from('todos')
      .insert([{ title: title('nul-a') }, { title: title('nul-b'), done: true }]);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23502' });
  });

  test('return=representation answers the rows; missing=default fills absent keys', async () => {
    const { data, status } = await db
      .from('todos')
      .insert([{ title: title('rep-a') }, { title: title('rep-b'), done: true, details: { tags: ['x'] } }], {
        defaultToNull: false,
      })
      .select('title,done,details');
    expect(status).toBe(201);
    expect(data).toEqual([
      { title: title('rep-a'), done: false, details: null },
      { title: title('rep-b'), done: true, details: { tags: ['x'] } },
    ]);
  });

  test('insert(…).select().single() answers one object', async () => {
    const { data } = await db
      .from('todos')
      .insert({ title: title('single'), priority: 3 })
      .select('title,priority')
      .single();
    expect(data).toEqual({ title: title('single'), priority: 3 });
  });

  test('a duplicate is 409 with the unique violation', async () => {
    await db.from('todos').insert({ title: title('dup') });
    const { error, status } = await db.from('todos').insert({ title: title('dup') });
    expect(status).toBe(409);
    expect(error).toMatchObject({ code: '23505' });
  });
});

describe('upsert', () => {
  test('merge-duplicates on a unique column updates, and inserts what is new', async () => {
    await db.from('todos').insert({ title: title('up-1') });
    const merged = await db
      .from('todos')
      .upsert({ title: title('up-1'), done: true }, { onConflict: 'title' })
      .select('title,done');
    expect(merged.status).toBe(200);
    expect(merged.data).toEqual([{ title: title('up-1'), done: true }]);
    const mixed = await db
      .from('todos')
      .upsert(
        [
          { title: title('up-1'), done: false },
          { title: title('up-2'), done: true },
        ],
        { onConflict: 'title' },
      )
      .select('title,done');
    expect(mixed.status).toBe(201);
    expect(await titles('up-')).toEqual([
      { title: title('up-1'), done: false },
      { title: title('up-2'), done: true },
    ]);
  });

  test('ignoreDuplicates leaves existing rows alone', async () => {
    await db.from('todos').insert({ title: title('ign'), done: true });
    const { error } = await db
      .from('todos')
      .upsert({ title: title('ign'), done: false }, { onConflict: 'title', ignoreDuplicates: true });
    expect(error).toBeNull();
    expect(await titles('ign')).toEqual([{ title: title('ign'), done: true }]);
  });
});

describe('update and delete', () => {
  test('update answers 204 by default and the rows with select()', async () => {
    await db.from('todos').insert([{ title: title('upd-a') }, { title: title('upd-b') }]);
    const plain = await db.from('todos').update({ done: true }).eq('title', title('upd-a'));
    expect(plain.status).toBe(204);
    const done = await db
      .from('todos')
      .select('title')
      .like('title', `${title('upd-')}%`)
      .is('done', true);
    expect(done.data).toEqual([{ title: title('upd-a') }]);
    const open = await db
      .from('todos')
      .select('title')
      .like('title', `${title('upd-')}%`)
      .is('done', false);
    expect(open.data).toEqual([{ title: title('upd-b') }]);
    const rep = await db
      .from('todos')
      .update({ priority: 7 })
      .like('title', `${title('upd-')}%`)
      .select('title,priority');
    expect(rep.status).toBe(200);
    const rows = (rep.data ?? []) as { title: string }[];
    expect(rows.sort((x, y) => x.title.localeCompare(y.title))).toEqual([
      { title: title('upd-a'), priority: 7 },
      { title: title('upd-b'), priority: 7 },
    ]);
  });

  test('delete answers 204 by default and the deleted rows with select()', async () => {
    await db.from('todos').insert([{ title: title('del-a') }, { title: title('del-b') }]);
    expect((await db.from('todos').delete().eq('title', title('del-a'))).status).toBe(204);
    const rep = await db.from('todos').delete().eq('title', title('del-b')).select('title');
    expect(rep.status).toBe(200);
    expect(rep.data).toEqual([{ title: title('del-b') }]);
    expect(await titles('del-')).toEqual([]);
  });

  test('a count on a write is reported', async () => {
    await db.from('todos').insert([{ title: title('cnt-a') }, { title: title('cnt-b') }]);
    const { count } = await db
      .from('todos')
      .delete({ count: 'exact' })
      .like('title', `${title('cnt-')}%`);
    expect(count).toBe(2);
  });
});

describe('embeds on writes', () => {
  test('a note inserted with select embeds its todo', async () => {
    const { data: todo } = await db
      .from('todos')
      .insert({ title: title('emb') })
      .select('id')
      .single();
    const { data, error } = await db
      .from('todo_notes')
      .insert({ todo_id: todo?.id, body: 'remember milk' })
      .select('body,todos(title)')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ body: 'remember milk', todos: { title: title('emb') } });
    const { data: parent } = await db
      .from('todos')
      .select('title,todo_notes(body)')
      .eq('id', todo?.id)
      .single();
    expect(parent).toEqual({ title: title('emb'), todo_notes: [{ body: 'remember milk' }] });
  });
});
