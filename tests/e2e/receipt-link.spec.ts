// Issue 22 in a real browser: a sale rung up at the register carries its receipt's public link (drawn by the
// till with the sale, supabase/SPEC.md RCPT-10); once synced, the link opens in a fresh browser with no
// session and shows the receipt's total (RCPT-12); the manager revokes it from the sale's page in the back
// office, and the same link then says the receipt is not available (RCPT-13, RCPT-14).
import { expect, test } from '@playwright/test';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { RegisterModel } from './page-models/register-page';
import { ServerData } from './page-models/server-data';
import { ServiceWorkerModel } from './page-models/service-worker';
import { DEMO_PASSWORD } from './page-models/users';

// The manager sells, so one session both rings the sale up and may revoke its link.
const MANAGER = { email: 'manager@demo.test', id: 'd0000000-0000-4000-8000-000000000002' };
const CROISSANT = { name: 'Croissant', barcode: '2000000000022' };

test('[RCPT-12] a receipt link opens with no sign-in and shows the total; revoked, it is not available', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const server = new ServerData(request);
  const register = new RegisterModel(page);
  const tillName = `Receipt till ${Date.now().toString(36)}`;

  await test.step('sign in, set the device up as a till and let it sync', async () => {
    await new LoginPage(page).goto();
    await new LoginPage(page).signIn(MANAGER.email, DEMO_PASSWORD);
    await new DashboardPage(page).expectShown('Demo Shop');
    await new ServiceWorkerModel(page).waitUntilControlled();
    await register.goto();
    await register.setUpTill(tillName);
    await register.waitForCatalog(MANAGER.id, await server.productCount());
    await register.openShiftIfAsked();
  });

  await register.scanUntil(CROISSANT.barcode, CROISSANT.name, 1);
  await register.scanUntil(CROISSANT.barcode, CROISSANT.name, 2);
  await register.pay();
  await register.cashForTheRest();
  const receiptNo = await register.completeSale();
  const total = (await page.getByTestId('receipt-total').textContent()) ?? '';
  expect(total).toMatch(/^€\d+\.\d{2}$/);
  const link = page.getByTestId('receipt-link');
  await expect(page.getByRole('img', { name: "QR code of this receipt's page" })).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/\/r\/[A-Za-z0-9_-]{22}$/);
  await register.expectAllSynced();

  const guest = await browser.newContext();
  try {
    const publicPage = await guest.newPage();
    await test.step('the link opens in a fresh browser with no session and shows the receipt', async () => {
      await publicPage.goto(href);
      await expect(publicPage.getByRole('heading', { name: `Receipt ${receiptNo}` })).toBeVisible();
      await expect(publicPage.getByTestId('receipt-total')).toHaveText(total);
      await expect(publicPage.getByText('Cashier:')).toHaveCount(0);
    });

    await test.step('the manager revokes it from the sale page; the link is then not available', async () => {
      const terminal = await server.terminalNamed(tillName);
      const [sale] = await server.salesOfTerminal(terminal.id);
      await page.goto(`/dashboard/sales/${sale?.id ?? ''}`);
      await expect(page.getByTestId('sale-receipt-link')).toHaveText(href);
      await page.getByRole('button', { name: 'Revoke receipt link' }).click();
      await expect(
        page.getByText('The receipt link was revoked: it now says the receipt is not available.'),
      ).toBeVisible();
      await publicPage.reload();
      await expect(publicPage.getByText('This receipt is not available')).toBeVisible();
      await expect(publicPage.getByTestId('receipt-total')).toHaveCount(0);
    });
  } finally {
    await guest.close();
  }
});
