// Who chooses the language, in a real browser (issue 35, src/domain/SPEC.md [LANG-T2], [LANG-T3]): the demo
// owner picks 'Deutsch' in Settings → Language and the page reads in German at once, and after a reload; on
// a shared till, Cara (whose language is German) unlocks with the network off and the screens follow her,
// then go back to the till's language when it locks.
import { expect, test, type Page } from '@playwright/test';
import { clearAccountLanguage } from './page-models/account-language';
import { LoginPage } from './page-models/login-page';
import { DashboardPage } from './page-models/dashboard-page';
import { ServerData } from './page-models/server-data';
import { SharedTillModel } from './page-models/shared-till';
import { DEMO_PASSWORD, OWNER } from './page-models/users';

const OWNER_ID = 'd0000000-0000-4000-8000-000000000001';
const CARA = { name: 'Cara', id: 'd6000000-0000-4000-8000-000000000001', pin: '4444' };
const GERMAN_HELP = 'Die Sprache Ihrer Bildschirme, auf jedem Gerät, auf dem Sie sich anmelden.';

const pageLanguage = (page: Page) => page.evaluate(() => document.documentElement.lang);
const languageSelect = (page: Page) => page.locator('select[name="language"]');

test('[LANG-T2] the owner picks Deutsch in Settings → Language: the screens switch at once and stay German', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(OWNER, DEMO_PASSWORD);
  await new DashboardPage(page).expectShown('Demo Shop');
  await page.goto('/dashboard/settings');
  try {
    await expect(page.getByLabel('Language', { exact: true })).toHaveValue('en');
    await page.getByLabel('Language', { exact: true }).selectOption({ label: 'Deutsch' });
    await expect(page.getByText(GERMAN_HELP)).toBeVisible();
    await expect(page.getByLabel('Sprache', { exact: true })).toHaveValue('de');
    expect(await pageLanguage(page)).toBe('de');
    await expect(page.getByText('In Ihrem Konto gespeichert.')).toBeVisible();

    await page.reload();
    await expect(page.getByText(GERMAN_HELP)).toBeVisible();
    expect(await pageLanguage(page)).toBe('de');
  } finally {
    // The demo owner signs in to other tests of this run: back to English on this device, and the account
    // back to no choice of its own, as the seed has it.
    await languageSelect(page).selectOption('en');
    await expect(page.getByText('Saved to your account.')).toBeVisible();
    await clearAccountLanguage(page.request, OWNER);
  }
});

test('[LANG-T3] offline on a shared till, Cara unlocks and the screens switch to German; locked, back to the till’s', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const server = new ServerData(page.request);
  const shared = new SharedTillModel(page);
  await server.setStaffLanguage(CARA.id, 'de');
  try {
    await shared.setUp({ email: OWNER, id: OWNER_ID }, `Language till ${Date.now().toString(36)}`, server);
    await page.goto('/dashboard/register');
    await shared.expectLocked();
    expect(await pageLanguage(page)).toBe('en');

    await context.setOffline(true);
    await shared.pick(CARA.name);
    await shared.typePin(CARA.pin);
    await expect(shared.lockScreen()).toBeHidden();
    await expect.poll(() => pageLanguage(page)).toBe('de');

    await page.keyboard.press('Control+Shift+L');
    await shared.expectLocked();
    await expect.poll(() => pageLanguage(page)).toBe('en');
  } finally {
    await context.setOffline(false);
    // Cara unlocks in other tests of this run.
    await server.setStaffLanguage(CARA.id, null);
  }
});
