// Sizes and places for one bench run. The full run uses DESIGN §10's figures; --quick uses small ones so CI
// can prove every benchmark still runs within a few minutes.

/** A shop's catalogue (issue 39): one product in ten a parent of three variants, one in twenty with modifiers. */
export const SHOP_SHAPE = { variantsEvery: 10, modifiersEvery: 20 };

export interface BenchConfig {
  quick: boolean;
  products: number;
  customers: number;
  /** Sales queued on the till and replayed (P5); every one of them is also a P4 sample. */
  queuedSales: number;
  /** Sales sent one request each, the P5 baseline (extrapolated to queuedSales). */
  replaySample: number;
  syncRuns: number;
  /**
   * The register's budgets again on a shop's catalogue (issue 39: one product in ten with variants, one in
   * twenty with modifiers): the full run only, or `--shop-catalogue`; rows P2.shop, P3.shop, P6.shop, P8.shop.
   */
  shopCatalogue: boolean;
  scans: number;
  coldStarts: number;
  stackPort: number;
  appPort: number;
  appUrl: string;
  supabaseUrl: string;
  email: string;
  password: string;
  chromium: string;
}

/** `--name=N` as a whole number, or `fallback`: lets one case run at another size (e.g. P1's repeats). */
function sizeOption(argv: readonly string[], name: string, fallback: number): number {
  const text = argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1)
    throw new Error(`--${name} must be a whole number, got "${text}"`);
  return value;
}

export function benchConfig(argv: readonly string[]): BenchConfig {
  const quick = argv.includes('--quick');
  const stackPort = Number(process.env.BENCH_STACK_PORT ?? 54329);
  const appPort = Number(process.env.BENCH_APP_PORT ?? 4179);
  return {
    quick,
    products: sizeOption(argv, 'products', quick ? 2_000 : 50_000),
    customers: sizeOption(argv, 'customers', quick ? 1_000 : 20_000),
    queuedSales: sizeOption(argv, 'sales', quick ? 300 : 10_000),
    replaySample: quick ? 30 : 200,
    syncRuns: sizeOption(argv, 'sync-runs', quick ? 1 : 3),
    shopCatalogue: !quick || argv.includes('--shop-catalogue'),
    scans: quick ? 40 : 200,
    coldStarts: quick ? 3 : 7,
    stackPort,
    appPort,
    appUrl: `http://127.0.0.1:${appPort}`,
    supabaseUrl: `http://127.0.0.1:${stackPort}`,
    email: 'cashier@demo.test',
    password: 'demo-password',
    chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  };
}

/**
 * tsx compiles this runner with esbuild's keepNames, which wraps named functions in a `__name(...)` call;
 * functions handed to page.evaluate carry that call into the page, so every page gets a harmless one first.
 */
export const EVALUATE_SHIM = { content: 'globalThis.__name = (fn) => fn;' };

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // performance.memory with real figures (P8 reads the heap over CDP, this keeps both in step).
  '--enable-precise-memory-info',
];
