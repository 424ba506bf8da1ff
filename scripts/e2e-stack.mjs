// Starts the local stack for browser tests on a fresh temporary PGlite directory (removed on exit), so every
// run begins from the seed and nothing leaks between runs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'tillpoint-e2e-'));
const child = spawn('npx', ['tsx', 'supabase/local/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, SITE_URL: 'http://localhost:4173' },
});

function cleanUp() {
  rmSync(dataDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    child.kill('SIGTERM');
  });
}
child.on('exit', (code) => {
  cleanUp();
  process.exit(code ?? 0);
});
