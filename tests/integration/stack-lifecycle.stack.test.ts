// The stack on disk: what a developer sees across `npm run stack` restarts.
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { MIGRATIONS_DIR, startStack } from '../../supabase/local/stack';

let dir: string;
let migrations: string;
let seed: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tillpoint-stack-'));
  migrations = join(dir, 'migrations');
  seed = join(dir, 'seed.sql');
  await mkdir(migrations);
  await writeFile(
    join(migrations, '20260101000000_notes.sql'),
    'create table public.notes (id int primary key, body text);',
  );
  await writeFile(seed, "insert into public.notes values (1, 'seeded');");
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

// Each of these opens PGlite on disk two times over (initdb, migrations, seed): seconds on an idle machine,
// tens of seconds on a loaded CI runner, so they get more than the default 30 s.
const ON_DISK_MS = 120_000;

const options = () => ({
  dataDir: join(dir, 'data'),
  migrationDirs: [migrations],
  seedFile: seed,
  config: { port: 0 },
});

test(
  'data survives a restart; migrations and the seed are not applied twice',
  async () => {
    const first = await startStack(options());
    expect(first.migrations.applied).toEqual(['20260101000000_notes.sql']);
    await first.db.query("insert into public.notes values (2, 'written while running')");
    await first.close();

    const second = await startStack(options());
    try {
      expect(second.migrations).toMatchObject({ applied: [], wasEmpty: false });
      const { rows } = await second.db.query<{ id: number; body: string }>(
        'select id, body from public.notes order by id',
      );
      expect(rows).toEqual([
        { id: 1, body: 'seeded' },
        { id: 2, body: 'written while running' },
      ]);
    } finally {
      await second.close();
    }
  },
  ON_DISK_MS,
);

test(
  'a stack refuses to start when an applied migration changed, naming the file',
  async () => {
    await (await startStack(options())).close();
    await writeFile(join(migrations, '20260101000000_notes.sql'), 'create table public.notes (id int);');
    await expect(startStack(options())).rejects.toThrow(
      /20260101000000_notes\.sql was changed after it was applied/,
    );
  },
  ON_DISK_MS,
);

test('the platform schema is there before any migration: API roles and auth helpers', async () => {
  const stack = await startStack({ ...options(), dataDir: undefined, migrationDirs: [], seedFile: null });
  try {
    const { rows } = await stack.db.query<{ rolname: string; rolbypassrls: boolean }>(
      `select rolname, rolbypassrls from pg_roles where rolname in ('anon', 'authenticated', 'service_role') order by 1`,
    );
    expect(rows).toEqual([
      { rolname: 'anon', rolbypassrls: false },
      { rolname: 'authenticated', rolbypassrls: false },
      { rolname: 'service_role', rolbypassrls: true },
    ]);
    const claims = await stack.db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({
          sub: '00000000-0000-0000-0000-000000000001',
          role: 'authenticated',
          email: 'a@b.c',
        }),
      ]);
      return (
        await tx.query(
          'select auth.uid()::text as uid, auth.role() as role, auth.email() as email, auth.jwt() ->> $1 as sub',
          ['sub'],
        )
      ).rows[0];
    });
    expect(claims).toEqual({
      uid: '00000000-0000-0000-0000-000000000001',
      role: 'authenticated',
      email: 'a@b.c',
      sub: '00000000-0000-0000-0000-000000000001',
    });
  } finally {
    await stack.close();
  }
});

/** What the API roles may do that migrations took away; every entry must stay false. */
const PRIVILEGES = `select
  has_function_privilege('anon', 'public.purge_tombstones(interval)', 'execute') as anon_purges,
  has_function_privilege('authenticated', 'public.purge_tombstones(interval)', 'execute') as member_purges,
  has_function_privilege('anon', 'public.import_products(uuid, jsonb)', 'execute') as anon_imports,
  has_column_privilege('authenticated', 'public.terminals', 'registered_by', 'update') as clears_registered_by,
  has_column_privilege('authenticated', 'public.companies', 'terminal_seq', 'update') as resets_terminal_seq`;

test(
  '[STACK-1] grants survive a restart: what migrations revoked stays revoked on an existing database',
  async () => {
    const real = { ...options(), migrationDirs: [MIGRATIONS_DIR], seedFile: null };
    const first = await startStack(real);
    const before = (await first.db.query<Record<string, boolean>>(PRIVILEGES)).rows[0];
    await first.close();
    const second = await startStack(real);
    try {
      const after = (await second.db.query<Record<string, boolean>>(PRIVILEGES)).rows[0];
      expect(after).toEqual(before);
      expect(Object.values(after ?? {})).toEqual([false, false, false, false, false]);
    } finally {
      await second.close();
    }
  },
  ON_DISK_MS,
);

test('[STACK-2] purge_tombstones checks its caller itself: a member’s JWT is refused even with a grant', async () => {
  const stack = await startStack({
    ...options(),
    dataDir: undefined,
    migrationDirs: [MIGRATIONS_DIR],
    seedFile: null,
  });
  try {
    const purge = (role: string) =>
      stack.db.transaction(async (tx) => {
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role })]);
        return (await tx.query<{ report: unknown }>('select public.purge_tombstones() as report')).rows[0];
      });
    await expect(purge('authenticated')).rejects.toMatchObject({ code: '42501' });
    await expect(purge('anon')).rejects.toMatchObject({ code: '42501' });
    expect(await purge('service_role')).toMatchObject({ report: expect.any(Object) as unknown });
  } finally {
    await stack.close();
  }
});
