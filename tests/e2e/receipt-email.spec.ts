// Issue 22's receipt by mail in a real browser, offline first: a cashier sells with the till offline and asks
// for the receipt by mail, which is queued ("Queued: sent when this till is online.", RCPT-15); back online
// the till syncs and sends it through send-receipt (RCPT-16), and the local stack's mailbox has exactly one
// mail to that address with the receipt's page — the link the till drew with the sale (RCPT-10) — which a
// fresh browser with no session opens to the receipt's total (RCPT-12).
import { expect, test } from '@playwright/test';
import { mailsTo } from './page-models/mailbox';
import { RegisterModel } from './page-models/register-page';
import { ServerData } from './page-models/server-data';
import { DEMO_CASHIER, uniqueEmail } from './page-models/users';

const CROISSANT = 'Croissant';

test('[RCPT-15] [RCPT-16] a receipt mailed from an offline till is sent once after sync, and its link opens', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const server = new ServerData(request);
  const register = new RegisterModel(page);
  const tillName = `Mail till ${Date.now().toString(36)}`;
  const address = uniqueEmail('receipt');

  await test.step('sign in, set the device up as a till and let it sync', async () => {
    await register.openAsNewTill(DEMO_CASHIER, tillName, await server.productCount());
  });

  await context.setOffline(true);
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();

  const sold = await test.step('offline: sell, and ask for the receipt by mail', async () => {
    // By its quick key, not a scan: the scanner model's own DevTools session, once detached, leaves Chromium's
    // navigator.onLine true while the context stays offline, and the note follows that flag.
    await register.addByQuickKey(CROISSANT, 1);
    await register.pay();
    await register.cashForTheRest();
    await register.completeSale();
    const total = (await page.getByTestId('receipt-total').textContent()) ?? '';
    expect(total).toMatch(/^€\d+\.\d{2}$/);
    const href = (await page.getByTestId('receipt-link').getAttribute('href')) ?? '';
    expect(href).toMatch(/\/r\/[A-Za-z0-9_-]{22}$/);
    await register.emailReceipt(address);
    await expect(page.getByText('Queued: sent when this till is online.')).toBeVisible();
    expect(await mailsTo(request, address)).toEqual([]);
    return { total, token: href.slice(href.lastIndexOf('/') + 1) };
  });

  const link = await test.step('online: the till syncs and the mail goes, once, with the link', async () => {
    await context.setOffline(false);
    await register.expectAllSynced();
    await expect(page.getByText(`Sent to ${address}`)).toBeVisible({ timeout: 30_000 });
    const mails = await mailsTo(request, address);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    // The page of the token the till drew with the sale, on the app's origin, in the text and the HTML.
    expect(mail?.link).toMatch(new RegExp(`^https?://[^/]+/r/${sold.token}$`));
    expect(mail?.text).toContain(mail?.link ?? '');
    expect(mail?.html).toContain(mail?.link ?? '');
    return mail?.link ?? '';
  });

  await test.step('the mailed link opens in a fresh browser with no session and shows the total', async () => {
    const guest = await browser.newContext();
    try {
      const publicPage = await guest.newPage();
      await publicPage.goto(link);
      await expect(publicPage.getByRole('heading', { name: /^Receipt T\d+-\d{6}$/ })).toBeVisible();
      await expect(publicPage.getByTestId('receipt-total')).toHaveText(sold.total);
    } finally {
      await guest.close();
    }
  });

  await test.step('a later sync sends nothing again', async () => {
    await page.reload();
    await register.expectAllSynced();
    expect(await mailsTo(request, address)).toHaveLength(1);
  });
});
