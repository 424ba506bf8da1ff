// Profiling aid for P6 (not part of `npm run bench`): sets a till up once (seeded stack, build, sign-in, first
// sync), then starts the browser offline on that profile and prints where the cold start's time goes: the
// scripts as the page fetched them (start → end), the app's performance marks, DOMContentLoaded and the
// moment the register was usable. `--trace` also writes a Chromium Performance trace of one start
// (.bench-dist/boot-trace.json, for DevTools). With `--loop`, creating .bench-dist/profile-again rebuilds the
// app, refreshes the profile's service worker online and measures again, so a change can be tried without
// syncing again; .bench-dist/profile-stop ends it.
// Usage: BENCH_STACK_PORT=… BENCH_APP_PORT=… npx tsx --import ./scripts/lingui-register.mjs tests/bench/profile-boot.ts [--quick | --products=N]
//   [--starts=5] [--trace] [--loop] [--shop-catalogue]
// --shop-catalogue seeds a shop's catalogue, as P6.shop measures.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { SHOP_SHAPE, benchConfig } from './config';
import { median } from './stats';
import { browserProfile, openRegister, signInThroughForm, snapshotWritten } from './cases/register-session';
import { usableAt, watchUsable } from './cases/register-measures';
import { buildApp, seededDataDir, startPreview, startStack, type Running } from './servers';

const argv = process.argv.slice(2);
const sized = Number(argv.find((arg) => arg.startsWith('--products='))?.slice('--products='.length) ?? 0);
// `--products=N` sets a catalogue size between --quick's and the full run's, with few customers, to set up faster.
const config = sized > 0 ? { ...benchConfig(argv), products: sized, customers: 1_000 } : benchConfig(argv);
const starts = Number(argv.find((arg) => arg.startsWith('--starts='))?.slice('--starts='.length) ?? 5);
const log = (text: string) => {
  console.log(text);
};

/** Scripts (by resource timing) and the app's marks, in page time from navigation start. */
function timeline(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const name = (url: string) => new URL(url).pathname.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '');
    const rows: [number, string][] = [];
    for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      if (!entry.name.endsWith('.js') && !entry.name.endsWith('.css')) continue;
      rows.push([
        entry.startTime,
        `fetch ${name(entry.name)} ${entry.startTime.toFixed(0)}→${entry.responseEnd.toFixed(0)} (${entry.initiatorType})`,
      ]);
    }
    for (const entry of performance.getEntriesByType('mark'))
      rows.push([entry.startTime, `mark  ${entry.name}`]);
    for (const entry of performance.getEntriesByType('measure'))
      rows.push([entry.startTime, `measure ${entry.name} ${entry.duration.toFixed(0)} ms`]);
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (nav) {
      rows.push([nav.responseEnd, 'document received']);
      rows.push([nav.domContentLoadedEventEnd, 'DOMContentLoaded']);
    }
    const paint = performance.getEntriesByType('paint');
    for (const entry of paint) rows.push([entry.startTime, entry.name]);
    return rows.sort((a, b) => a[0] - b[0]).map(([at, text]) => `${at.toFixed(0).padStart(6)} ms  ${text}`);
  });
}

async function coldStarts(profile: ReturnType<typeof browserProfile>, trace: boolean): Promise<void> {
  const usable: number[] = [];
  const loaded: number[] = [];
  for (let n = 0; n < starts; n++) {
    const { context, page } = await profile.launch({ offline: true });
    await context.addInitScript(watchUsable);
    const cdp = trace && n === starts - 1 ? await context.newCDPSession(page) : null;
    const events: unknown[] = [];
    if (cdp) {
      cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
      await cdp.send('Tracing.start', {
        categories:
          'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing,loading,disabled-by-default-v8.cpu_profiler',
        transferMode: 'ReportEvents',
      });
    }
    await page.goto('/dashboard/register');
    const times = await usableAt(page);
    usable.push(times.usable);
    loaded.push(times.loaded);
    if (cdp) {
      const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await done;
      writeFileSync('.bench-dist/boot-trace.json', JSON.stringify({ traceEvents: events }));
      log('trace written to .bench-dist/boot-trace.json');
    }
    if (n === starts - 1) log((await timeline(page)).join('\n'));
    log(
      `start ${n + 1}: usable ${times.usable.toFixed(0)} ms, DOMContentLoaded ${times.loaded.toFixed(0)} ms`,
    );
    await context.close();
  }
  log(`median usable ${median(usable).toFixed(0)} ms, DOMContentLoaded ${median(loaded).toFixed(0)} ms`);
}

/** Online: drop the old service worker and let the new build's one install and take over. */
async function refreshWorker(profile: ReturnType<typeof browserProfile>): Promise<void> {
  const { context, page } = await profile.launch();
  await page.goto('/dashboard/register');
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations())
      await registration.unregister();
  });
  await page.reload();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.locator('.finder__list li').first().waitFor({ timeout: 120_000 });
  await snapshotWritten(page, log);
  await context.close();
}

const AGAIN = '.bench-dist/profile-again';
const STOP = '.bench-dist/profile-stop';
const cleanups: (() => Promise<void> | void)[] = [];
try {
  const [data] = await Promise.all([
    seededDataDir({
      products: config.products,
      customers: config.customers,
      ...(argv.includes('--shop-catalogue') ? { shape: SHOP_SHAPE } : {}),
    }),
    buildApp(config.supabaseUrl),
  ]);
  cleanups.push(() => {
    data.remove();
  });
  const stack: Running = await startStack({ dataDir: data.dir }, config.stackPort, config.appUrl);
  cleanups.push(() => stack.stop());
  let preview: Running = await startPreview(config.appPort);
  cleanups.push(() => preview.stop());
  const profile = browserProfile(config);
  cleanups.push(() => profile.remove());
  const { page } = await profile.launch();
  await signInThroughForm(page, config);
  await openRegister(page, config, log);
  await coldStarts(profile, argv.includes('--trace'));
  if (argv.includes('--loop')) {
    for (;;) {
      log('waiting for .bench-dist/profile-again (or profile-stop)');
      while (!existsSync(AGAIN) && !existsSync(STOP))
        await new Promise((resolve) => setTimeout(resolve, 500));
      if (existsSync(STOP)) break;
      rmSync(AGAIN);
      await preview.stop();
      await buildApp(config.supabaseUrl);
      preview = await startPreview(config.appPort);
      await refreshWorker(profile);
      await coldStarts(profile, argv.includes('--trace'));
    }
    rmSync(STOP);
  }
} finally {
  for (const step of cleanups.reverse()) await step();
}
