// `npm run soak`: the fault-injection run at scale (tests/support/fault-run.ts) against its own local stack
// on a free port — at least 10,000 sales from several tills by default, `--quick` for 1,000. Prints what was
// injected and `lost = 0 duplicated = 0`; exits 1 when anything was lost or duplicated or stock is off.
//   npm run soak [-- --quick] [--ops N] [--tills N] [--seed S] [--postgres URL]
import 'fake-indexeddb/auto';
import { parseArgs } from 'node:util';
import { MIGRATIONS_DIR, SEED_FILE, startStack } from '../../supabase/local/stack';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    ops: { type: 'string' },
    tills: { type: 'string', default: '4' },
    seed: { type: 'string', default: '20261124' },
    postgres: { type: 'string' },
  },
});
const ops = Number(values.ops ?? (values.quick ? 1_000 : 10_000));
const tills = Number(values.tills);
const seed = Number(values.seed);
if (!Number.isInteger(ops) || ops < 1 || !Number.isInteger(tills) || tills < 1 || !Number.isInteger(seed)) {
  console.error('soak: --ops and --tills must be whole numbers above 0, --seed a whole number.');
  process.exit(2);
}

const stack = await startStack({
  databaseUrl: values.postgres,
  config: { port: 0 },
  migrationDirs: [MIGRATIONS_DIR],
  seedFile: SEED_FILE,
});
process.env.STACK_URL = stack.url;
let failed: boolean;
try {
  // Imported after STACK_URL is set: the test support reads it to find the stack.
  const { reportLines, runFaults } = await import('../support/fault-run');
  console.log(
    `soak: ${String(ops)} sales from ${String(tills)} tills against ${stack.url} (${stack.db.kind})`,
  );
  const report = await runFaults({
    ops,
    tills,
    seed,
    progress: (line) => {
      if (process.stdout.isTTY) process.stdout.write(`\r${line}   `);
    },
  });
  if (process.stdout.isTTY) process.stdout.write('\n');
  for (const line of reportLines(report)) console.log(line);
  failed = report.lost !== 0 || report.duplicated !== 0 || report.onHandServer !== report.onHandExpected;
} finally {
  await stack.close();
}
process.exit(failed ? 1 : 0);
