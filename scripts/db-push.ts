// `npm run db:push`: the migrations applied by the Supabase CLI's own `supabase db push`, as a shop's deploy
// runs it (issue 34), to a fresh database on the PostgreSQL server named by DATABASE_URL — no Docker. The
// database first gets what a Supabase project has before any migration (supabase/local/platform: the API
// roles, pgcrypto, the auth schema), then the CLI pushes supabase/migrations, then every migration file must
// be recorded as applied. The database is dropped afterwards.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const ROOT = join(import.meta.dirname, '..');
const admin = process.env.DATABASE_URL;
if (!admin) {
  console.error(
    'npm run db:push needs DATABASE_URL, e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres',
  );
  process.exit(2);
}

const name = `tillpoint_db_push_${String(process.pid)}`;
const target = new URL(admin);
target.pathname = `/${name}`;
// The CLI asks for TLS unless told; a local server usually has none.
if (!target.searchParams.has('sslmode')) target.searchParams.set('sslmode', 'disable');

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url.replace(/[?&]sslmode=disable/, '') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const migrations = readdirSync(join(ROOT, 'supabase', 'migrations')).filter((file) => file.endsWith('.sql'));
await withClient(admin, (client) => client.query(`create database ${name}`));
let failed = false;
try {
  await withClient(target.toString(), async (client) => {
    for (const file of ['roles.sql', 'auth.sql']) {
      await client.query(readFileSync(join(ROOT, 'supabase', 'local', 'platform', file), 'utf8'));
    }
  });
  const push = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'supabase'),
    ['db', 'push', '--db-url', target.toString(), '--include-all', '--yes'],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (push.status !== 0) throw new Error(`supabase db push exited with ${String(push.status)}`);
  const applied = await withClient(target.toString(), async (client) => {
    const rows = await client.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version',
    );
    return rows.rows.map((row) => row.version);
  });
  const expected = migrations.map((file) => file.split('_')[0] ?? file).sort();
  if (JSON.stringify(applied) !== JSON.stringify(expected)) {
    throw new Error(
      `supabase db push recorded ${String(applied.length)} of ${String(expected.length)} migrations`,
    );
  }
  console.log(
    `supabase db push applied all ${String(expected.length)} migrations to a fresh PostgreSQL database.`,
  );
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await withClient(admin, (client) => client.query(`drop database if exists ${name} with (force)`));
}
process.exit(failed ? 1 : 0);
