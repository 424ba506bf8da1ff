// Issue 37: Settings → Shop → 'Gift cards and loyalty' as the demo owner at a laptop's, a landscape and a
// portrait tablet's and a phone's size ([VAL-T40]): the section's fields and its save button are on screen when
// scrolled to, nothing scrolls sideways, the button is a finger's height; screenshots go with the report.
import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll } from './layout-checks';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { DEMO_PASSWORD, OWNER } from './page-models/users';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

const SHOTS = process.env.VALUE_SETTINGS_SHOTS;

test('[VAL-T40] the gift cards and loyalty settings fit every size', async ({ page }) => {
  test.setTimeout(120_000);
  await new LoginPage(page).goto();
  await new LoginPage(page).signIn(OWNER, DEMO_PASSWORD);
  await new DashboardPage(page).expectShown('Demo Shop');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/dashboard/settings/shop');
    const section = page.getByRole('region', { name: 'Gift cards and loyalty' });
    const amounts = section.getByLabel('Fixed amounts the till offers (EUR)');
    await expect(amounts).toBeEnabled();
    await section.getByRole('heading', { name: 'Gift cards and loyalty' }).scrollIntoViewIfNeeded();
    // The heading just below the app's bar, not under it.
    await page.evaluate(() => {
      document.getElementById('value-settings-title')?.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -88);
    });
    await expectNoSidewaysScroll(page);
    const save = section.getByRole('button', { name: 'Save gift cards and loyalty' });
    const box = await save.boundingBox();
    expect(box?.height ?? 0, 'the save button is a finger’s height').toBeGreaterThanOrEqual(44);
    const field = await amounts.boundingBox();
    expect((field?.x ?? 0) + (field?.width ?? 0), 'the amounts field ends on screen').toBeLessThanOrEqual(
      size.width,
    );
    if (SHOTS)
      await page.screenshot({
        path: `${SHOTS}/value-settings-${String(size.width)}x${String(size.height)}.png`,
      });
  }
});
