// `npm run test:pg`: the stack tests again, on the PostgreSQL server named by DATABASE_URL. Global setup
// creates a fresh database on that server for the run and drops it afterwards.
import { spawnSync } from 'node:child_process';

if (!process.env.DATABASE_URL) {
  console.error(
    'npm run test:pg needs DATABASE_URL, e.g. DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres\n' +
      '(the user must be allowed to create databases and roles; a fresh database is made for each run).',
  );
  process.exit(2);
}
// [AGREE-1] The till/server property runs more cases here than in `npm test` (PGlite): 1,500 by default.
const result = spawnSync('npx', ['vitest', 'run', '--project', 'stack', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, PROPERTY_RUNS: process.env.PROPERTY_RUNS ?? '1500' },
});
process.exit(result.status ?? 1);
