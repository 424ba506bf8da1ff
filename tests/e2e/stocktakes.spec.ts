// Issue 38: the back office's stocktakes as the demo owner, at a laptop's and a phone's size. 'New stocktake'
// of one supplier's products at Main Street is queued, synced and listed; its review shows nothing counted
// yet and warns of the demo till, which has not synced since; the tab 'Variances' shows its range (nothing approved yet); 'Cancel
// stocktake' ends it without moving stock (so no other test meets an open stocktake). Nothing scrolls
// sideways. Screenshots go to the report.
import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll, keepScreenshot } from './layout-checks';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { DEMO_PASSWORD } from './page-models/users';

const SUPPLIERS = { '1280x800': 'Bean & Leaf Coffee', '390x844': 'Fresh Fields Produce' } as const;

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const) {
  const size = `${String(viewport.width)}x${String(viewport.height)}` as keyof typeof SUPPLIERS;
  const supplier = SUPPLIERS[size];
  test(`stocktakes at ${size}`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await new LoginPage(page).goto();
    await new LoginPage(page).signIn('owner@demo.test', DEMO_PASSWORD);
    await new DashboardPage(page).expectShown('Demo Shop');

    await page.goto('/dashboard/stocktakes');
    await page.getByRole('button', { name: 'New stocktake' }).click();
    const form = page.getByRole('form', { name: 'New stocktake' });
    await form.getByLabel('Store').selectOption({ label: 'Demo Shop Main Street' });
    await form.getByRole('radio', { name: 'A supplier' }).check();
    await form.getByLabel('Supplier', { exact: true }).selectOption({ label: supplier });
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, `stocktake-new-${size}`);
    await form.getByRole('button', { name: 'Open stocktake' }).click();
    await expect(page.getByText(/opened as soon as it reaches the server/)).toBeVisible();

    const list = page.getByRole('table', { name: 'Stocktakes' });
    await expect(async () => {
      await page.reload();
      await expect(list.getByRole('row', { name: new RegExp(supplier) }).first()).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 30_000 });
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, `stocktakes-${size}`);

    await list
      .getByRole('row', { name: new RegExp(`${supplier}.*Open`) })
      .getByRole('button')
      .first()
      .click();
    await expect(page.getByText('Nothing has been counted yet.')).toBeVisible();
    await expect(page.getByText('Some tills have not synced since this stocktake opened')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve stocktake' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, `stocktake-review-${size}`);

    await page.getByRole('button', { name: 'Cancel stocktake' }).click();
    await page.getByLabel('Why cancel it?').fill('Browser test');
    await page.getByRole('button', { name: 'Cancel stocktake' }).click();
    await expect(page.getByText('Cancellation sent: no stock moves.')).toBeVisible();

    await page.goto('/dashboard/stocktakes');
    await page.getByRole('button', { name: 'Variances' }).click();
    await page.getByRole('button', { name: 'Show report' }).click();
    await expect(page.getByText('No stocktake was approved in these days.')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, `stocktake-variances-${size}`);
  });
}
