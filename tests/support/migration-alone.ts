// A pure-rules migration (one that only defines private functions) loaded alone into an in-memory PGlite,
// with only what it needs: the private schema and the roles it grants to. The "till and server agree"
// property tests run src/domain and the migration's SQL side by side on it.
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

export async function migrationAlone(file: string): Promise<PGlite> {
  const db = new PGlite();
  const sql = readFileSync(new URL(`../../supabase/migrations/${file}`, import.meta.url), 'utf8');
  await db.exec(
    `create schema private; create role anon; create role authenticated; create role service_role; ${sql}`,
  );
  return db;
}
