// Adds the RxDB peer's tables (rxdb-tables.sql) to the bench's database: the PGlite folder DATA_DIR, or
// PostgreSQL when DATABASE_URL is set, as scripts/seed-large.ts chooses. Run after seed:large and before the
// stack starts (PGlite allows one process).
import { readFile } from 'node:fs/promises';
import { openDatabase } from '../../../supabase/local/stack';

const sql = await readFile(new URL('./rxdb-tables.sql', import.meta.url), 'utf8');
const db = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? '.data',
});
try {
  await db.transaction((tx) => tx.exec(sql));
  const { rows } = await db.query<{ count: number }>(
    'select count(*)::int as count from public.rxdb_products',
  );
  console.log(`RxDB peer tables ready: ${rows[0]?.count ?? 0} rows in public.rxdb_products.`);
} catch (error) {
  console.error(`RxDB peer tables failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
