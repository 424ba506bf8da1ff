// A Dexie schema upgrade in a newer tab closes older tabs cleanly: an idle tab reloads by itself; a tab with
// a sale open closes its databases (so the upgrade is never blocked) and asks the cashier to reload.
import { expect, test } from '@playwright/test';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { ServiceWorkerModel, upgradeDatabaseFrom } from './page-models/service-worker';
import { DEMO_PASSWORD, OWNER } from './page-models/users';

test('an upgrade in a newer tab reloads an idle tab and stops a busy one with a message', async ({
  page,
  context,
}) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(OWNER, DEMO_PASSWORD);
  await new DashboardPage(page).expectShown('Demo Shop');
  const worker = new ServiceWorkerModel(page);
  // A page of the same origin with no app code in it plays the newer tab.
  const newer = await context.newPage();
  await newer.goto('/icons/icon.svg');
  const markPage = () =>
    page.evaluate(() => {
      document.documentElement.dataset.marked = 'yes';
    });
  // While the page reloads there is no document to ask; null keeps a poll waiting for the new one.
  const isMarked = () =>
    page.evaluate(() => document.documentElement.dataset.marked === 'yes').catch(() => null);

  await test.step('a sale is open: the tab closes the cart store and asks for a reload', async () => {
    await worker.putOpenCart();
    await page.reload();
    await new DashboardPage(page).expectShown('Demo Shop');
    await markPage();
    await upgradeDatabaseFrom(newer, 'tillpoint-carts ');
    const notice = page.getByRole('alert').filter({ hasText: 'Tillpoint was updated in another tab.' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Your sale in progress is saved');
    expect(await isMarked()).toBe(true);
  });

  await test.step('no sale open: the tab reloads by itself', async () => {
    await worker.clearOpenCart();
    await page.reload();
    await new DashboardPage(page).expectShown('Demo Shop');
    await markPage();
    await upgradeDatabaseFrom(newer, 'tillpoint-ledger ');
    await expect.poll(isMarked, { timeout: 15_000 }).toBe(false);
    await new DashboardPage(page).expectShown('Demo Shop');
  });
});
