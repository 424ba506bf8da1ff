// Issue 37: Customer value on a phone and a tablet, as the demo owner: the demo's gift cards and Alice
// Martin's account are listed, her statement opens, and nothing scrolls sideways (the wide tables become
// cards on a phone).
import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll } from './layout-checks';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { DEMO_PASSWORD } from './page-models/users';

for (const [width, height] of [
  [390, 844],
  [1024, 768],
] as const) {
  test(`customer value fits ${String(width)}×${String(height)}`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    await new LoginPage(page).goto();
    await new LoginPage(page).signIn('owner@demo.test', DEMO_PASSWORD);
    await new DashboardPage(page).expectShown('Demo Shop');
    await page.goto('/dashboard/customer-value');
    const cards = page.getByRole('table', { name: 'Gift cards' });
    await expect(cards.getByRole('rowheader', { name: '••••0001' })).toBeVisible();
    await page.getByRole('button', { name: 'Statement of Alice Martin' }).click();
    await expect(page.getByRole('table', { name: 'Statement entries' })).toBeVisible();
    await expect(page.getByText(/Balance on .*: -€45\.00/)).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
}
