// The Database port's contract on both adapters: PGlite always, PostgreSQL when the run has one (test:pg).
import { describe, inject } from 'vitest';
import { openPgliteDatabase } from '../../supabase/local/db/pglite-database';
import { openPostgresDatabase } from '../../supabase/local/db/postgres-database';
import { databaseContract } from '../support/database-contract';

describe('PGlite adapter', () => {
  databaseContract('pglite', () => openPgliteDatabase());
});

const postgresUrl = inject('stackDatabaseUrl');
describe.runIf(postgresUrl !== '')('PostgreSQL adapter', () => {
  databaseContract('postgres', () => Promise.resolve(openPostgresDatabase(postgresUrl)));
});
