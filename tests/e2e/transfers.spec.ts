// Issue 38, piece E: the back office's transfers as the demo owner, at a laptop's and a phone's size. The list
// opens on the demo's TR-0001 on its way from Main Street to Market Square, with 'In transit' below; the
// transfer shows its lines sent and in transit and offers 'Close transfer'; a new transfer offers both
// stores. Nothing scrolls sideways. Screenshots go to the report.
import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll, keepScreenshot } from './layout-checks';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { DEMO_PASSWORD } from './page-models/users';

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  const size = `${String(viewport.width)}x${String(viewport.height)}`;
  test(`transfers at ${size}`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await new LoginPage(page).goto();
    await new LoginPage(page).signIn('owner@demo.test', DEMO_PASSWORD);
    await new DashboardPage(page).expectShown('Demo Shop');

    await page.goto('/dashboard/transfers');
    const list = page.getByRole('table', { name: 'Transfers' });
    await expect(list.getByRole('button', { name: 'TR-0001' })).toBeVisible();
    await expect(list).toContainText('Demo Shop Market Square');
    await expect(page.getByRole('heading', { name: 'In transit' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, `transfers-${size}`);

    await list.getByRole('button', { name: 'TR-0001' }).click();
    const lines = page.getByRole('table', { name: 'Lines' });
    await expect(lines).toContainText('Blue pen');
    await page.getByRole('button', { name: 'Close transfer' }).click();
    await expect(page.getByRole('button', { name: 'Returned to sender' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, `transfer-${size}`);

    await page.goto('/dashboard/transfers/new');
    await expect(page.getByLabel('From')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, `transfer-new-${size}`);
  });
}
