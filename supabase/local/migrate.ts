// The migration runner: applies supabase/migrations/*.sql in file-name order, each file in its own
// transaction, and records what it applied with a checksum. A file that changed after it was applied is
// refused by name: migrations are append-only, and silently diverging from production is worse than stopping.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './db/database';

const MIGRATION_FILE = /^(\d{14})_([a-z0-9_]+)\.sql$/;

export class MigrationDriftError extends Error {
  constructor(readonly file: string) {
    super(
      `Migration ${file} was changed after it was applied. Migrations are append-only: restore the file and ` +
        `add a new migration instead (or delete the local database folder to start over).`,
    );
    this.name = 'MigrationDriftError';
  }
}

export class MigrationFailedError extends Error {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super(
      `Migration ${file} failed and was rolled back: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
    this.name = 'MigrationFailedError';
  }
}

export interface MigrationFile {
  version: string;
  name: string;
  file: string;
  sql: string;
  checksum: string;
}

export interface MigrationReport {
  applied: string[];
  alreadyApplied: string[];
  /** True when the database had no migrations before this run (a fresh database: time to seed). */
  wasEmpty: boolean;
}

export async function readMigrations(dir: string): Promise<MigrationFile[]> {
  const entries = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  return Promise.all(
    entries.map(async (file) => {
      const match = MIGRATION_FILE.exec(file);
      if (!match?.[1] || !match[2]) {
        throw new Error(`Migration ${file} is misnamed: expected <yyyymmddhhmmss>_<lower_snake_name>.sql.`);
      }
      const sql = await readFile(join(dir, file), 'utf8');
      return { version: match[1], name: match[2], file, sql, checksum: sha256(sql) };
    }),
  );
}

export async function migrate(db: Database, dirs: readonly string[]): Promise<MigrationReport> {
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key,
      name text not null,
      checksum text not null,
      applied_at timestamptz not null default now()
    );`);
  const recorded = await db.query<{ version: string; name: string; checksum: string }>(
    'select version, name, checksum from supabase_migrations.schema_migrations',
  );
  const byVersion = new Map(recorded.rows.map((row) => [row.version, row]));
  const files = (await Promise.all(dirs.map(readMigrations)))
    .flat()
    .sort((a, b) => a.file.localeCompare(b.file));

  const report: MigrationReport = { applied: [], alreadyApplied: [], wasEmpty: recorded.rows.length === 0 };
  for (const migration of files) {
    const previous = byVersion.get(migration.version);
    if (previous) {
      if (previous.checksum !== migration.checksum) throw new MigrationDriftError(migration.file);
      report.alreadyApplied.push(migration.file);
      continue;
    }
    await db.transaction(async (tx) => {
      await tx.exec(migration.sql).catch((error: unknown) => {
        throw new MigrationFailedError(migration.file, error);
      });
      await tx.query(
        'insert into supabase_migrations.schema_migrations (version, name, checksum) values ($1, $2, $3)',
        [migration.version, migration.name, migration.checksum],
      );
    });
    report.applied.push(migration.file);
  }
  return report;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
