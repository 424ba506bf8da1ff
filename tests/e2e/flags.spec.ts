// Issue 33: the demo manager sees what the server flagged — today's count on the overview, the Flags list in
// Activity with the sale's receipt number linking to the sale, and the sale's own page listing its flags in
// words — on a desktop and on a phone. The flags are written with the service role, as the server's checks
// write them ([FLAG-2]).
import { mkdir } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { ServerData } from './page-models/server-data';
import { DEMO_PASSWORD } from './page-models/users';

/** Where a run leaves its pictures for a person to look at (SHOTS_DIR), if anywhere. */
const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/flagsui-${name}.png`, fullPage: true });
}

for (const [size, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`[FLAGUI-2] [FLAGUI-3] the demo manager finds a flagged sale from the overview (${size})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const server = new ServerData(request);
    const [sale, other] = await server.latestSales(2);
    if (!sale || !other) throw new Error('the demo shop has no sales');
    const run = `${size}-${Date.now().toString(36)}`;
    await server.addFlags([
      {
        kind: 'price',
        sale_id: sale.id,
        detail: { line_id: 'l1', name: 'Croissant', claimed: 1, expected: 180 },
        dedupe_key: `e2e:${run}:price`,
      },
      {
        kind: 'missing_approval',
        sale_id: sale.id,
        detail: { action: 'discount', reason: 'over_limit' },
        dedupe_key: `e2e:${run}:approval`,
      },
      {
        kind: 'card_reuse',
        sale_id: other.id,
        detail: { other_sale_id: sale.id, payment_intent_id: 'pi_e2e_twice' },
        dedupe_key: `e2e:${run}:card`,
      },
    ]);

    await new LoginPage(page).goto();
    await new LoginPage(page).signIn('manager@demo.test', DEMO_PASSWORD);
    const dashboard = new DashboardPage(page);
    await dashboard.expectShown('Demo Shop');
    const count = page.getByRole('region', { name: 'Flags' });
    await expect(count.getByText(/^\d+ flags to review$/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Payment mix' })).toBeVisible();
    await shot(page, `overview-${size}`);

    await count.getByRole('link', { name: 'See them in Activity' }).click();
    await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
    const flags = page.getByRole('table', { name: 'Flags' });
    const priceRow = flags.getByRole('row').filter({ hasText: '‘Croissant’ was sold at €0.01' }).first();
    await expect(priceRow).toBeVisible();
    await expect(priceRow.getByRole('link', { name: sale.receipt_no })).toBeVisible();
    await shot(page, `activity-${size}`);

    await page.getByLabel('Flag kind').selectOption('Card payment used twice');
    await expect(flags.getByRole('row').filter({ hasText: 'Price differs' })).toHaveCount(0);
    await expect(flags.getByRole('link', { name: other.receipt_no }).first()).toBeVisible();
    await page.getByLabel('Flag kind').selectOption('Every kind');

    await priceRow.getByRole('link', { name: sale.receipt_no }).click();
    const detail = page.getByRole('article', { name: `Sale ${sale.receipt_no}` });
    await expect(detail).toBeVisible();
    const listed = detail.getByRole('list', { name: 'Flags' });
    await expect(listed.getByText(/^Price differs/).first()).toBeVisible();
    await expect(listed.getByText(/^Approval missing/).first()).toBeVisible();
    await shot(page, `sale-${size}`);
  });
}
