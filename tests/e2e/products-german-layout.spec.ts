// Issue 35: the products screen in German, whose long words test the layout, at a landscape tablet's and a
// phone's size: the page never scrolls sideways, and the product form's and the variant grid's fields and
// buttons stay inside the screen (the grid's option fields once ran off a phone's edge in German).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSidewaysScroll } from './layout-checks';
import { clearAccountLanguage } from './page-models/account-language';
import { LoginPage } from './page-models/login-page';
import { DEMO_PASSWORD, OWNER } from './page-models/users';

async function expectInside(page: Page, what: string, controls: Locator) {
  const width = page.viewportSize()?.width ?? 0;
  for (const control of await controls.all()) {
    const box = await control.boundingBox();
    if (!box) continue;
    expect(box.x, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${what} ends on screen`).toBeLessThanOrEqual(width);
  }
}

test('the products page, the product form and the variant grid fit in German', async ({ page, request }) => {
  test.setTimeout(120_000);
  // The device's German, not an account's choice left by another test, is what this test reads.
  await clearAccountLanguage(request, OWNER);
  await new LoginPage(page).goto();
  await new LoginPage(page).signIn(OWNER, DEMO_PASSWORD);
  await page.waitForURL(/dashboard/);
  await page.evaluate(() => {
    localStorage.setItem('tillpoint.language', 'de');
  });
  for (const size of [
    { width: 1024, height: 768 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/dashboard/products');
    await expect(page.getByRole('button', { name: 'Neuer Artikel' })).toBeVisible({ timeout: 30_000 });
    await expectNoSidewaysScroll(page);

    await page.getByRole('button', { name: 'Neuer Artikel' }).click();
    const form = page.getByRole('form', { name: 'Neuer Artikel' });
    await expect(form.getByLabel('Waagen-Artikelnummer')).toBeVisible();
    await expectInside(page, 'a product form control', form.locator('input, select, button'));

    await page
      .getByRole('button', { name: /^Varianten von / })
      .first()
      .click();
    const grid = page.locator('form.variant-grid');
    await expect(grid.getByRole('button', { name: 'Kombinationen erzeugen' })).toBeVisible();
    await expectInside(
      page,
      'a variant option control',
      grid.locator('.variant-grid__options').locator('input, button'),
    );
    await expectNoSidewaysScroll(page);
  }
});
