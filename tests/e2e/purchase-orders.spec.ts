// Issue 38, piece E: the back office's purchase orders as the demo owner, at a laptop's and a phone's size.
// The list opens on the demo's open order PO-0001; the order shows its lines with nothing received; the print
// view names the shop; Insights → Inventory offers 'Draft order' per supplier, which drafts an order and opens
// it; Settings → Shop has 'Purchasing and stock'; the tab 'Received by supplier' shows its report for the last
// 30 days (the demo has received nothing). Nothing scrolls sideways. Screenshots go to the report.
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
  test(`purchase orders at ${size}`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await new LoginPage(page).goto();
    await new LoginPage(page).signIn('owner@demo.test', DEMO_PASSWORD);
    await new DashboardPage(page).expectShown('Demo Shop');

    await page.goto('/dashboard/purchase-orders');
    const list = page.getByRole('table', { name: 'Purchase orders' });
    await expect(list.getByRole('button', { name: 'PO-0001' })).toBeVisible();
    await expect(list).toContainText('Fresh Fields Produce');
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, `purchase-orders-${size}`);

    const received = page.getByRole('button', { name: 'Received by supplier' });
    await received.click();
    await expect(received).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Show report' }).click();
    await expect(
      page
        .getByText('Nothing was received in these days.')
        .or(page.getByRole('table', { name: 'Received by supplier' })),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, `purchase-orders-received-${size}`);
    await page.getByRole('button', { name: 'Purchase orders', exact: true }).click();

    await list.getByRole('button', { name: 'PO-0001' }).click();
    const lines = page.getByRole('table', { name: 'Lines' });
    await expect(lines).toContainText('Organic carrots');
    await expect(page.getByRole('button', { name: 'Close order' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, `purchase-order-${size}`);

    await page.getByRole('button', { name: 'Print' }).click();
    await expect(page.getByRole('heading', { name: 'Purchase order PO-0001 from Demo Shop' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, `purchase-order-print-${size}`);

    await page.goto('/dashboard/purchase-orders/new');
    await expect(page.getByLabel('Supplier')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, `purchase-order-new-${size}`);

    await page.goto('/dashboard/settings/shop');
    await expect(
      page.getByRole('checkbox', { name: 'Cashiers may receive deliveries and transfers' }),
    ).toBeVisible();
    await page.getByRole('heading', { name: 'Purchasing and stock' }).scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, `settings-purchasing-${size}`);

    await page.goto('/dashboard/insights?view=inventory');
    const draft = page.getByRole('button', { name: 'Draft order to Fresh Fields Produce' });
    await expect(draft).toBeVisible({ timeout: 30_000 });
    await draft.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, `insights-draft-order-${size}`);

    // 'Draft order' for Main Street: the draft opens at once, from this device, before the server has it.
    await page
      .getByLabel('Store for the order to Fresh Fields Produce')
      .selectOption({ label: 'Demo Shop Main Street' });
    await draft.click();
    await expect(page.getByRole('button', { name: 'Save draft' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Lines' }).getByRole('row')).not.toHaveCount(0);
    await expect(page.getByLabel('Supplier')).toHaveValue('d4300000-0000-4000-8000-000000000001');
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, testInfo, `drafted-order-${size}`);
  });
}

// 'Receive' on the order's page (issue 38): the demo manager takes in part of the demo's open order PO-0001
// from the back office; the receipt is queued through the outbox, and once the server has it the page reads
// the order again: partly received. The dialog is kept at three sizes (SHOTS_DIR, when set, for the report).
test("a manager receives part of PO-0001 from the order's page: partly received", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await new LoginPage(page).goto();
  await new LoginPage(page).signIn('manager@demo.test', DEMO_PASSWORD);
  await new DashboardPage(page).expectShown('Demo Shop');
  // The page names products from this device's copy of the catalog: read it again until the first sync has it.
  await expect(async () => {
    await page.goto('/dashboard/purchase-orders/d4a00000-0000-4000-8000-000000000001');
    await expect(page.getByRole('table', { name: 'Lines' })).toContainText('Organic carrots', {
      timeout: 3_000,
    });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByText('Ordered', { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Receive PO-0001' });
  const carrots = dialog.getByRole('group', { name: 'Organic carrots' });
  await expect(carrots).toContainText('Already received');
  await carrots.getByLabel('Arrived now').fill('6');
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await expect(dialog).toBeVisible();
    const name = `receive-order-${String(viewport.width)}x${String(viewport.height)}`;
    await keepScreenshot(page, testInfo, name);
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(dialog).toBeHidden();
  // Queued, then synced: the page reads the order again and shows its new state.
  await expect(page.locator('.document__status')).toContainText('Partly received', { timeout: 60_000 });
  await expect(page.getByRole('table', { name: 'Lines' })).toContainText('6');
  await expect(page.getByText('Received on this device, not synced yet')).toBeHidden();
});
