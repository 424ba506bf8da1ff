// Row-level security behind /rest/v1, as on Supabase: the role and claims PostgREST sets per request make
// auth.uid() and the policies work; anon is refused with 401, a user with 403, service_role bypasses RLS.
import { describe, expect, test } from 'vitest';
import { anonClient, serviceClient, signedInClient } from '../support/supabase';
import { userClient } from '../support/tokens';

const run = crypto.randomUUID().slice(0, 8);

describe('row-level security', () => {
  test('a user sees and changes only their own rows', async () => {
    const alice = await userClient();
    const bob = await userClient();
    await alice.client.from('todos').insert([{ title: `${run}-alice-1` }, { title: `${run}-alice-2` }]);
    await bob.client.from('todos').insert({ title: `${run}-bob-1` });

    const seen = await alice.client
      .from('todos')
      .select('title,owner')
      .like('title', `${run}-%`)
      .order('title');
    expect(seen.data).toEqual([
      { title: `${run}-alice-1`, owner: alice.user.id },
      { title: `${run}-alice-2`, owner: alice.user.id },
    ]);
    const changed = await bob.client
      .from('todos')
      .update({ done: true })
      .eq('title', `${run}-alice-1`)
      .select();
    expect(changed.data).toEqual([]);
    const removed = await bob.client.from('todos').delete().eq('title', `${run}-alice-2`).select();
    expect(removed.data).toEqual([]);
    expect(
      (await alice.client.from('todos').select('title').like('title', `${run}-alice%`)).data,
    ).toHaveLength(2);
  });

  test('a user signed up through /auth/v1 owns what they insert', async () => {
    const client = await signedInClient();
    const { data: session } = await client.auth.getSession();
    const { data, error } = await client
      .from('todos')
      .insert({ title: `${run}-signed-up` })
      .select('title,owner')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ title: `${run}-signed-up`, owner: session.session?.user.id });
    const other = await userClient();
    expect((await other.client.from('todos').select('id').eq('title', `${run}-signed-up`)).data).toEqual([]);
  });

  test('writing a row for someone else violates the policy: 403 for a user', async () => {
    const { client } = await userClient();
    const { error, status } = await client
      .from('todos')
      .insert({ title: `${run}-forged`, owner: crypto.randomUUID() });
    expect(status).toBe(403);
    expect(error).toMatchObject({ code: '42501' });
  });

  test('anon gets 401 (42501) on a protected insert, and reads only public tables', async () => {
    const db = anonClient();
    const { error, status } = await db.from('todos').insert({ title: `${run}-anon` });
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: '42501' });
    expect((await db.from('todos').select('id')).data).toEqual([]);
    expect((await db.from('authors').select('id')).data?.length).toBeGreaterThanOrEqual(4);
  });

  test('service_role bypasses RLS', async () => {
    const { client, user } = await userClient();
    await client.from('todos').insert({ title: `${run}-mine` });
    const { data } = await serviceClient().from('todos').select('title,owner').eq('title', `${run}-mine`);
    expect(data).toEqual([{ title: `${run}-mine`, owner: user.id }]);
  });

  test('the request carries the role and every claim of the token, as PostgREST sets them', async () => {
    const { client, user } = await userClient();
    const data: unknown = (await client.rpc('request_context')).data;
    expect(data).toMatchObject({
      role: 'authenticated',
      uid: user.id,
      method: 'POST',
      path: '/rpc/request_context',
      search_path: '"public", "extensions"',
      read_only: 'off',
      claims: { sub: user.id, role: 'authenticated', aud: 'authenticated', email: user.email },
    });
    expect((data as { headers: Record<string, string> }).headers.authorization).toBe(`Bearer ${user.token}`);
  });
});
