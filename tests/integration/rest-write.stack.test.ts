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

// The requests RxDB's Supabase replication plugin (rxdb/plugins/replication-supabase, the bench's peer) sends,
// written as it writes them: its pull pages by (modified, key) with quoted columns and a timestamp that has
// microseconds and an offset; its push inserts one row at a time and treats 23505 as a conflict.
describe("RxDB's Supabase replication requests", () => {
  interface Todo {
    id: number;
    title: string;
    created_at: string;
  }

  async function checkpointPage(after: Todo | undefined, limit: number): Promise<Todo[]> {
    let query = db
      .from('todos')
      .select('*')
      .like('title', `${title('ck-')}%`);
    if (after !== undefined) {
      query = query.or(
        `"created_at".gt.${after.created_at},and("created_at".eq.${after.created_at},"id".gt.${after.id})`,
      );
    }
    const { data, error } = await query
      .order('created_at', { ascending: true })
      .order('id', { ascending: true })
      .limit(limit);
    expect(error).toBeNull();
    return (data ?? []) as Todo[];
  }

  test('a checkpoint pull pages through rows that share one timestamp, each row once', async () => {
    // One request is one transaction: these three share created_at, so the key breaks the tie.
    await db
      .from('todos')
      .insert([{ title: title('ck-a') }, { title: title('ck-b') }, { title: title('ck-c') }]);
    await db.from('todos').insert({ title: title('ck-d') });
    const seen: Todo[] = [];
    let page = await checkpointPage(undefined, 2);
    while (page.length > 0) {
      seen.push(...page);
      page = await checkpointPage(page.at(-1), 2);
    }
    expect(seen.map((row) => row.title)).toEqual(['a', 'b', 'c', 'd'].map((name) => title(`ck-${name}`)));
    // The checkpoint is the timestamp as Postgres prints it (fraction without trailing zeros, offset), sent back.
    expect(seen[0]?.created_at).toMatch(/T\d\d:\d\d:\d\d(\.\d{1,6})?\+00:00$/);
  });

  test('an insert of a key that exists answers 409 with the unique violation in PostgREST’s body', async () => {
    await db.from('todos').insert({ title: title('rx-dup') });
    const { error, status } = await db.from('todos').insert({ title: title('rx-dup') });
    expect(status).toBe(409);
    expect(error).toMatchObject({
      code: '23505',
      message: expect.stringContaining('duplicate key value violates unique constraint') as unknown,
      // Postgres leaves the key's value out of the detail on a table under row level security.
      details: null,
      hint: null,
    });
  });
});
