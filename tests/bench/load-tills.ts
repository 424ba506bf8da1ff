// `npm run bench:load`: a load run of apply_ops on PostgreSQL, Node only. Simulated tills — each its own
// cashier, signed-in supabase-js client and registered terminal in one fresh shop — replay their outboxes at
// once through the real RPC, against a local stack on a fresh database of the server DATABASE_URL names
// (dropped afterwards). Prints ops/s and batch latency, then replays every batch again. Exits 1 on a failed
// call (a deadlock among them), a sale lost or recorded twice, stock that is off, or a replay that changes
// anything.
//   DATABASE_URL=postgres://… npm run bench:load [-- --tills 50 --batches 4 --batch 100]
import { parseArgs } from 'node:util';
import pg from 'pg';
import { MIGRATIONS_DIR, SEED_FILE, startStack } from '../../supabase/local/stack';
import { applyOps, countRows, onHand, saleOp, type Answer, type Op } from '../support/ops';
import {
  createShop,
  invite,
  nth,
  registerTerminal,
  type Person,
  type Shop,
  type Terminal,
} from '../support/shop';
import { median, p95 } from './stats';

const { values } = parseArgs({
  options: {
    tills: { type: 'string', default: '50' },
    batches: { type: 'string', default: '4' },
    batch: { type: 'string', default: '100' },
    products: { type: 'string', default: '40' },
  },
});
const [tills, batches, batchSize, productCount] = [
  values.tills,
  values.batches,
  values.batch,
  values.products,
].map(Number) as [number, number, number, number];
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error(
    'bench:load runs on PostgreSQL: set DATABASE_URL (postgres://postgres:postgres@127.0.0.1:5432/postgres).',
  );
  process.exit(2);
}
if (
  ![tills, batches, batchSize, productCount].every((n) => Number.isInteger(n) && n > 0) ||
  batchSize > 500
) {
  console.error(
    'bench:load: --tills, --batches, --batch (≤ 500) and --products must be whole numbers above 0.',
  );
  process.exit(2);
}

interface Till {
  cashier: Person;
  terminal: Terminal;
  outbox: Op[][];
}

interface Round {
  seconds: number;
  latencies: number[];
  answers: Answer[];
  failures: string[];
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A till's outbox: batches of sales of one to four products, as a day offline leaves them. */
function outbox(shop: Shop, terminal: Terminal): Op[][] {
  return Array.from({ length: batches }, () =>
    Array.from({ length: batchSize }, () => {
      const lines = Array.from({ length: 1 + Math.floor(Math.random() * 4) }, () => ({
        product: nth(shop.products, Math.floor(Math.random() * shop.products.length)),
        quantity: 1 + Math.floor(Math.random() * 3),
      }));
      return saleOp({ terminal, lines, tender: Math.random() < 0.5 ? 'cash' : 'card' });
    }),
  );
}

/** Every till sends its outbox, one batch after the other, all tills at once. */
async function round(all: Till[]): Promise<Round> {
  const latencies: number[] = [];
  const answers: Answer[] = [];
  const failures: string[] = [];
  const started = performance.now();
  await Promise.all(
    all.map(async (till) => {
      for (const ops of till.outbox) {
        const sent = performance.now();
        try {
          answers.push(...(await applyOps(till.cashier.client, ops)));
        } catch (error) {
          const { code } = error as { code?: string };
          failures.push(
            `${till.terminal.code}: ${code === '40P01' ? 'deadlock' : String(code)} ${String(error)}`,
          );
        }
        latencies.push(performance.now() - sent);
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, latencies, answers, failures };
}

async function stockTotal(shop: Shop): Promise<number> {
  const levels = await Promise.all(shop.products.map((p) => onHand(shop.manager.client, shop.storeId, p.id)));
  return levels.reduce((sum, level) => sum + level, 0);
}

function report(label: string, result: Round, ops: number): void {
  console.log(
    `${label}: ${String(ops)} ops in ${result.seconds.toFixed(1)} s = ${(ops / result.seconds).toFixed(0)} ops/s; ` +
      `batch of ${String(batchSize)}: median ${median(result.latencies).toFixed(0)} ms, ` +
      `p95 ${p95(result.latencies).toFixed(0)} ms`,
  );
}

async function run(): Promise<string[]> {
  const shop = await createShop({ products: productCount });
  const all: Till[] = [];
  for (let i = 0; i < tills; i++) {
    const cashier = await invite(shop.owner, shop.companyId, 'cashier', `till${String(i)}`);
    const terminal = await registerTerminal(cashier, shop.storeId, `Till ${String(i + 1)}`);
    all.push({ cashier, terminal, outbox: outbox(shop, terminal) });
  }
  const sent = all.flatMap((till) => till.outbox.flat());
  const sold = sent.reduce(
    (sum, o) => sum + (o.args.lines as { quantity: number }[]).reduce((s, line) => s + line.quantity, 0),
    0,
  );
  console.log(
    `bench:load: ${String(tills)} tills × ${String(batches)} batches × ${String(batchSize)} sales on ${stack.url}`,
  );

  const problems: string[] = [];
  const first = await round(all);
  report('replay', first, sent.length);
  problems.push(...first.failures);
  const notApplied = first.answers.filter((a) => a.status !== 'applied').length;
  if (notApplied > 0) problems.push(`${String(notApplied)} ops not applied on the first replay`);
  const check = async (when: string) => {
    const [sales, applied, stock] = await Promise.all([
      countRows(shop.manager.client, 'sales', 'company_id', shop.companyId),
      countRows(shop.manager.client, 'applied_ops', 'company_id', shop.companyId),
      stockTotal(shop),
    ]);
    console.log(
      `${when}: sales ${String(sales)}, applied ops ${String(applied)}, on hand ${String(stock)} (sent ${String(sent.length)}, sold ${String(sold)})`,
    );
    if (sales !== sent.length)
      problems.push(`${when}: ${String(sales)} sales recorded for ${String(sent.length)} sent`);
    if (applied !== sent.length)
      problems.push(`${when}: ${String(applied)} op ids recorded for ${String(sent.length)} sent`);
    if (stock !== -sold) problems.push(`${when}: on hand ${String(stock)}, expected ${String(-sold)}`);
  };
  await check('after the replay');

  const second = await round(all);
  report('again (all duplicates)', second, sent.length);
  problems.push(...second.failures);
  const notDuplicate = second.answers.filter((a) => a.status !== 'duplicate').length;
  if (notDuplicate > 0) problems.push(`${String(notDuplicate)} ops not answered duplicate when sent again`);
  await check('after sending it all again');
  return problems;
}

const database = `tillpoint_load_${String(process.pid)}_${String(Date.now())}`;
await admin(`create database ${database}`);
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${database}`;
const stack = await startStack({
  databaseUrl: databaseUrl.toString(),
  config: { port: 0 },
  migrationDirs: [MIGRATIONS_DIR],
  seedFile: SEED_FILE,
});
process.env.STACK_URL = stack.url;
let problems: string[];
try {
  problems = await run();
} finally {
  await stack.close();
  await admin(`drop database if exists ${database} with (force)`);
}
for (const problem of problems) console.log(`FAILED ${problem}`);
console.log(
  problems.length === 0 ? 'no deadlock, lost = 0 duplicated = 0' : `${String(problems.length)} problems`,
);
process.exit(problems.length === 0 ? 0 : 1);
