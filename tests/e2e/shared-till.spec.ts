// Issue #18's shared till in a real browser: a manager puts one till into shared mode; offline, the demo
// cashier (PIN 3333) and Cara, who has no account (PIN 4444), take turns selling by PIN; the till locks
// after each sale; a refund is approved on the spot by the manager's PIN 2222. Back online the server has
// each sale once, with the right cashier_id, the cashier verified and the approval verified.
import { expect, test } from '@playwright/test';
import { RecentSalesModel } from './page-models/recent-sales';
import { RegisterModel } from './page-models/register-page';
import { ServerData } from './page-models/server-data';
import { SharedTillModel } from './page-models/shared-till';
import { AccountSecurity } from './page-models/account-security';
import { openDashboardSection } from './page-models/dashboard-page';
import { DEMO_PASSWORD } from './page-models/users';

const MANAGER = { email: 'manager@demo.test', id: 'd0000000-0000-4000-8000-000000000002' };
const DEMO_CASHIER = { name: 'Cara Cashier', id: 'd0000000-0000-4000-8000-000000000003', pin: '3333' };
const CARA = { name: 'Cara', id: 'd6000000-0000-4000-8000-000000000001', pin: '4444' };
const CROISSANT = { name: 'Croissant', barcode: '2000000000022' };
const WATER = { name: 'Sparkling water 0.5 l', barcode: '2000000000039' };

test('offline, two cashiers alternate by PIN, the till locks after each sale, a manager approves a refund by PIN; online each sale is there once, verified', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const server = new ServerData(request);
  const register = new RegisterModel(page);
  const shared = new SharedTillModel(page);
  const recent = new RecentSalesModel(page);
  const tillName = `Shared till ${Date.now().toString(36)}`;
  // The shop locks its tills after each sale (a fresh stack per run: nothing to put back).
  await server.setCompany({ lock_after_sale: true });

  await test.step('a manager signs in, sets the device up as a till and turns shared mode on', async () => {
    await shared.setUp(MANAGER, tillName, server);
  });
  const terminal = await server.terminalNamed(tillName);

  await context.setOffline(true);

  const first =
    await test.step('the register opens locked; a wrong PIN says so; the demo cashier sells', async () => {
      await page.goto('/dashboard/register');
      await shared.expectLocked();
      await shared.pick(DEMO_CASHIER.name);
      await shared.typePin('9999');
      await expect(shared.lockScreen().getByText('Wrong PIN. 4 tries left.')).toBeVisible();
      await shared.typePin(DEMO_CASHIER.pin);
      await expect(shared.lockScreen()).toBeHidden();
      await expect(page.getByLabel('Selling')).toHaveText(`${DEMO_CASHIER.name} · Cashier`);
      await register.scanUntil(CROISSANT.barcode, CROISSANT.name, 1, { inSearchField: true });
      await register.pay();
      await register.cashForTheRest();
      const receipt = await register.completeSale();
      await page.getByRole('button', { name: 'New sale' }).click();
      // The shop's lock_after_sale: leaving the receipt locks the till.
      await shared.expectLocked();
      return receipt;
    });

  const second = await test.step('Cara, who has only a PIN, sells next', async () => {
    await shared.unlock(CARA.name, CARA.pin);
    await register.scanUntil(WATER.barcode, WATER.name, 1);
    await register.pay();
    await register.cashForTheRest();
    const receipt = await register.completeSale();
    await page.getByRole('button', { name: 'New sale' }).click();
    await shared.expectLocked();
    return receipt;
  });

  const refund =
    await test.step('the demo cashier refunds the first sale, approved by the manager’s PIN', async () => {
      await shared.unlock(DEMO_CASHIER.name, DEMO_CASHIER.pin);
      await recent.open();
      await recent.row(first).click();
      await recent.dialog().getByRole('button', { name: 'Refund', exact: true }).click();
      await recent.dialog().getByLabel(`Refund quantity of ${CROISSANT.name}`).fill('1');
      await recent.dialog().getByRole('button', { name: 'Complete refund' }).click();
      await shared.approve('Max Manager', '2222');
      const heading = recent
        .dialog()
        .getByRole('article', { name: /^Refund T\d+-\d{6}$/ })
        .getByRole('heading', { name: /^Refund T\d+-\d{6}$/ });
      await expect(heading).toBeVisible();
      return ((await heading.textContent()) ?? '').replace(/^Refund /, '');
    });

  await test.step('Ctrl+Shift+L locks the till; a reload keeps it locked', async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Shift+L');
    await shared.expectLocked();
    await page.reload();
    await shared.expectLocked();
  });

  await context.setOffline(false);
  await register.expectAllSynced(60_000);

  const sales = await server.cashiersOfTerminal(terminal.id);
  expect(sales.map((sale) => sale.receipt_no)).toEqual([first, second, refund]);
  expect(sales).toEqual([
    expect.objectContaining({ kind: 'sale', cashier_id: DEMO_CASHIER.id, cashier_verified: true }),
    expect.objectContaining({ kind: 'sale', cashier_id: CARA.id, cashier_verified: true }),
    expect.objectContaining({
      kind: 'refund',
      cashier_id: DEMO_CASHIER.id,
      cashier_verified: true,
      approved_by: MANAGER.id,
      approval_action: 'refund',
      approval_verified: true,
    }),
  ]);
});

const OWNER = { email: 'owner@demo.test', id: 'd0000000-0000-4000-8000-000000000001' };
/** Set SHOTS to a folder to keep screenshots of the lock screen and Cara's menu at tablet and phone sizes. */
const SHOTS = process.env.SHOTS;

test('[COUNTER-1] a PIN opens the counter, never the back office: the issue 33 walk on a till signed in as the owner', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const server = new ServerData(page.request);
  const shared = new SharedTillModel(page);
  const security = new AccountSecurity(page);
  const tillName = `Owner's till ${Date.now().toString(36)}`;
  const backOffice = ['Overview', 'Sales', 'Products', 'Settings', 'Staff', 'Insights', 'Activity'];
  const shoot = async (name: string) => {
    if (!SHOTS) return;
    for (const [size, viewport] of [
      ['1024', { width: 1024, height: 768 }],
      ['390', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `${SHOTS}/counter-${name}-${size}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  };

  await test.step('the owner sets the device up as a till and turns shared mode on', async () => {
    await shared.setUp(OWNER, tillName, server);
  });

  await test.step('locked, typed back-office addresses show the lock screen', async () => {
    for (const path of [
      '/dashboard/sales',
      '/dashboard/settings/staff',
      '/dashboard/settings',
      '/dashboard',
    ]) {
      await page.goto(path);
      await shared.expectLocked();
      await expect(page).toHaveURL(/\/dashboard\/register$/);
      await expect(page.getByRole('heading', { name: 'Sales', exact: true })).toBeHidden();
    }
    await shoot('lock-screen');
    const sections = await shared.menuSections();
    for (const name of backOffice) expect(sections).not.toContain(name);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
  });

  await test.step("Cara unlocks with her PIN: the menu is the counter's, nothing of the back office", async () => {
    await shared.unlock(CARA.name, CARA.pin);
    const sections = await shared.menuSections();
    expect(sections).toEqual(['Register', 'Shifts']);
    for (const name of backOffice) expect(sections).not.toContain(name);
    await expect(page.getByRole('button', { name: 'Back office: sign in' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();
    await shoot('cara-menu');
  });

  await test.step('a back-office address followed in the app is refused in words', async () => {
    await shared.followInApp('/dashboard/settings/staff');
    await expect(page.getByRole('heading', { name: 'This page needs your own sign-in' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Staff' })).toBeHidden();
    await shoot('refusal');
    await page.getByRole('link', { name: 'Back to the register' }).click();
    await expect(page.getByLabel('Selling')).toHaveText('Cara · Cashier');
  });

  await test.step("the back office opens only with the owner's own password, and locks the counter", async () => {
    await shared.signInToBackOffice(OWNER.email, 'not-the-password');
    await expect(shared.backOfficeDialog().getByText('That password is not right.')).toBeVisible();
    await shared.signInToBackOffice(OWNER.email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Today at a glance' })).toBeVisible();
    await expect(page.locator('.back-office-notice')).toContainText(`Back office open as ${OWNER.email}`);
    await shoot('back-office');
  });

  await test.step("changing the password asks for 'Current password'; a wrong one changes nothing", async () => {
    // Through the app's own links: typing the address would reload the page, which closes the back office.
    await openDashboardSection(page, 'Settings');
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await security.changePassword('not-the-password', 'another-password-9');
    await expect(
      security.card('Password').getByText('Your current password is not right. Nothing was changed.'),
    ).toBeVisible();
  });

  await test.step('turning shared mode off asks for the password; closing the back office locks', async () => {
    await page.getByRole('button', { name: 'Turn shared mode off' }).click();
    await page.getByLabel(`Password of ${OWNER.email}`).fill('not-the-password');
    await page.getByRole('button', { name: 'Turn shared mode off' }).click();
    await expect(page.getByText('That password is not right. Shared mode is still on.')).toBeVisible();
    await page.getByRole('button', { name: 'Close back office' }).click();
    await shared.expectLocked();
  });
});
