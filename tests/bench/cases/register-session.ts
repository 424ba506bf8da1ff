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
  launch(options?: { offline?: boolean }): Promise<{ context: BrowserContext; page: Page }>;
  remove(): void;
}

export function browserProfile(config: BenchConfig): Profile {
  const dir = mkdtempSync(join(tmpdir(), 'tillpoint-bench-profile-'));
  return {
    dir,
    async launch(options = {}) {
      const context = await chromium.launchPersistentContext(dir, {
        executablePath: config.chromium,
        args: CHROMIUM_ARGS,
        baseURL: config.appUrl,
        offline: options.offline ?? false,
        viewport: { width: 1280, height: 800 },
      });
      await context.addInitScript(EVALUATE_SHIM);
      const page = context.pages()[0] ?? (await context.newPage());
      return { context, page };
    },
    remove: () => {
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

type RegisterState = 'ready' | 'setup_form' | 'no_till' | 'waiting';

async function registerState(page: Page): Promise<RegisterState> {
  if (await page.getByLabel('Search products').isVisible()) return 'ready';
  if (await page.getByRole('button', { name: 'Set up this till' }).isVisible()) return 'setup_form';
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

/** Signed in, with a till and the whole catalogue on the device, the register open and loaded. */
export async function openRegister(
  page: Page,
  config: BenchConfig,
  log: (text: string) => void,
): Promise<string> {
  let how = 'setup form';
  await page.goto(REGISTER);
  const deadline = Date.now() + (config.quick ? 120_000 : 600_000);
  for (;;) {
    if (Date.now() > deadline) throw new Error('The register did not become ready.');
    const state = await registerState(page);
    if (state === 'setup_form') {
      await page.getByRole('button', { name: 'Set up this till' }).click();
      await page
        .getByLabel('Search products')
        .or(page.getByText(/not synced|could not/i))
        .first()
        .waitFor();
    } else if (state === 'no_till') {
      // The app shows no setup form yet: set the till up in its ledger through the harness on this origin.
      how = 'harness (the app showed no setup form)';
      await page.evaluate(async () => {
        for (const registration of await navigator.serviceWorker.getRegistrations())
          await registration.unregister();
      });
      await setUpAppTill(await openHarnessIn(page, config));
      await page.goto(REGISTER);
    } else if (state === 'ready') {
      const progress = await mirrorProgress(page);
      if (progress.complete && progress.products >= config.products) break;
      await page.waitForTimeout(1000);
    } else {
      await page.waitForTimeout(500);
    }
  }
  log(`till set up by ${how}; first sync complete`);
  // The register reads the catalogue once per visit: open it again now that all of it is here.
  await page.reload();
  await page.locator('.finder__list li').first().waitFor({ timeout: 120_000 });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  return how;
}
