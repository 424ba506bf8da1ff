// Profiling aid for P5 (not part of `npm run bench`): the engine's push against an in-process local stack,
// in Node with fake-indexeddb, so one CPU profile holds the till's side and the server's. Prints the time
// per sale one request each and in batches, and the time the requests spent on the wire.
// Usage: npx tsx --import ./scripts/lingui-register.mjs [--cpu-prof] tests/bench/profile-push.ts [sales] [batch]
import 'fake-indexeddb/auto';
import { MIGRATIONS_DIR, SEED_FILE, startStack } from '../../supabase/local/stack';

const sales = Number(process.argv[2] ?? 1000);
const batch = Number(process.argv[3] ?? 100);
const stack = await startStack({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR,
  config: { port: 0 },
  migrationDirs: [MIGRATIONS_DIR],
  seedFile: SEED_FILE,
});
process.env.STACK_URL = stack.url;
const { DEMO } = await import('../support/demo');
const { registeredTill, queueOneSale } = await import('../support/sync-stack');
const { pushAll } = await import('../../src/data/sync/push');
const { till, ledger } = await registeredTill(
  'profile',
  DEMO.users.owner.email,
  { storeId: DEMO.storeId, name: 'Profile' },
  DEMO.password,
);
const { data: products } = await till.client
  .from('products')
  .select('id, name, price, tax_rate_bp')
  .eq('company_id', DEMO.companyId)
  .eq('weighed', false)
  .limit(200);
if (!products || products.length === 0) throw new Error('no products');
const catalogue = products;

/** A CPU profile of the batched push alone (PROFILE_OUT=file.cpuprofile), for chrome://inspect or speedscope. */
async function startProfile(): Promise<{ stop: (file: string) => Promise<void> }> {
  const { Session } = await import('node:inspector/promises');
  const { writeFile } = await import('node:fs/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await session.post('Profiler.stop');
      await writeFile(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

async function queue(count: number): Promise<number> {
  const start = performance.now();
  for (let n = 0; n < count; n++) {
    const p = catalogue[n % catalogue.length];
    if (p === undefined) continue;
    await queueOneSale(ledger, DEMO.companyId, { ...p, price: Number(p.price) });
  }
  return performance.now() - start;
}

async function push(size: number): Promise<{ ms: number; cpu: number; wire: number; sent: number }> {
  till.net.log.length = 0;
  const start = performance.now();
  const cpu = process.cpuUsage();
  const pushed = await pushAll({
    ledger,
    remote: till.remote,
    now: () => Date.now(),
    userId: DEMO.users.owner.id,
    companies: new Set([DEMO.companyId]),
    batchSize: size,
  });
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  if (pushed.kind !== 'drained') throw new Error(`push stopped: ${JSON.stringify(pushed)}`);
  const wire = till.net.log.filter((e) => e.path.endsWith('/apply_ops')).reduce((sum, e) => sum + e.ms, 0);
  // CPU of this process (the till and, in process, the stack): steadier than wall time on a shared machine.
  return { ms, cpu: (used.user + used.system) / 1000, wire, sent: pushed.sent };
}

await queue(30);
const single = await push(1);
console.log(
  `one per request: ${single.sent} sales ${(single.ms / single.sent).toFixed(2)} ms/sale ` +
    `(wire ${(single.wire / single.sent).toFixed(2)}, CPU ${(single.cpu / single.sent).toFixed(2)})`,
);
const queued = await queue(sales);
console.log(`queued ${sales} in ${queued.toFixed(0)} ms`);
const profiler = process.env.PROFILE_OUT ? await startProfile() : null;
const batched = await push(batch);
if (profiler) await profiler.stop(process.env.PROFILE_OUT ?? '');
console.log(
  `batches of ${batch}: ${batched.sent} sales in ${batched.ms.toFixed(0)} ms, ${(batched.ms / batched.sent).toFixed(2)} ms/sale ` +
    `(wire ${(batched.wire / batched.sent).toFixed(2)}, CPU ${(batched.cpu / batched.sent).toFixed(2)}); ratio ×${(single.ms / single.sent / (batched.ms / batched.sent)).toFixed(1)}` +
    ` (CPU ×${(single.cpu / single.sent / (batched.cpu / batched.sent)).toFixed(1)})`,
);
await stack.close();
process.exit(0);
