// Issue 37 ([VAL-T60]): a manager's correction dialog over Customer value, as the demo manager, at a phone's,
// a portrait and a landscape tablet's and a laptop's size: it opens from the demo gift card (€25.00), says the
// balance after, fits the screen with its buttons reachable and large enough for a finger, and nothing scrolls
// sideways. Nothing is saved: the demo card stays as other tests expect it. LOOK=1 saves the screenshots.
import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll } from './layout-checks';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { DEMO_PASSWORD } from './page-models/users';

const SIZES = [
  [1024, 768],
  [768, 1024],
  [390, 844],
  [1280, 800],
] as const;

for (const [width, height] of SIZES) {
  test(`the correction dialog fits ${String(width)}×${String(height)}`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    await new LoginPage(page).goto();
    await new LoginPage(page).signIn('manager@demo.test', DEMO_PASSWORD);
    await new DashboardPage(page).expectShown('Demo Shop');
    await page.goto('/dashboard/customer-value');
    await page.getByRole('button', { name: 'Adjust gift card ••••0001' }).click();
    const dialog = page.getByRole('dialog', { name: 'Correction: Gift card ••••0001' });
    await expect(dialog.getByText('Balance now: €25.00')).toBeVisible();
    await dialog.getByLabel(/Amount/).fill('5');
    await dialog.getByLabel(/Reason/).fill('Counted the float twice');
    await expect(dialog.getByText('Balance after: €30.00')).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box, 'the dialog has a box').not.toBeNull();
    if (box) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    for (const name of ['Save', 'Cancel']) {
      const button = dialog.getByRole('button', { name, exact: true });
      await button.scrollIntoViewIfNeeded();
      const target = await button.boundingBox();
      expect(target?.height ?? 0, `${name} is a finger's height`).toBeGreaterThanOrEqual(44);
    }
    for (const choice of await dialog.getByRole('radio').all()) {
      const label = await choice.evaluate(
        (input) => input.closest('label')?.getBoundingClientRect().height ?? 0,
      );
      expect(label, 'each choice is a finger’s height').toBeGreaterThanOrEqual(44);
    }
    await expectNoSidewaysScroll(page);
    if (process.env.LOOK === '1') {
      await page.screenshot({
        path: `/work/notes/shots/value-adjust-${String(width)}x${String(height)}.png`,
      });
      await dialog.getByLabel(/^Void/).check();
      await dialog.getByRole('button', { name: 'Void…' }).click();
      await expect(dialog.getByText(/This is final/)).toBeVisible();
      await page.screenshot({
        path: `/work/notes/shots/value-adjust-void-${String(width)}x${String(height)}.png`,
      });
    }
  });
}
