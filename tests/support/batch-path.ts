// Which path apply_ops takes for a sale ([OPS-15]): the batch path's tests send a twin through the one-op path
// and, on PostgreSQL, count the functions a batch called.
import pg from 'pg';
import { ANON_KEY } from '../../supabase/local/config';
import type { Answer, Op } from './ops';
import { nth, type Person } from './shop';
import { stackUrl } from './supabase';

/** The op as sent, its `total` written as 1234.0: a value the batch's checks do not read plainly. */
export function oneByOneBody(sent: Op): string {
  return JSON.stringify([{ ...sent, args: { ...sent.args, total: '§TOTAL§' } }]).replace(
    '"§TOTAL§"',
    `${String(sent.args.total)}.0`,
  );
}

/**
 * One op sent alone the way the batch's checks (private.plain_sales) leave to the one-op path, which reads
 * 1234.0 as 1234: nothing else differs from the same op sent plainly.
 */
export async function applyOneByOne(person: Person, sent: Op): Promise<Answer> {
  const { data } = await person.client.auth.getSession();
  const token = data.session?.access_token ?? '';
  const response = await fetch(`${stackUrl()}/rest/v1/rpc/apply_ops`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: `{"ops":${oneByOneBody(sent)}}`,
  });
  return nth((await response.json()) as Answer[], 0);
}

/**
 * `work` on the PostgreSQL server at `databaseUrl`, in a transaction as the signed-in `userId` with
 * track_functions on, rolled back afterwards.
 */
export async function withCountedCalls<T>(
  databaseUrl: string,
  userId: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`set local track_functions = 'all'`);
    await client.query(
      `select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`,
      [JSON.stringify({ sub: userId, role: 'authenticated' })],
    );
    return await work(client);
  } finally {
    await client.query('rollback');
    await client.end();
  }
}

/** How many times this transaction called each of the private functions `names` (0 for none). */
export async function callsOf(client: pg.Client, names: readonly string[]): Promise<Record<string, number>> {
  const calls = await client.query<{ funcname: string; calls: string }>(
    `select funcname, calls from pg_stat_xact_user_functions where schemaname = 'private' and funcname = any($1)`,
    [names],
  );
  return Object.fromEntries(
    names.map((name) => [name, Number(calls.rows.find((row) => row.funcname === name)?.calls ?? 0)]),
  );
}
