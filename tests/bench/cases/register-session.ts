// The register as a cashier meets it, in a persistent Chromium profile: sign in through the login form, set
// the till up (the setup form, or the harness on this origin when the app offers none), wait for the first
// sync to bring the whole catalogue, and later start the browser again offline (P6, P8).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, EVALUATE_SHIM, type BenchConfig } from '../config';
import { openHarnessIn, setUpAppTill } from './harness-cases';

export interface Profile {
  dir: string;
  /** Starts Chromium on the profile (closing the one still open), as a cashier would start the till. */
  launch(options?: { offline?: boolean }): Promise<{ context: BrowserContext; page: Page }>;
  /** Closes the browser if it is still open, and deletes the profile. */
  remove(): Promise<void>;
}

export function browserProfile(config: BenchConfig): Profile {
  const dir = mkdtempSync(join(tmpdir(), 'tillpoint-bench-profile-'));
  let open: BrowserContext | null = null;
  return {
    dir,
    async launch(options = {}) {
      await open?.close();
      const context = await chromium.launchPersistentContext(dir, {
        executablePath: config.chromium,
        args: CHROMIUM_ARGS,
        baseURL: config.appUrl,
        offline: options.offline ?? false,
        viewport: { width: 1280, height: 800 },
      });
      open = context;
      await context.addInitScript(EVALUATE_SHIM);
      const page = context.pages()[0] ?? (await context.newPage());
      return { context, page };
    },
    async remove() {
      await open?.close();
      open = null;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const REGISTER = '/dashboard/register';

export async function signInThroughForm(page: Page, config: BenchConfig): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(REGISTER)}`);
  await page.getByLabel('Email').fill(config.email);
  await page.getByLabel('Password').fill(config.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard'), { timeout: 60_000 });
}

type RegisterState = 'ready' | 'setup_form' | 'open_shift' | 'no_till' | 'waiting';

async function registerState(page: Page): Promise<RegisterState> {
  if (await page.getByLabel('Search products').isVisible()) return 'ready';
  if (await page.getByRole('button', { name: 'Set up this till' }).isVisible()) return 'setup_form';
  if (await page.getByRole('button', { name: 'Open shift' }).isVisible()) return 'open_shift';
  if (await page.getByText(/not set up as a till/).isVisible()) return 'no_till';
  return 'waiting';
}

/** How far the app's own first sync has come, read from its mirror in IndexedDB (no app code involved). */
function mirrorProgress(page: Page): Promise<{ products: number; complete: boolean }> {
  return page.evaluate(async () => {
    const found = (await indexedDB.databases()).find((db) => db.name?.startsWith('tillpoint-mirror '));
    if (!found?.name) return { products: 0, complete: false };
    const name = found.name;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => {
        resolve(request.result);
      };
      request.onerror = () => {
        reject(request.error ?? new Error('open failed'));
      };
    });
    try {
      if (!db.objectStoreNames.contains('products')) return { products: 0, complete: false };
      const tx = db.transaction(['products', 'cursors'], 'readonly');
      const ask = <T>(request: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          request.onsuccess = () => {
            resolve(request.result);
          };
          request.onerror = () => {
            reject(request.error ?? new Error('read failed'));
          };
        });
      const products = await ask(tx.objectStore('products').count());
      const cursor = (await ask(tx.objectStore('cursors').get('stock_levels'))) as
        { complete?: boolean } | undefined;
      return { products, complete: cursor?.complete === true };
    } finally {
      db.close();
    }
  });
}

/** `count` barcodes of the generated products (SKU BULK-…), spread over the catalogue, from the app's mirror. */
export function bulkBarcodes(page: Page, count: number): Promise<string[]> {
  return page.evaluate(async (wanted) => {
    const found = (await indexedDB.databases()).find((db) => db.name?.startsWith('tillpoint-mirror '));
    if (!found?.name) throw new Error('The app has no mirror database.');
    const name = found.name;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => {
        resolve(request.result);
      };
      request.onerror = () => {
        reject(request.error ?? new Error('open failed'));
      };
    });
    try {
      // Every row, filtered here: the mirror keeps no index on sku (version 2 dropped it).
      const request = db.transaction('products', 'readonly').objectStore('products').getAll();
      const rows = await new Promise<{ sku: string | null; barcode: string | null }[]>((resolve, reject) => {
        request.onsuccess = () => {
          resolve(request.result as { sku: string | null; barcode: string | null }[]);
        };
        request.onerror = () => {
          reject(request.error ?? new Error('read failed'));
        };
      });
      const codes = rows
        .filter((row) => row.sku?.startsWith('BULK-') === true)
        .sort((a, b) => ((a.sku ?? '') < (b.sku ?? '') ? -1 : 1))
        .flatMap((row) => (row.barcode ? [row.barcode] : []));
      if (codes.length < wanted) throw new Error(`Only ${codes.length} generated products have a barcode.`);
      const step = Math.floor(codes.length / wanted);
      return Array.from({ length: wanted }, (_, i) => codes[i * step] ?? '');
    } finally {
      db.close();
    }
  }, count);
}

/** Signed in, with a till and the whole catalogue on the device, the register open and loaded. */
/**
 * [PULL-S] A register that read its catalogue from the rows writes the mirror's catalogue snapshot once idle: a
 * till stays open long enough, a bench page must wait for it, or every cold start after it reads the rows.
 */
export async function snapshotWritten(page: Page, log: (text: string) => void): Promise<void> {
  await page
    .waitForFunction(
      () =>
        performance.getEntriesByName('boot:catalog snapshot saved').length > 0 ||
        performance.getEntriesByName('boot:register rows (snapshot)').length > 0,
      null,
      { timeout: 120_000 },
    )
    .catch(async () => {
      const marks = await page.evaluate(() =>
        performance
          .getEntriesByType('mark')
          .filter((mark) => mark.name.startsWith('boot:'))
          .map((mark) => `${mark.name.slice(5)} ${Math.round(mark.startTime)} ms`),
      );
      log(
        `the register catalogue snapshot was not written within 2 minutes (this page: ${marks.join(', ')})`,
      );
    });
}

/**
 * How long one step of the set-up may wait for its control. While the first sync runs, the register re-renders
 * and may replace the form under the click (the till found set up, the shift opened by the previous step): the
 * loop then reads the state again rather than waiting for a control that is gone.
 */
const ACT_MS = 5_000;

/** Whether a set-up step went through; a step whose control went away is left to the next round. */
async function settle(step: Promise<unknown>): Promise<boolean> {
  try {
    await step;
    return true;
  } catch {
    return false;
  }
}

export async function openRegister(
  page: Page,
  config: BenchConfig,
  log: (text: string) => void,
): Promise<string> {
  let how = 'setup form';
  let shift = false;
  await page.goto(REGISTER);
  const deadline = Date.now() + (config.quick ? 120_000 : 600_000);
  for (;;) {
    if (Date.now() > deadline) throw new Error('The register did not become ready.');
    const state = await registerState(page);
    if (state === 'setup_form') {
      await settle(page.getByRole('button', { name: 'Set up this till' }).click({ timeout: ACT_MS }));
      await page.waitForTimeout(500);
    } else if (state === 'open_shift') {
      // The shop asks for an open shift before the first sale (SHIFT-6): open one with a float.
      const opened = await settle(
        (async () => {
          await page.getByRole('textbox', { name: /Opening float/ }).fill('100', { timeout: ACT_MS });
          await page.getByRole('button', { name: 'Open shift' }).click({ timeout: ACT_MS });
        })(),
      );
      shift ||= opened;
      await page.waitForTimeout(500);
    } else if (state === 'no_till') {
      // The app shows no setup form yet: set the till up in its ledger through the harness on this origin.
      how = 'harness (the app showed no setup form)';
      await page.evaluate(async () => {
        for (const registration of await navigator.serviceWorker.getRegistrations())
          await registration.unregister();
      });
      await setUpAppTill(await openHarnessIn(page, config));
      await page.goto(REGISTER);
    } else {
      const progress = await mirrorProgress(page);
      const synced = progress.complete && progress.products >= config.products;
      if (synced && state === 'ready') {
        await snapshotWritten(page, log);
        break;
      }
      // The register reads the catalogue once per visit ("No products on this device yet" while syncing). After
      // a reload the whole catalogue is read before the register shows: on a busy machine that outlasts one
      // round of this loop, which must not reload it again meanwhile.
      if (synced) {
        await page.reload();
        await page
          .getByLabel('Search products')
          .waitFor({ timeout: 120_000 })
          .catch(() => undefined);
      } else await page.waitForTimeout(1000);
    }
  }
  log(`till set up by ${how}${shift ? ', shift opened' : ''}; first sync complete`);
  // The register reads the catalogue once per visit: open it again now that all of it is here.
  await page.reload();
  await page.locator('.finder__list li').first().waitFor({ timeout: 120_000 });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  return how;
}
