// `npm run gen:types`: src/data/remote/database.types.ts, the server's tables and functions as TypeScript, made
// from supabase/migrations. The migrations are applied the way the local stack applies them (platform roles
// and auth schema, then every migration, no seed) to a throwaway in-memory PGlite, or to DATABASE_URL when
// given (it applies only what that database lacks). Then the generator `supabase gen types typescript` runs
// reads it: postgres-meta hands the work to @supabase/postgrest-typegen (introspect, sort, generate), which
// takes any `query(sql)`, so the stack's own Database port feeds it with no socket or server in between.
// `-- --check` writes nothing and fails when the committed file no longer matches the migrations.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateTypescript, introspect, sortGeneratorMetadata } from '@supabase/postgrest-typegen';
import { format, resolveConfig } from 'prettier';
import { openDatabase, prepareDatabase } from '../supabase/local/stack';

const TYPES_FILE = fileURLToPath(new URL('../src/data/remote/database.types.ts', import.meta.url));
/** The schemas the app reaches through supabase-js (`.from`, `.rpc`); auth goes through GoTrue, not here. */
const SCHEMAS = ['public'];

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });

async function generate(): Promise<string> {
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  try {
    await prepareDatabase(db, undefined, null);
    const metadata = sortGeneratorMetadata(
      await introspect({ query: (sql) => db.query(sql) }, { includedSchemas: SCHEMAS }),
    );
    const config = await resolveConfig(TYPES_FILE);
    return await generateTypescript(metadata, {
      // As the Supabase CLI asks: an embedded row behind a unique foreign key is an object, not an array.
      detectOneToOneRelationships: true,
      format: (code) => format(code, { ...config, filepath: TYPES_FILE }),
    });
  } finally {
    await db.close();
  }
}

const started = performance.now();
const generated = await generate();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (values.check) {
  const committed = await readFile(TYPES_FILE, 'utf8').catch(() => '');
  if (committed !== generated) {
    console.error('database.types.ts is stale: run npm run gen:types');
    process.exit(1);
  }
  console.log(`database.types.ts matches the migrations (${seconds}s)`);
} else {
  await writeFile(TYPES_FILE, generated);
  console.log(`wrote src/data/remote/database.types.ts (${seconds}s)`);
}
