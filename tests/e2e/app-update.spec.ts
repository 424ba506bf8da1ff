// DESIGN §9: a new build is detected and offered, but never takes over while a sale is open. The test builds
// the app a second time (a different build id baked into the bundle, so the precache manifest changes) into
// the directory `vite preview` serves, which serves files as they are on disk.
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { ServiceWorkerModel } from './page-models/service-worker';
import { DEMO_PASSWORD, OWNER } from './page-models/users';

function buildApp(buildId: string): void {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], {
    env: { ...process.env, VITE_BUILD_ID: buildId },
    stdio: 'ignore',
  });
}

test('a second build waits for an empty cart, then applies', async ({ page }) => {
  test.setTimeout(300_000);
  const worker = new ServiceWorkerModel(page);
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(OWNER, DEMO_PASSWORD);
  await new DashboardPage(page).expectShown('Demo Shop');
  await worker.waitUntilControlled();
  const firstBuild = await worker.build();

  await worker.putOpenCart();
  const secondBuild = `second-${Date.now().toString(36)}`;
  buildApp(secondBuild);
  // A navigation makes the browser look for a new worker; it installs and waits.
  await page.reload();
  await expect(worker.updatePanel()).toBeVisible({ timeout: 60_000 });
  await expect(worker.updatePanel().getByText('A new version of Tillpoint is ready.')).toBeVisible();

  await worker.updateNow();
  await expect(worker.updatePanel().getByText('Finish or park the sale in progress first.')).toBeVisible();
  // Nothing happens while the cart holds items: same build, same page, the worker still waiting.
  await page.waitForTimeout(3000);
  expect(await worker.build()).toBe(firstBuild);
  await expect(worker.updatePanel()).toBeVisible();

  // The sale is over (the cart is written outside Dexie, so the page reloads to read it; the old worker
  // still serves it). Now the update applies.
  await worker.clearOpenCart();
  await page.reload();
  await expect(worker.updatePanel()).toBeVisible({ timeout: 30_000 });
  await worker.updateNow();
  await expect.poll(() => worker.build(), { timeout: 30_000 }).toBe(secondBuild);
  await expect(worker.updatePanel()).toHaveCount(0);
  await new DashboardPage(page).expectShown('Demo Shop');
});
