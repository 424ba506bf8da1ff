// Composition of the local stack: open the database, prepare the platform schema Supabase provides, apply
// supabase/migrations, seed an empty database, and serve the HTTP protocol. Used by `npm run stack`, by
// `npm start`, and in-process by the stack tests.
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { defaultConfig } from './config';
import type { StackConfig } from './config';
import type { Database } from './db/database';
import { openPgliteDatabase } from './db/pglite-database';
import { analyzeAsAutovacuumWould } from './db/auto-analyze';
import { openPostgresDatabase } from './db/postgres-database';
import { createApp } from './http/app';
import { Mailbox } from './mail';
import { migrate } from './migrate';
import type { MigrationReport } from './migrate';
import type { StackContext } from './context';
import { createFakeStripe } from './stripe/deliver';
import type { FakeStripe } from './stripe/fake-stripe';

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
export const MIGRATIONS_DIR = here('../migrations');
export const SEED_FILE = here('../seed.sql');
const PLATFORM_SQL = [here('./platform/roles.sql'), here('./platform/auth.sql')];

export interface DatabaseChoice {
  /** node-postgres against this URL; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite folder; undefined keeps the database in memory. */
  dataDir?: string | undefined;
}

export interface StartStackOptions extends DatabaseChoice {
  config?: Partial<StackConfig>;
  /** Folders of migrations, applied in file-name order across all of them. */
  migrationDirs?: string[];
  /** Loaded into a database that had no migrations before this start; null skips seeding. */
  seedFile?: string | null;
  now?: () => number;
}

export interface RunningStack {
  url: string;
  db: Database;
  mailbox: Mailbox;
  migrations: MigrationReport;
  close(): Promise<void>;
}

export async function openDatabase(choice: DatabaseChoice): Promise<Database> {
  return choice.databaseUrl ? openPostgresDatabase(choice.databaseUrl) : openPgliteDatabase(choice.dataDir);
}

/** Platform schema, then migrations, then the seed when the database was empty. */
export async function prepareDatabase(
  db: Database,
  migrationDirs: readonly string[] = [MIGRATIONS_DIR],
  seedFile: string | null = SEED_FILE,
): Promise<MigrationReport> {
  for (const file of PLATFORM_SQL) await db.exec(await readFile(file, 'utf8'));
  const report = await migrate(db, migrationDirs);
  if (report.wasEmpty && seedFile !== null && existsSync(seedFile)) {
    await db.transaction(async (tx) => tx.exec(await readFile(seedFile, 'utf8')));
    // PGlite has no autovacuum to gather statistics; without them the planner guesses one row per shop and
    // filters a whole catalogue where an index would find one product (PostgreSQL analyzes on its own).
    await db.exec('analyze');
  }
  return report;
}

/** The fake Stripe forgets its readers when the stack stops; the shops' `card_readers` rows bring them back. */
async function restoreStripeReaders(db: Database, stripe: FakeStripe): Promise<void> {
  // A stack started with only some migrations (tests of the runner) may have no card_readers yet.
  const { rows: table } = await db.query<{ name: string | null }>(
    "select to_regclass('public.card_readers')::text as name",
  );
  if (!table[0]?.name) return;
  const { rows } = await db.query<{
    stripe_reader_id: string;
    label: string;
    device_type: string;
    serial_number: string | null;
  }>('select stripe_reader_id, label, device_type, serial_number from public.card_readers');
  for (const row of rows) {
    stripe.restoreReader({
      id: row.stripe_reader_id,
      label: row.label,
      deviceType: row.device_type,
      serialNumber: row.serial_number,
    });
  }
}

export async function startStack(options: StartStackOptions = {}): Promise<RunningStack> {
  const config = defaultConfig(options.config);
  const db = await openDatabase(options);
  try {
    const migrations = await prepareDatabase(db, options.migrationDirs, options.seedFile);
    const mailbox = new Mailbox();
    let url = `http://${config.hostname}:${config.port}`;
    const now = options.now ?? Date.now;
    const apiUrl = () => url;
    const ctx: StackContext = { db, config, mailbox, apiUrl, now, stripe: createFakeStripe(apiUrl, now) };
    await restoreStripeReaders(db, ctx.stripe);
    const app = createApp(ctx);
    const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const started = serve({ fetch: app.fetch, port: config.port, hostname: config.hostname }, () => {
        resolve(started);
      });
      started.once('error', reject);
    });
    url = `http://${config.hostname}:${(server.address() as AddressInfo).port}`;
    // PostgreSQL analyzes tables as they grow on its own; PGlite needs the stack to do it.
    const statistics = db.kind === 'pglite' ? analyzeAsAutovacuumWould(db) : null;
    return {
      url,
      db,
      mailbox,
      migrations,
      async close() {
        await new Promise<void>((resolve) => {
          server.close(() => {
            resolve();
          });
          // Keep-alive sockets from clients would otherwise hold the server open.
          if ('closeAllConnections' in server) server.closeAllConnections();
        });
        await statistics?.stop();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
