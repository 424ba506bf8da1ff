// Issue 16: the back office on a 1024×768 tablet, as the demo owner on a device that is not a till. The lists
// fit the screen (nothing scrolls sideways, the last column is on screen), the stock filters line up, and the
// demo history reads like a shop's: shifts for past days, one waiting for a manager's approval.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { DEMO_PASSWORD } from './page-models/users';

test.use({ viewport: { width: 1024, height: 768 } });

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

async function expectRightEdgeOnScreen(page: Page, what: string, element: Locator) {
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error(`${what} has no box`);
  expect(box.x + box.width, `${what} right edge`).toBeLessThanOrEqual(viewport.width);
}

test('customers, stock movements and shifts fit a landscape tablet', async ({ page }) => {
  test.setTimeout(90_000);
  await new LoginPage(page).goto();
  await new LoginPage(page).signIn('owner@demo.test', DEMO_PASSWORD);
  const dashboard = new DashboardPage(page);
  await dashboard.expectShown('Demo Shop');

  await dashboard.openSection('Customers');
  const customers = page.getByRole('table', { name: 'Customers' });
  const lastVisit = customers.getByRole('columnheader', { name: 'Last visit' });
  await expect(lastVisit).toBeVisible();
  await expectRightEdgeOnScreen(page, 'Last visit column', lastVisit);
  await expectNoSidewaysScroll(page);
  await page.getByLabel('Sort by').selectOption('Most spent');
  await expect(customers.getByRole('row').nth(1)).toContainText(/€\d/);

  await dashboard.openSection('Stock movements');
  const product = page.getByRole('combobox', { name: 'Filter by product' });
  const toggle = page.getByRole('button', { name: 'Show filter by product choices' });
  await expect(product).toBeVisible();
  const [input, button] = await Promise.all([product.boundingBox(), toggle.boundingBox()]);
  expect(button?.y, 'the list button sits beside the product field').toBe(input?.y);
  await expectNoSidewaysScroll(page);

  await dashboard.openSection('Shifts');
  const history = page.getByRole('table', { name: 'Shift history' });
  const approve = history.getByRole('button', { name: /^Approve the cash difference of T1/ });
  await expect(approve).toBeVisible();
  await expectRightEdgeOnScreen(page, 'Approve', approve);
  await expect(history.getByText('Over by €1: a customer left their change for the tip jar.')).toBeVisible();
  await expectNoSidewaysScroll(page);
});
