// P1, P3's floor, P4, P5 and P5c through the harness page (tests/bench/harness), which runs the app's own modules
// in Chromium; this side only calls `window.bench` and turns the samples into rows.
import { childCpu, cpuBetween } from '../process-cpu';
import type { Browser, Page } from '@playwright/test';
import { call } from './harness-call';
import { peerOf, peerSamples, runPeer } from './peer-cases';
import { median } from '../stats';
import { formatFigure, row, type BenchRow } from '../report';
import { EVALUATE_SHIM, type BenchConfig } from '../config';
import { firstSyncTargets, replayTargets } from '../targets';

export async function openHarness(browser: Browser, config: BenchConfig): Promise<Page> {
  const context = await browser.newContext({ baseURL: config.appUrl, serviceWorkers: 'block' });
  await context.addInitScript(EVALUATE_SHIM);
  return openHarnessIn(await context.newPage(), config);
}

/** The harness in `page` (on the app's origin, so it shares the app's storage), signed in as the cashier. */
export async function openHarnessIn(page: Page, config: BenchConfig): Promise<Page> {
  await page.goto('/__bench/index.html');
  await page.waitForFunction(() => window.bench !== undefined);
  await call(page, 'signIn', config.email, config.password);
  return page;
}

/**
 * P1's repeats, each in a browser context of its own, closed before the next opens. Chromium keeps a
 * context's IndexedDB in one store per origin (in memory for Playwright's contexts): repeats in one page
 * wrote each new mirror beside the previous ones (the last mirror was deleted only after the next sync,
 * the floor's and the peer's databases only after they were written) and grew slower run by run. The
 * peer pulls in a fresh context too. The last Tillpoint context stays open: P3's floor reads its mirror.
 */
export async function firstSyncRow(
  browser: Browser,
  config: BenchConfig,
  log: (text: string) => void,
): Promise<{ row: BenchRow; page: Page }> {
  const sync: number[] = [];
  const floor: number[] = [];
  const products: number[] = [];
  const register: number[] = [];
  const peer = peerSamples();
  let rows: Record<string, number> = {};
  let page: Page | null = null;
  for (let run = 0; run < config.syncRuns; run++) {
    if (page !== null) await page.context().close();
    page = await openHarness(browser, config);
    const result = await call(page, 'firstSync', run);
    sync.push(result.syncMs);
    floor.push(result.floorMs);
    products.push(result.productsMs);
    register.push(result.registerMs);
    rows = result.rows;
    log(
      `P1 run ${run + 1}: sync ${formatFigure(result.syncMs, 'ms')} (products ${formatFigure(result.productsMs, 'ms')}, ` +
        `register's data in at ${formatFigure(result.registerMs, 'ms')}), bulkPut ${formatFigure(result.floorMs, 'ms')}`,
    );
    // Turn about with Tillpoint's runs, so a busy spell of the machine falls on both.
    const peerPage = await openHarness(browser, config);
    await runPeer(peer, `P1 peer run ${run + 1}`, () => call(peerPage, 'peerPull', run), log, rows.products);
    await peerPage.context().close();
  }
  if (page === null) throw new Error('P1 needs at least one run (--sync-runs).');
  const syncMedian = median(sync);
  const floorMedian = median(floor);
  const all = Object.values(rows).reduce((a, b) => a + b, 0);
  const peerFigure = await peerOf(
    page,
    `the ${rows.products ?? 0} products, pulled in pages of 1000: Tillpoint's is the products part of its ` +
      `first sync (pull_changes), the peer's a one-off pull of public.rxdb_products into its Dexie storage`,
    median(products),
    peer,
  );
  const result = row({
    id: 'P1',
    what: `first sync, ${rows.products ?? 0} products + ${rows.customers ?? 0} customers (${all} rows)`,
    budget: '≤ 6 s, ≤ 2× floor',
    unit: 'ms',
    samples: sync,
    baseline: `bulkPut ${formatFigure(floorMedian, 'ms')} (×${(syncMedian / floorMedian).toFixed(1)})`,
    passes: ({ median: m }) => m <= 6000 && m <= 2 * floorMedian,
    peer: peerFigure,
    targets: firstSyncTargets(syncMedian, floorMedian, peerFigure),
    note:
      `the register's data (every table before customers) was in after ${formatFigure(median(register), 'ms')} ` +
      `(median); each run in a fresh browser context: sync ${sync.map((ms) => formatFigure(ms, 'ms')).join(', ')}; ` +
      `bulkPut ${floor.map((ms) => formatFigure(ms, 'ms')).join(', ')}`,
  });
  return { row: result, page };
}

/** One first sync, not reported: what a group of cases run in its own browser needs before it sells. */
export async function syncOnce(page: Page): Promise<void> {
  await call(page, 'firstSync', 0);
}

/** P3's baseline: the same queries the register is typed, answered by a Dexie.filter scan. */
export async function filterScanMs(page: Page, queries: readonly string[]): Promise<number[]> {
  const result = await call(page, 'filterScan', queries);
  return result.ms;
}

/** P5 and P5c: which mix of sales is queued and replayed. */
interface ReplayCase {
  id: 'P5' | 'P5c';
  /** What the row says was replayed, after the count. */
  what: string;
  cafe: boolean;
}

const PLAIN: ReplayCase = { id: 'P5', what: 'queued sales', cafe: false };
const CAFE: ReplayCase = {
  id: 'P5c',
  what: 'café sales (modifiers on two lines in three, variants, a customer on one in five)',
  cafe: true,
};

/**
 * One replay row: one request per sale on a sample (queued and pushed first, one op per apply_ops call),
 * then `queuedSales` of the same mix queued and replayed in batches of 100, then the peer pushing those very
 * sales. `checkouts` collects the timed checkouts (P4's samples).
 */
async function replayRow(
  page: Page,
  config: BenchConfig,
  log: (text: string) => void,
  c: ReplayCase,
  checkouts: number[],
): Promise<BenchRow> {
  checkouts.push(...(await call(page, 'checkout', config.replaySample, true, c.cafe)));
  const single = await call(page, 'replay', 1);
  const perSale = single.ms / Math.max(1, single.sent);
  log(`${c.id} baseline: ${single.sent} sales one per request in ${formatFigure(single.ms, 'ms')}`);

  const started = Date.now();
  checkouts.push(...(await call(page, 'checkout', config.queuedSales, true, c.cafe)));
  log(`queued ${config.queuedSales} sales in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // The peer pushes these very sales, after Tillpoint's replay (into its own table, so neither sees the other).
  const kept = await call(page, 'keepQueuedSales');
  const cpuBefore = childCpu();
  const batched = await call(page, 'replay', 100);
  const cpu = cpuBetween(cpuBefore, childCpu());
  log(
    `${c.id}: ${batched.sent} sales replayed in ${formatFigure(batched.ms, 'ms')} ` +
      `(apply_ops requests ${formatFigure(batched.wireMs, 'ms')})` +
      (cpu === '' ? '' : `; CPU: ${cpu}`),
  );
  const peer = peerSamples();
  await runPeer(peer, `${c.id} peer: ${kept} sales pushed`, () => call(page, 'peerPush'), log, kept);
  const problems = [single, batched].filter((r) => r.deadLetters > 0 || r.left > 0);
  const naive = perSale * config.queuedSales;
  const peerFigure = await peerOf(
    page,
    `the same ${kept} queued sales pushed: Tillpoint's in apply_ops batches of 100, the peer's one ` +
      `insert per sale into public.rxdb_sales (push batches of 100, sent at once), timed to awaitInSync()`,
    batched.ms,
    peer,
  );
  return row({
    id: c.id,
    what: `replay of ${batched.sent} ${c.what} (batches of 100)`,
    budget: '≤ 20 s, ≥ 20× per-sale',
    unit: 'ms',
    samples: [batched.ms],
    baseline: `1/request ${formatFigure(naive, 'ms')} (×${(naive / batched.ms).toFixed(1)})`,
    passes: ({ median: m }) => m <= 20_000 && naive / m >= 20 && problems.length === 0,
    note:
      `one request per sale measured on ${single.sent} sales (${perSale.toFixed(1)} ms each) and ` +
      `extrapolated to ${config.queuedSales}; the batches' apply_ops requests took ` +
      `${formatFigure(batched.wireMs, 'ms')} of the replay` +
      (cpu === '' ? '' : `; CPU used meanwhile: ${cpu}`) +
      (problems.length > 0
        ? `; ${problems.map((p) => `${p.deadLetters} dead letters, ${p.left} left`).join('; ')}`
        : ''),
    peer: peerFigure,
    targets: replayTargets(naive / batched.ms, peerFigure),
  });
}

/** P4 and P5 (when `plain`), then P5c (when `cafe`), each replay draining the outbox before the next. */
export async function saleRows(
  page: Page,
  config: BenchConfig,
  log: (text: string) => void,
  which: { plain: boolean; cafe: boolean } = { plain: true, cafe: false },
): Promise<BenchRow[]> {
  const checkouts: number[] = [];
  const rows: BenchRow[] = [];
  if (which.plain) {
    const p5 = await replayRow(page, config, log, PLAIN, checkouts);
    rows.push(
      row({
        id: 'P4',
        what: 'checkout commit (3 lines, card; strict)',
        budget: 'p95 ≤ 50 ms',
        unit: 'ms',
        samples: checkouts,
        passes: ({ p95 }) => p95 <= 50,
      }),
      p5,
    );
  }
  if (which.cafe) rows.push(await replayRow(page, config, log, CAFE, []));
  return rows;
}

export async function setUpAppTill(page: Page): Promise<void> {
  await call(page, 'setUpAppTill');
}
