// What the bench runs against: a fresh local stack on its own data folder and port, seeded with the
// large-data generator, and the production build of the app (plus the harness) made for that stack's URL
// and served by `vite preview` on its own port — never the 54321/4173 pair that browser tests use.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = join(process.cwd(), 'node_modules', '.bin');

export interface Running {
  stop(): Promise<void>;
}

/** Runs a command to its end; its output is kept and shown only if it fails. */
export function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(BIN, command), args, { env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `${command} ${args.join(' ')} exited with ${code ?? 'a signal'}:\n${output.slice(-4000)}`,
          ),
        );
    });
  });
}

/** Fails early and plainly when someone else's server holds the port. */
export async function ensureFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () => {
      reject(new Error(`Port ${port} is in use; the bench needs it (stop what holds it, or wait).`));
    });
    probe.listen(port, '127.0.0.1', () => {
      probe.close(() => {
        resolve();
      });
    });
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server for ${url} exited with ${child.exitCode}.`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s.`);
}

/** A long-running server in its own process group, so stopping it also stops what it spawned. */
async function serve(command: string, args: readonly string[], env: NodeJS.ProcessEnv, url: string) {
  const child = spawn(join(BIN, command), args, {
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  };
  try {
    await waitFor(url, child, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}

/**
 * The seed and the stack use the bench's own PGlite folder even when DATABASE_URL is set (for P9): inherited,
 * it sent them to that server's database, which the seed then filled with the bench catalogue.
 */
const OWN_FOLDER = { DATABASE_URL: '' };

export interface Sizes {
  products: number;
  customers: number;
  /** A shop's catalogue (issue 39): every Nth product with size variants, every Mth asking for modifiers. */
  shape?: { variantsEvery: number; modifiersEvery: number };
}

/**
 * The benchmark shop (scripts/seed-large.ts: the demo seed, then the catalogue at these sizes) in the
 * database `where` names: `{ DATA_DIR }` for a PGlite folder, `{ DATABASE_URL }` for a PostgreSQL database.
 */
export async function seedShop(sizes: Sizes, where: { DATA_DIR: string } | { DATABASE_URL: string }) {
  const shape = sizes.shape
    ? [`--variants-every=${sizes.shape.variantsEvery}`, `--modifiers-every=${sizes.shape.modifiersEvery}`]
    : [];
  await run(
    'tsx',
    ['scripts/seed-large.ts', `--products=${sizes.products}`, `--customers=${sizes.customers}`, ...shape],
    { ...OWN_FOLDER, ...where },
  );
}

/**
 * A temporary PGlite folder with the seed, the benchmark catalogue (scripts/seed-large.ts) and the RxDB
 * peer's tables filled from that catalogue (tests/bench/peer/rxdb-tables.sql).
 */
export async function seededDataDir(sizes: Sizes): Promise<{ dir: string; remove(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'tillpoint-bench-'));
  await seedShop(sizes, { DATA_DIR: dir });
  await run('tsx', ['tests/bench/peer/add-peer-tables.ts'], { ...OWN_FOLDER, DATA_DIR: dir });
  return {
    dir,
    remove: () => {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A local stack on a PGlite folder (`dataDir`) or on a PostgreSQL database (`databaseUrl`, for P10). */
export async function startStack(
  where: { dataDir: string } | { databaseUrl: string },
  port: number,
  siteUrl: string,
): Promise<Running> {
  await ensureFree(port);
  const database =
    'dataDir' in where ? { ...OWN_FOLDER, DATA_DIR: where.dataDir } : { DATABASE_URL: where.databaseUrl };
  return serve(
    'tsx',
    ['supabase/local/main.ts'],
    { ...database, SUPABASE_PORT: String(port), SITE_URL: siteUrl },
    `http://127.0.0.1:${port}/auth/v1/health`,
  );
}

export const BENCH_DIST = '.bench-dist/app';

/** The production build for the bench stack's URL (baked in at build time), then the harness beside it. */
export async function buildApp(supabaseUrl: string): Promise<void> {
  const env = { VITE_SUPABASE_URL: supabaseUrl };
  await run('vite', ['build', '--outDir', BENCH_DIST, '--emptyOutDir', '--logLevel', 'warn'], env);
  await run('vite', ['build', '--config', 'tests/bench/vite.harness.config.ts'], env);
}

export async function startPreview(port: number): Promise<Running> {
  await ensureFree(port);
  return serve(
    'vite',
    ['preview', '--outDir', BENCH_DIST, '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    {},
    `http://127.0.0.1:${port}/`,
  );
}
