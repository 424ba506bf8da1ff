// The Edge Functions under Deno (issue 34): they run on Deno when deployed but under Node in the local stack
// and its tests, so a Node-only API could slip in unseen. Each function is type-checked by Deno with its own
// deno.json (as `supabase functions deploy` bundles it), and its `*_test.ts` files run under `deno test`.
// Deno comes from npm (the `deno` package ships the binary); its npm: imports come from the npm registry.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const FUNCTIONS = join(import.meta.dirname, '..', 'supabase', 'functions');
const DENO = join(import.meta.dirname, '..', 'node_modules', '.bin', 'deno');

function deno(args: string[]): boolean {
  const run = spawnSync(DENO, args, { cwd: FUNCTIONS, stdio: 'inherit' });
  return run.status === 0;
}

const failed: string[] = [];
for (const entry of readdirSync(FUNCTIONS, { withFileTypes: true })) {
  if (!entry.isDirectory() || entry.name.startsWith('_')) continue;
  const name = entry.name;
  const config = join(name, 'deno.json');
  if (!existsSync(join(FUNCTIONS, config))) {
    failed.push(`${name}: no deno.json`);
    continue;
  }
  if (!deno(['check', '--quiet', '--config', config, join(name, 'index.ts')]))
    failed.push(`${name}: deno check`);
  const tests = readdirSync(join(FUNCTIONS, name)).filter((file) => file.endsWith('_test.ts'));
  if (
    tests.length > 0 &&
    !deno(['test', '--quiet', '--config', config, ...tests.map((file) => join(name, file))])
  ) {
    failed.push(`${name}: deno test`);
  }
}
if (failed.length > 0) {
  console.error(`Edge Functions under Deno failed:\n  ${failed.join('\n  ')}`);
  process.exit(1);
}
console.log('Edge Functions: each type-checks and passes its tests under Deno.');
