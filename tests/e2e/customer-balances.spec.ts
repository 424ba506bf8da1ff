// Issue 37 ([VAL-T50], [VAL-T54]): a customer's balances on the Customers page, as the demo manager, at a
// laptop's, a landscape and a portrait tablet's and a phone's size: Alice Martin's €10.00 of store credit, 350
// points worth €3.50 and €45.00 owed of €200.00 (€155.00 available); the panel's buttons are on screen and a
// finger's size, nothing scrolls sideways, and her account's statement opens with its closing balance.
import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll } from './layout-checks';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { DEMO_PASSWORD } from './page-models/users';

const MANAGER = 'manager@demo.test';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
] as const;

test('a customer’s balances fit every size and open the statement', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await new LoginPage(page).goto();
  await new LoginPage(page).signIn(MANAGER, DEMO_PASSWORD);
  await new DashboardPage(page).expectShown('Demo Shop');
  await page.goto('/dashboard/customers');
  await page.getByRole('searchbox', { name: 'Search customers' }).fill('Alice Martin');
  await page.getByRole('button', { name: 'Alice Martin' }).click();
  const balances = page.getByRole('region', { name: 'Balances' });
  await expect(balances.getByTestId('balance-store-credit')).toHaveText('€10.00');
  await expect(balances.getByTestId('balance-points')).toHaveText('350 pts');
  await expect(balances.getByTestId('balance-points-worth')).toHaveText('Worth €3.50');
  await expect(balances.getByTestId('balance-owed')).toHaveText('€45.00');
  await expect(balances.getByTestId('balance-credit-limit')).toHaveText('€200.00');
  await expect(balances.getByTestId('balance-available')).toHaveText('€155.00');

  for (const size of SIZES) {
    await page.setViewportSize(size);
    const name = `${String(size.width)}x${String(size.height)}`;
    await expectNoSidewaysScroll(page);
    for (const button of await balances.getByRole('button').all()) {
      const box = await button.boundingBox();
      const label = (await button.getAttribute('aria-label')) ?? (await button.textContent()) ?? '';
      expect(box?.height, `${label} height at ${name}`).toBeGreaterThanOrEqual(44);
      expect((box?.x ?? 0) + (box?.width ?? 0), `${label} right edge at ${name}`).toBeLessThanOrEqual(
        size.width,
      );
    }
    await testInfo.attach(`balances-${name}`, {
      body: await balances.screenshot(),
      contentType: 'image/png',
    });
  }

  await balances.getByRole('button', { name: 'Statement of the account' }).click();
  await expect(page.getByRole('table', { name: 'Statement entries' })).toBeVisible();
  await expect(page.getByText(/Balance on .*: -€45\.00/)).toBeVisible();
  await expectNoSidewaysScroll(page);
});
