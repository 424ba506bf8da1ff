// `npm run bench` (and `-- --quick`): measures the performance budgets of DESIGN §10 in Chromium against the
// production build and a fresh local stack, prints one table and writes bench-results.json. Verdicts never
// fail the command; a benchmark that cannot run does (exit code 1), after the others have run. The machine's
// floor (cores, load, a fixed CPU loop) prints first; each group of cases runs in its own Chromium, relaunched
// once if it crashes; `--only=P5,P6` runs a subset.
import { chromium, type Browser } from '@playwright/test';
import { SHOP_SHAPE, benchConfig, CHROMIUM_ARGS } from './config';
import { filterScanMs, firstSyncRow, openHarness, saleRows, syncOnce } from './cases/harness-cases';
import { INSIGHTS_BUDGET, insightRows } from './cases/insight-cases';
import { PROMOTIONS_BUDGET, promotionRows } from './cases/promotion-cases';
import { PULL_BUDGET, pullRows } from './cases/pull-cases';
import { registerRows, searchQueries } from './cases/register-cases';
import { describeMachine, machineFloor } from './machine';
import { notRun, printTable, writeResults, type BenchRow } from './report';
import { buildApp, seededDataDir, startPreview, startStack, type Running } from './servers';

const config = benchConfig(process.argv.slice(2));
const started = Date.now();
const log = (text: string) => {
  console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${text}`);
};
const cleanups: (() => Promise<void> | void)[] = [];
const rows = new Map<string, BenchRow>();
const failures: string[] = [];
let machine = '';

type Budget = readonly [id: string, what: string, budget: string];
const SYNC: readonly Budget[] = [['P1', 'first sync', '≤ 6 s, ≤ 2× floor']];
const SALES: readonly Budget[] = [
  ['P4', 'checkout commit', 'p95 ≤ 50 ms'],
  ['P5', 'replay of queued sales', '≤ 20 s, ≥ 20× per-sale'],
  ['P5c', 'replay of café sales', '≤ 20 s, ≥ 20× per-sale'],
];
const REGISTER: readonly Budget[] = [
  ['P2', 'barcode scan → cart line', 'p95 ≤ 16 ms'],
  ['P3', 'search keystroke → results', 'p95 ≤ 16 ms, ≥ 10× filter'],
  ['P6', 'offline cold start', '≤ 1.5 s'],
  ['P7', 'JavaScript for the first screen', '≤ 200 KB gzip'],
  ['P8', 'JS heap at the register', '≤ 150 MB'],
];
const PROMOTIONS: readonly Budget[] = [PROMOTIONS_BUDGET];
/** The register's budgets that depend on the catalogue, again on a shop's (issue 39). */
const ON_SHOP_CATALOGUE: readonly Budget[] = REGISTER.filter(([id]) =>
  ['P2', 'P3', 'P6', 'P8'].includes(id),
).map(([id, what, budget]) => [`${id}.shop`, `${what}, shop catalogue`, budget] as const);

/**
 * `--only=P5,P6` runs those budgets (and what they need: P3's floor comes from P1's mirror). The older
 * `--only=harness` and `--only=ui` still name the two halves.
 */
function chosenIds(argv: readonly string[]): ReadonlySet<string> | null {
  const value = argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  if (value === undefined) return null;
  if (value === 'harness') return new Set([...SYNC, ...SALES].map(([id]) => id));
  if (value === 'ui') return new Set(REGISTER.map(([id]) => id));
  return new Set(value.split(',').map((id) => id.trim().toUpperCase()));
}
const chosen = chosenIds(process.argv.slice(2));
/** 'P2.shop' and 'P9.1' are wanted with 'P2' and 'P9'. */
const wanted = (id: string) =>
  chosen === null || chosen.has(id.toUpperCase()) || chosen.has((id.split('.')[0] ?? id).toUpperCase());

/** A crashed or killed Chromium, as Playwright reports it: worth one more try in a fresh browser. */
const BROWSER_GONE =
  /Target page, context or browser has been closed|Browser has been closed|browser has disconnected|Target closed/i;

/** Each group of cases gets its own Chromium, so one crash voids one group, and is relaunched once on a crash. */
async function inFreshBrowser<T>(what: string, work: (browser: Browser) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const browser = await chromium.launch({ executablePath: config.chromium, args: CHROMIUM_ARGS });
    try {
      return await work(browser);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt > 1 || !BROWSER_GONE.test(message)) throw error;
      log(`Chromium closed during ${what}; relaunching it and trying once more`);
    } finally {
      await browser.close().catch(() => undefined);
    }
  }
}

/** Runs a group when any of its budgets (or `neededFor`) is wanted; keeps the wanted rows, or says why not. */
async function group(
  budgets: readonly Budget[],
  work: (browser: Browser) => Promise<BenchRow[]>,
  neededFor: readonly string[] = [],
) {
  const ids = budgets.map(([id]) => id).filter(wanted);
  if (ids.length === 0 && !neededFor.some(wanted)) return;
  try {
    const results = await inFreshBrowser(ids.join(', ') || budgets.map(([id]) => id).join(', '), work);
    for (const result of results) if (wanted(result.id)) rows.set(result.id, result);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    failures.push(`${ids.join(', ')}: ${message}`);
    log(`FAILED ${ids.join(', ')}: ${message}`);
    for (const [id, what, budget] of budgets)
      if (wanted(id) && !rows.has(id)) rows.set(id, notRun(id, what, budget, message.split('\n')[0] ?? ''));
  }
}

async function cleanUp() {
  for (const step of cleanups.reverse()) {
    try {
      await step();
    } catch (error) {
      console.error(error);
    }
  }
  cleanups.length = 0;
}

process.on('SIGINT', () => {
  void cleanUp().then(() => process.exit(130));
});

async function main(): Promise<void> {
  log(
    `${config.quick ? 'quick' : 'full'} run: ${config.products} products, ${config.customers} customers, ` +
      `${config.queuedSales} queued sales; stack ${config.supabaseUrl}, app ${config.appUrl}` +
      (chosen ? `; only ${[...chosen].join(', ')}` : ''),
  );
  machine = describeMachine(await inFreshBrowser('the machine floor', machineFloor));
  log(machine);
  if (wanted(INSIGHTS_BUDGET[0])) await insights();
  // The browser budgets need the built app and a seeded stack, P10 only the stack; `--only=P9` neither.
  const inBrowser = [...SYNC, ...SALES, ...REGISTER, ...PROMOTIONS, ...ON_SHOP_CATALOGUE].some(([id]) =>
    wanted(id),
  );
  if (!inBrowser && !wanted(PULL_BUDGET[0])) return;
  const [data] = await Promise.all([
    seededDataDir({ products: config.products, customers: config.customers }),
    inBrowser ? buildApp(config.supabaseUrl) : Promise.resolve(),
  ]);
  cleanups.push(() => {
    data.remove();
  });
  log(inBrowser ? 'seeded and built' : 'seeded');
  const stack: Running = await startStack({ dataDir: data.dir }, config.stackPort, config.appUrl);
  cleanups.push(() => stack.stop());
  // P10 first: its PGlite side is this stack as seeded, before any case sells into it.
  if (wanted(PULL_BUDGET[0])) await pulls();
  if (!inBrowser) return;
  const preview: Running = await startPreview(config.appPort);
  cleanups.push(() => preview.stop());
  log('stack and preview up');

  let floorScan: number[] = [];
  await group(
    SYNC,
    async (browser) => {
      const { row: result, page } = await firstSyncRow(browser, config, log);
      // P3's baseline, on the mirror P1's last run synced, for the very queries the register is typed later.
      if (wanted('P3')) floorScan = await filterScanMs(page, searchQueries());
      return [result];
    },
    ['P3'],
  );
  await group(SALES, async (browser) => {
    const harness = await openHarness(browser, config);
    // The checkouts sell from a synced mirror: this browser's own first sync, not reported again.
    await syncOnce(harness);
    return saleRows(harness, config, log, {
      plain: wanted('P4') || wanted('P5'),
      cafe: wanted('P5c'),
    });
  });
  await group(REGISTER, (browser) => registerRows(browser, config, floorScan, log));
  await group(PROMOTIONS, async (browser) =>
    promotionRows(await openHarness(browser, config), config.quick, log),
  );
  if (config.shopCatalogue && ON_SHOP_CATALOGUE.some(([id]) => wanted(id)))
    await onShopCatalogue(stack, floorScan);
}

/**
 * P2, P3, P6 and P8 again on a shop's catalogue (issue 39), last: its stack replaces the plain one on the same
 * port, since the app was built for that URL. P3's floor stays P1's, on the plain catalogue.
 */
async function onShopCatalogue(plain: Running, floorScan: number[]): Promise<void> {
  const shop = await seededDataDir({
    products: config.products,
    customers: config.customers,
    shape: SHOP_SHAPE,
  });
  cleanups.push(() => {
    shop.remove();
  });
  await plain.stop();
  const shopStack: Running = await startStack({ dataDir: shop.dir }, config.stackPort, config.appUrl);
  cleanups.push(() => shopStack.stop());
  log('shop catalogue seeded and its stack up');
  const shape = `1 in ${SHOP_SHAPE.variantsEvery} with 3 variants, 1 in ${SHOP_SHAPE.modifiersEvery} with modifiers`;
  await group(ON_SHOP_CATALOGUE, async (browser) =>
    (await registerRows(browser, config, floorScan, log)).flatMap((r) =>
      ON_SHOP_CATALOGUE.some(([id]) => id === `${r.id}.shop`)
        ? [
            {
              ...r,
              id: `${r.id}.shop`,
              what: `${r.what}, shop catalogue (${shape})`,
              note: `${r.note ?? ''}${r.id === 'P3' ? "; the Dexie.filter floor is P1's plain catalogue" : ''}`,
            },
          ]
        : [],
    ),
  );
}

/** P9 runs on PostgreSQL alone, one row per insight function (P9.1 …), or one 'not run' row without it. */
async function insights(): Promise<void> {
  try {
    for (const result of await insightRows(log, config.quick)) rows.set(result.id, result);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    failures.push(`P9: ${message}`);
    log(`FAILED P9: ${message}`);
    rows.set('P9', notRun(...INSIGHTS_BUDGET, message.split('\n')[0] ?? ''));
  }
}

/** P10 compares the PGlite stack with a PostgreSQL one: one row, or 'not run' without DATABASE_URL. */
async function pulls(): Promise<void> {
  try {
    for (const result of await pullRows(config.supabaseUrl, config, log)) rows.set(result.id, result);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    failures.push(`P10: ${message}`);
    log(`FAILED P10: ${message}`);
    rows.set(PULL_BUDGET[0], notRun(...PULL_BUDGET, message.split('\n')[0] ?? ''));
  }
}

try {
  await main();
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
  console.error(`bench: ${failures.at(-1) ?? ''}`);
} finally {
  await cleanUp();
}

const ordered = [...rows.values()].sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
for (const { id, peer } of ordered) if (peer?.error !== undefined) failures.push(`${id} peer: ${peer.error}`);
const title =
  `Tillpoint bench (${config.quick ? '--quick' : 'full'}: ${config.products} products, ${config.customers} customers, ` +
  `${config.queuedSales} queued sales) — ${new Date().toISOString()}`;
console.log(`\n${machine}\n${printTable(title, ordered)}\n`);
writeResults(
  'bench-results.json',
  {
    quick: config.quick,
    sizes: { products: config.products, customers: config.customers, queuedSales: config.queuedSales },
    at: new Date().toISOString(),
    machine,
    failures,
  },
  ordered,
);
console.log('Results written to bench-results.json.');
if (failures.length > 0) {
  console.error(`bench: ${failures.length} benchmark(s) could not run.`);
  process.exitCode = 1;
}
