// Starts one local stack for every *.stack.test.ts file: in-memory PGlite by default, or — when DATABASE_URL
// is set (npm run test:pg) — a fresh database created on that PostgreSQL server and dropped afterwards, so
// runs never see each other's rows. The conformance fixture schema is applied after the app's migrations.
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR, SEED_FILE, startStack } from '../../supabase/local/stack';
import type { RunningStack } from '../../supabase/local/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    stackUrl: string;
    stackDatabase: 'pglite' | 'postgres';
    /** The connection string of the test database on PostgreSQL runs, '' on PGlite. */
    stackDatabaseUrl: string;
  }
}

export const FIXTURE_MIGRATIONS_DIR = fileURLToPath(new URL('../fixtures/migrations', import.meta.url));

let stack: RunningStack | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

export async function setup(project: TestProject): Promise<void> {
  let databaseUrl: string | undefined;
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `tillpoint_test_${process.pid}_${Date.now()}`;
    await withAdmin(serverUrl, (admin) => admin.query(`create database ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () =>
      withAdmin(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
  }
  stack = await startStack({
    databaseUrl,
    config: { port: 0 },
    migrationDirs: [MIGRATIONS_DIR, FIXTURE_MIGRATIONS_DIR],
    seedFile: SEED_FILE,
  });
  project.provide('stackUrl', stack.url);
  project.provide('stackDatabase', stack.db.kind);
  project.provide('stackDatabaseUrl', databaseUrl ?? '');
}

export async function teardown(): Promise<void> {
  await stack?.close();
  await dropDatabase?.();
}

async function withAdmin(
  connectionString: string,
  work: (client: pg.Client) => Promise<unknown>,
): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
