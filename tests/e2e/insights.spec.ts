// Issue 22: the demo manager opens Insights. Over the last 30 days of the demo history every view draws its
// charts and fills its tables from the server's insight functions; a view's table exports as CSV, and a
// supplier's purchase list as its own CSV; the page stays within a phone's width; and each view says when its
// figures were computed.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSidewaysScroll } from './layout-checks';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { DEMO_PASSWORD } from './page-models/users';

/** A chart drawn: its canvas is on the page with a size, and its figures are in the table behind it. */
async function expectChart(page: Page, title: string) {
  const canvas = page.getByRole('img', { name: title });
  await expect(canvas).toBeVisible();
  const box = await canvas.boundingBox();
  expect(box?.width, `${title} width`).toBeGreaterThan(100);
  await expect(page.locator('table caption', { hasText: title })).toHaveCount(1);
}

test('the demo manager reads sales, stock and customer insights with charts and tables', async ({ page }) => {
  test.setTimeout(120_000);
  await new LoginPage(page).goto();
  await new LoginPage(page).signIn('manager@demo.test', DEMO_PASSWORD);
  const dashboard = new DashboardPage(page);
  await dashboard.expectShown('Demo Shop');
  await dashboard.openSection('Insights');
  await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible();
  await page.getByLabel('Period').selectOption('Last 30 days');

  // Sales: compared with the previous period and last year, by category, by hour, by product.
  await expect(page.getByText(/^Sales figures computed today at \d\d:\d\d\.$/)).toBeVisible();
  const compared = page.getByRole('table', { name: 'Sales compared' });
  await expect(compared.getByRole('row', { name: /^Net sales €[\d,]+\.\d\d/ })).toBeVisible();
  await expectChart(page, 'Net sales by category');
  await expectChart(page, 'Average basket by day');
  await expect(
    page.getByRole('table', { name: 'Number of sales by hour (rows) and weekday (columns)' }),
  ).toBeVisible();
  // Products: what sold, with its margin (its own tab since issue 34; the same sales figures).
  await page.getByRole('tab', { name: 'Products' }).click();
  await expect(page).toHaveURL(/[?&]view=products/);
  const products = page.getByRole('table', { name: 'Products' });
  await expect(products.getByRole('rowheader').first()).toBeVisible();
  // A long table renders only the rows in view (DataTable virtualises above 200 rows), and where the croissant
  // ranks moves with the day the demo's window of 30 days ends on: the CSV below, which has every row, is
  // where it is looked for.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export products as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^tillpoint-products-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/);
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv.split('\n')[0]).toContain('Product,Category,Units,Net sales,Cost,Margin,Margin %');
  expect(csv).toMatch(/Croissant,[^,]*,\d+,\d+\.\d\d,/);
  // Staff: discounts and refunds by who gave them; the arrow keys move between the tabs.
  await page.getByRole('tab', { name: 'Products' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Staff' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('table', { name: 'Discounts and refunds by person' }).getByRole('row'),
  ).not.toHaveCount(0);
  // The chosen tab is in the URL: a reload (or a link) opens it again.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Staff' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Discounts and refunds by person' })).toBeVisible();
  await page.getByLabel('Period').selectOption('Last 30 days');

  // Inventory: stock value, days of cover and the purchase list (the demo leaves a dozen under their level),
  // grouped by supplier ([INS-11]): the demo's fruit and vegetables come from Fresh Fields Produce, 2 days away.
  await page.getByRole('tab', { name: 'Inventory' }).click();
  await expect(page.getByText(/^Stock figures computed today at/)).toBeVisible();
  await expect(page.getByText('Stock value at cost')).toBeVisible();
  await expectChart(page, 'Days of cover: the products that run out first');
  const purchase = page.getByRole('region', { name: 'Purchase list', exact: true });
  await expect(purchase.getByRole('heading', { level: 4 }).last()).toHaveText(
    /^No supplier — lead time 7 days$/,
  );
  const fresh = page.getByRole('region', { name: 'Purchase list: Fresh Fields Produce' });
  await expect(fresh.getByRole('heading', { name: 'Fresh Fields Produce — lead time 2 days' })).toBeVisible();
  await expect(fresh.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  const order = page.waitForEvent('download');
  await fresh.getByRole('button', { name: 'Export purchase list' }).click();
  const list = await order;
  expect(list.suggestedFilename()).toMatch(
    /^tillpoint-purchase-list-fresh-fields-produce-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/,
  );
  const lines = (await readFile(await list.path(), 'utf8')).trim().split('\n');
  expect(lines[0]).toBe('SKU,Product,Order quantity,Unit cost,Line cost');
  expect(lines[1]).toMatch(/^FRU-\d{4},[^,]+,\d+,\d+\.\d\d,\d+\.\d\d$/);
  expect(lines.at(-1)).toMatch(/^,Total,,,\d+\.\d\d$/);

  // Customers: new and returning against the other periods, and the top customers.
  await page.getByRole('tab', { name: 'Customers' }).click();
  await expect(page.getByText(/^Customer figures computed today at/)).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Customers compared' }).getByRole('row', { name: /^Customers/ }),
  ).toBeVisible();
  await expectChart(page, 'New and returning customers');
  await expect(page.getByRole('region', { name: 'Top customers' })).toBeVisible();

  // A phone: the tables scroll inside their panels, the page itself never sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Sales' }).click();
  await expectChart(page, 'Net sales by category');
  await page.screenshot({ path: 'test-results/insights-phone.png', fullPage: true });
  await expectNoSidewaysScroll(page);
});
