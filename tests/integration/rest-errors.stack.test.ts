// /rest/v1 over raw fetch: the gateway and JWT rules, PostgREST's answers to bad input (status, code and
// body, never a stack trace), the headers clients rely on, and a schema cache that finds new tables.
import { SignJWT } from 'jose';
import { describe, expect, inject, test } from 'vitest';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../../supabase/local/config';
import { signJwt } from '../../supabase/local/jwt';
import { stackUrl } from '../support/supabase';
import { mintUser } from '../support/tokens';

const rest = (path: string) => `${stackUrl()}/rest/v1${path}`;
const anon = { apikey: ANON_KEY };
const json = { ...anon, 'Content-Type': 'application/json' };

async function expectError(response: Response, status: number, body: Record<string, unknown>) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const parsed = (await response.json()) as Record<string, unknown>;
  expect(parsed).toMatchObject(body);
  expect(Object.keys(parsed).sort()).toEqual(['code', 'details', 'hint', 'message']);
}

describe('gateway and tokens', () => {
  test('no apikey or an unknown one is 401 from the gateway', async () => {
    const missing = await fetch(rest('/books'));
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ message: 'No API key found in request' });
    const unknown = await fetch(rest('/books'), { headers: { apikey: 'not-a-key' } });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ message: 'Invalid API key' });
  });

  test('an expired user token is 401 PGRST301 "JWT expired" with WWW-Authenticate', async () => {
    const { token } = await mintUser({ expiresIn: -120 });
    const response = await fetch(rest('/books'), { headers: { ...anon, Authorization: `Bearer ${token}` } });
    expect(response.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="JWT expired"',
    );
    await expectError(response, 401, { code: 'PGRST301', message: 'JWT expired' });
  });

  test('a token signed with another secret is 401 PGRST301', async () => {
    const forged = await new SignJWT({ sub: crypto.randomUUID(), role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'));
    const response = await fetch(rest('/todos'), { headers: { ...anon, Authorization: `Bearer ${forged}` } });
    await expectError(response, 401, { code: 'PGRST301' });
  });

  test('a valid token for a role the API may not switch to is refused with 42501', async () => {
    const token = await signJwt({ role: 'postgres', exp: Math.floor(Date.now() / 1000) + 60 });
    const response = await fetch(rest('/books'), { headers: { ...anon, Authorization: `Bearer ${token}` } });
    await expectError(response, 403, { code: '42501' });
  });

  test('the service key may be the bearer token too', async () => {
    const response = await fetch(rest('/todos?select=id&limit=1'), {
      headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` },
    });
    expect(response.status).toBe(200);
  });
});

describe('bad input', () => {
  test('malformed JSON is 400 PGRST102', async () => {
    const response = await fetch(rest('/todos'), { method: 'POST', headers: json, body: '{"title": ' });
    await expectError(response, 400, { code: 'PGRST102' });
  });

  test('an unknown table is 404 PGRST205', async () => {
    await expectError(await fetch(rest('/no_such_table'), { headers: anon }), 404, {
      code: 'PGRST205',
      message: "Could not find the table 'public.no_such_table' in the schema cache",
    });
  });

  test('an unknown column is 400: 42703 on reads, PGRST204 on writes', async () => {
    await expectError(await fetch(rest('/books?select=id,nope'), { headers: anon }), 400, {
      code: '42703',
      message: 'column books.nope does not exist',
    });
    await expectError(await fetch(rest('/books?nope=eq.1'), { headers: anon }), 400, { code: '42703' });
    const write = await fetch(rest('/todos'), { method: 'POST', headers: json, body: '{"nope": 1}' });
    await expectError(write, 400, {
      code: 'PGRST204',
      message: "Could not find the 'nope' column of 'todos' in the schema cache",
    });
  });

  test('bad filter, order and limit syntax is 400 PGRST100', async () => {
    for (const query of [
      'id=equals.1',
      'id=in.1,2',
      'id=is.maybe',
      'order=id.sideways',
      'limit=-1',
      'or=(id.eq.1',
    ]) {
      await expectError(await fetch(rest(`/books?${query}`), { headers: anon }), 400, { code: 'PGRST100' });
    }
  });

  test('a value of the wrong type is 400 22P02 from Postgres', async () => {
    await expectError(await fetch(rest('/books?id=eq.abc'), { headers: anon }), 400, { code: '22P02' });
  });

  test('an unknown function is 404 PGRST202; an unknown embed 400 PGRST200', async () => {
    const rpc = await fetch(rest('/rpc/nope'), { method: 'POST', headers: json, body: '{}' });
    await expectError(rpc, 404, { code: 'PGRST202' });
    await expectError(await fetch(rest('/books?select=id,nope(id)'), { headers: anon }), 400, {
      code: 'PGRST200',
    });
  });

  test('an unknown schema profile is 406 PGRST106', async () => {
    const response = await fetch(rest('/books'), { headers: { ...anon, 'Accept-Profile': 'private' } });
    await expectError(response, 406, { code: 'PGRST106' });
  });

  test('a body over 10 MB is 413, and the server keeps serving', async () => {
    const huge = JSON.stringify({ title: 'x'.repeat(11 * 1024 * 1024) });
    const response = await fetch(rest('/todos'), { method: 'POST', headers: json, body: huge });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'PGRST413' });
    expect((await fetch(rest('/authors?select=id&limit=1'), { headers: anon })).status).toBe(200);
  });
});

describe('headers', () => {
  test('Content-Range, Preference-Applied and CORS expose headers', async () => {
    const response = await fetch(rest('/books?select=id&order=id&limit=2'), {
      headers: { ...anon, Prefer: 'count=exact', Origin: 'http://localhost:4173' },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('0-1/6');
    expect(response.headers.get('preference-applied')).toBe('count=exact');
    const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    expect(exposed).toContain('content-range');
    expect(exposed).toContain('x-supabase-api-version');
  });

  test('an empty page is */total; without a count the total is *', async () => {
    const empty = await fetch(rest('/books?id=eq.-1'), { headers: { ...anon, Prefer: 'count=exact' } });
    expect(empty.headers.get('content-range')).toBe('*/0');
    const uncounted = await fetch(rest('/books?select=id&limit=3'), { headers: anon });
    expect(uncounted.headers.get('content-range')).toBe('0-2/*');
  });

  test('an offset past the end is 416 PGRST103', async () => {
    const response = await fetch(rest('/books?offset=10'), { headers: { ...anon, Prefer: 'count=exact' } });
    await expectError(response, 416, { code: 'PGRST103' });
  });

  test('Prefer: tx=rollback answers as if committed and keeps nothing', async () => {
    const { token } = await mintUser();
    const headers = { ...json, Authorization: `Bearer ${token}` };
    const title = `rollback-${crypto.randomUUID()}`;
    const response = await fetch(rest('/todos?select=title'), {
      method: 'POST',
      headers: { ...headers, Prefer: 'return=representation, tx=rollback' },
      body: JSON.stringify({ title }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('preference-applied')).toBe('return=representation, tx=rollback');
    expect(await response.json()).toEqual([{ title }]);
    const after = await fetch(rest(`/todos?title=eq.${title}`), { headers });
    expect(await after.json()).toEqual([]);
  });
});

describe('schema cache', () => {
  test('a table created after the stack started is found', async () => {
    const name = `scratch_${crypto.randomUUID().slice(0, 8)}`;
    const headers = { apikey: SERVICE_ROLE_KEY, 'Content-Type': 'application/json' };
    const made = await fetch(rest('/rpc/make_scratch_table'), {
      method: 'POST',
      headers,
      body: JSON.stringify({ name }),
    });
    expect(made.status).toBe(204);
    const response = await fetch(rest(`/${name}?select=note`), { headers });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ note: 'made after start' }]);
  });
});

describe('abuse', () => {
  const asUser = async () => {
    const { token } = await mintUser();
    return { ...json, Authorization: `Bearer ${token}` };
  };

  test('[STACK-5] SQLSTATE 22023 is 400, as PostgREST answers it, not 401 (which tills read as signed out)', async () => {
    const response = await fetch(rest('/rpc/apply_ops'), {
      method: 'POST',
      headers: await asUser(),
      body: JSON.stringify({ ops: { not: 'an array' } }),
    });
    expect(response.headers.get('www-authenticate')).toBeNull();
    await expectError(response, 400, { code: '22023', hint: 'invalid_batch' });
  });

  test('[STACK-4] a body nested 6,000 deep is a clear 400, and the server keeps serving', async () => {
    const deep = '{"ops":' + '['.repeat(6_000) + ']'.repeat(6_000) + '}';
    const response = await fetch(rest('/rpc/apply_ops'), {
      method: 'POST',
      headers: await asUser(),
      body: deep,
    });
    await expectError(response, 400, {
      code: 'PGRST102',
      message: 'JSON is nested more than 100 levels deep',
    });
    const table = await fetch(rest('/books'), {
      method: 'POST',
      headers: await asUser(),
      body: '[' + '{"a":'.repeat(200) + '1' + '}'.repeat(200) + ']',
    });
    expect(table.status).toBe(400);
    const after = await fetch(rest('/rpc/add_numbers?a=1&b=2'), { headers: anon });
    expect(await after.json()).toBe(3);
  });

  test('[STACK-3] each request runs under its role’s statement_timeout; a call past it is cancelled', async () => {
    const timeoutOf = async (headers: Record<string, string>) => {
      const response = await fetch(rest('/rpc/request_context'), { method: 'POST', headers, body: '{}' });
      return ((await response.json()) as { statement_timeout: string }).statement_timeout;
    };
    expect(await timeoutOf(json)).toBe('3s');
    expect(await timeoutOf(await asUser())).toBe('8s');
    // PGlite (WebAssembly, one thread) has no timer interrupt to cancel with; PostgreSQL runs show it does.
    if (inject('stackDatabase') !== 'postgres') return;
    const slow = await fetch(rest('/rpc/sleep_for'), {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ seconds: 4 }),
    });
    await expectError(slow, 500, { code: '57014' });
  });
});
