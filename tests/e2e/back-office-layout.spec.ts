// Issue 16: the back office on a 1024×768 tablet, as the demo owner on a device that is not a till. The lists
// fit the screen (nothing scrolls sideways, the last column is on screen), the stock filters line up, and the
// demo history reads like a shop's: shifts for past days, one waiting for a manager's approval.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSidewaysScroll } from './layout-checks';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { DEMO_PASSWORD } from './page-models/users';

test.use({ viewport: { width: 1024, height: 768 } });

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

// Issue 34: every back-office page at a laptop's, a portrait tablet's and a phone's size. The page never
// scrolls sideways; every table shows its first column (the name) with room to read it, as columns or as
// cards; nothing in a table is cut (a header cell, a button); the overview's figure labels fit on one line.
// Screenshots are attached to the report.
const SIZES = [
  { width: 1280, height: 800 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
] as const;

/** Each page with the table it waits for (the lists load after the page shows), if it has one. */
const PAGES: readonly { name: string; path: string; table?: string }[] = [
  { name: 'overview', path: '/dashboard' },
  { name: 'sales', path: '/dashboard/sales', table: 'Sales' },
  { name: 'products', path: '/dashboard/products', table: 'Products' },
  // The demo's promotions come with the demo data of issue 36: the list, or its empty state, either way.
  { name: 'promotions', path: '/dashboard/products/promotions' },
  { name: 'stock-movements', path: '/dashboard/stock-movements', table: 'Stock movements' },
  { name: 'customers', path: '/dashboard/customers', table: 'Customers' },
  { name: 'shifts', path: '/dashboard/shifts', table: 'Shift history' },
  { name: 'insights-sales', path: '/dashboard/insights', table: 'Sales compared' },
  { name: 'insights-products', path: '/dashboard/insights?view=products', table: 'Products' },
  { name: 'insights-inventory', path: '/dashboard/insights?view=inventory' },
  { name: 'insights-customers', path: '/dashboard/insights?view=customers', table: 'Customers compared' },
  {
    name: 'insights-staff',
    path: '/dashboard/insights?view=staff',
    table: 'Discounts and refunds by person',
  },
  // The demo's tills have recorded no events yet: Activity says "Nothing matches."
  { name: 'activity', path: '/dashboard/activity' },
  // Purchase orders (issue 38): the list, the demo's PO-0001 and its print view.
  { name: 'purchase-orders', path: '/dashboard/purchase-orders', table: 'Purchase orders' },
  {
    name: 'purchase-order',
    path: '/dashboard/purchase-orders/d4a00000-0000-4000-8000-000000000001',
    table: 'Lines',
  },
  {
    name: 'purchase-order-print',
    path: '/dashboard/purchase-orders/d4a00000-0000-4000-8000-000000000001/print',
  },
  // Transfers (issue 38): the list with 'In transit', and the demo's TR-0001.
  { name: 'transfers', path: '/dashboard/transfers', table: 'Transfers' },
  { name: 'transfer', path: '/dashboard/transfers/d4b00000-0000-4000-8000-000000000001', table: 'Lines' },
  { name: 'settings', path: '/dashboard/settings' },
  { name: 'settings-shop', path: '/dashboard/settings/shop' },
  { name: 'settings-staff', path: '/dashboard/settings/staff' },
  { name: 'settings-devices', path: '/dashboard/settings/devices' },
  { name: 'settings-sync', path: '/dashboard/settings/sync' },
];

/** What a reader cannot read in the page's tables, in words (empty when all is well). */
async function tableProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const viewport = document.documentElement.clientWidth;
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 1 && box.height > 1 && getComputedStyle(element).visibility !== 'hidden';
    };
    for (const table of document.querySelectorAll('main table')) {
      // A chart's figures (a table read by screen readers, out of sight) and the hour × weekday grid (its
      // first column is an hour, not a name) are not lists of things.
      if (!shown(table) || table.querySelector('caption')) continue;
      const name = table.getAttribute('aria-label') ?? table.className;
      const first = table.querySelector('tbody tr:not(.data-table__spacer) > :first-child');
      if (first) {
        const width = first.getBoundingClientRect().width;
        const text = (first as HTMLElement).innerText.trim();
        if (width < 60) problems.push(`${name}: the first column is ${String(Math.round(width))} px wide`);
        if (text === '') problems.push(`${name}: the first column shows no text`);
      }
      for (const header of table.querySelectorAll('thead th')) {
        if (shown(header) && header.scrollWidth > header.clientWidth + 1) {
          problems.push(`${name}: the header "${(header as HTMLElement).innerText}" is cut`);
        }
      }
      for (const button of table.querySelectorAll('button, a.button')) {
        if (!shown(button)) continue;
        const box = button.getBoundingClientRect();
        const cell = button.closest('td, th')?.getBoundingClientRect();
        const label = (button as HTMLElement).innerText;
        if (box.right > viewport + 1) problems.push(`${name}: "${label}" runs off the screen`);
        if (cell && box.right > cell.right + 1) problems.push(`${name}: "${label}" runs out of its cell`);
        if (button.scrollWidth > button.clientWidth + 1) problems.push(`${name}: "${label}" is cut`);
      }
    }
    return problems;
  });
}

/** The overview's figure labels ('Gross margin today') on one line, the figures inside their cards. */
async function expectStatsFit(page: Page) {
  const today = page.getByRole('region', { name: 'Today' });
  await expect(today.getByText('Gross margin today')).toBeVisible();
  const problems = await today.evaluate((section) =>
    [...section.querySelectorAll('.stat')].flatMap((stat) => {
      const label = stat.querySelector<HTMLElement>('.stat__label');
      const value = stat.querySelector<HTMLElement>('.stat__value');
      if (!label || !value) return ['a figure without its label or value'];
      const lines = label.getBoundingClientRect().height / parseFloat(getComputedStyle(label).fontSize);
      return [
        ...(lines > 1.8 ? [`"${label.innerText}" wraps`] : []),
        ...(value.scrollWidth > value.clientWidth + 1 || value.getBoundingClientRect().height > 60
          ? [`"${value.innerText}" does not fit its card`]
          : []),
      ];
    }),
  );
  expect(problems).toEqual([]);
}

for (const size of SIZES) {
  test(`[BACK-1] every back-office page reads at ${String(size.width)}×${String(size.height)}`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    await new LoginPage(page).goto();
    await new LoginPage(page).signIn('owner@demo.test', DEMO_PASSWORD);
    // Signed in: the form is gone by the time the bar says "Welcome" (it used to linger a second); a phone's
    // bar keeps it in its menu.
    await expect(page.getByText(/^Welcome, /)).toBeAttached();
    expect(await page.getByLabel('Password').count(), 'the sign-in form under "Welcome"').toBe(0);
    await new DashboardPage(page).expectShown('Demo Shop');

    for (const { name, path, table } of PAGES) {
      await test.step(name, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        if (table) {
          await expect(page.getByRole('table', { name: table, exact: true }).first()).toBeVisible();
        }
        if (name === 'overview') await expectStatsFit(page);
        await testInfo.attach(`${name}-${String(size.width)}`, {
          body: await page.screenshot({ fullPage: true }),
          contentType: 'image/png',
        });
        // Soft: one run names every page's problems, not only the first.
        expect.soft(await tableProblems(page), `${name}: tables`).toEqual([]);
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        expect.soft(scrollWidth, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(clientWidth);
      });
    }
  });
}

test('[BACK-5] a cold load finds /favicon.ico: no 404 in the console', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) missing.push(`${String(response.status())} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') missing.push(message.text());
  });
  await new LoginPage(page).goto();
  await page.waitForLoadState('load');
  const icon = await page.request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/icon/);
  expect(missing).toEqual([]);
  await context.close();
});
