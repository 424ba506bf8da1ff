// Issue #7's receipt and refund in a real browser, offline: the receipt prints on its own (the app's chrome
// hidden, at the chosen roll width) with "Unsynced" beside it ([WORDS-1]); "Recent sales" reprints it and refunds part of it;
// back online, the sale and its refund reach the server once each and the receipts drop "Unsynced". The refund
// form's radios and checkbox are rows at least 44 px high ([REFUND-T2]).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { LoginPage } from './page-models/login-page';
import { DashboardPage } from './page-models/dashboard-page';
import { RecentSalesModel } from './page-models/recent-sales';
import { RegisterModel } from './page-models/register-page';
import { ServerData } from './page-models/server-data';
import { ServiceWorkerModel } from './page-models/service-worker';
import { DEMO_PASSWORD } from './page-models/users';
import { SERVICE_ROLE_KEY } from '../../supabase/local/config';

// The server takes refunds from managers and owners only (supabase/SPEC.md §3.2).
const MANAGER = { email: 'manager@demo.test', id: 'd0000000-0000-4000-8000-000000000002' };
const CROISSANT = { name: 'Croissant', barcode: '2000000000022' };
const DEMO_COMPANY = 'd1000000-0000-4000-8000-000000000001';

/** The till's id on the server, by the code its receipt numbers start with. */
async function terminalByCode(request: APIRequestContext, code: string): Promise<string> {
  const response = await request.get(
    `http://127.0.0.1:54321/rest/v1/terminals?select=id&company_id=eq.${DEMO_COMPANY}&code=eq.${code}`,
    { headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` } },
  );
  const [row] = (await response.json()) as { id: string }[];
  if (!row) throw new Error(`no terminal ${code} on the server`);
  return row.id;
}

test('offline: print the receipt, reprint it from Recent sales and refund part of it; online both sync once', async ({
  page,
  context,
  request,
}) => {
  const server = new ServerData(request);
  const register = new RegisterModel(page);
  const recent = new RecentSalesModel(page);
  const tillName = `Refund till ${Date.now().toString(36)}`;

  await test.step('sign in, set the device up as a till and let it sync', async () => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(MANAGER.email, DEMO_PASSWORD);
    await new DashboardPage(page).expectShown('Demo Shop');
    await new ServiceWorkerModel(page).waitUntilControlled();
    await register.goto();
    await register.setUpTill(tillName);
    await register.waitForCatalog(MANAGER.id, await server.productCount());
  });
  await context.setOffline(true);

  const sale = await test.step('sell two croissants in cash', async () => {
    await register.scan(CROISSANT.barcode);
    await expect(register.quantityOf(CROISSANT.name)).toHaveValue('1');
    await register.scan(CROISSANT.barcode);
    await expect(register.quantityOf(CROISSANT.name)).toHaveValue('2');
    await register.pay();
    await register.cashForTheRest();
    return register.completeSale();
  });
  const [code = ''] = sale.split('-');
  expect(sale).toBe(`${code}-000001`);

  await test.step('the receipt prints alone, at 58 mm; "Unsynced" stands beside it, not on it', async () => {
    const receipt = recent.receipt(sale);
    await expect(recent.syncMark(sale)).toBeVisible();
    await expect(receipt.getByText('Unsynced')).toHaveCount(0);
    await expect(receipt.getByText('Demo Shop', { exact: true })).toBeVisible();
    await recent.stubPrint();
    await page.getByRole('radio', { name: '58 mm' }).check();
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await recent.printed()).toEqual(['slip slip--58']);
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.print-root .slip')).toBeVisible();
    await expect(page.getByRole('navigation').first()).toBeHidden();
    await expect(page.getByRole('button', { name: 'New sale' })).toBeHidden();
    await recent.finishPrinting();
    await page.emulateMedia({ media: 'screen' });
    await expect(page.locator('.print-root')).toHaveCount(0);
    await register.newSale();
  });

  const refund = await test.step('Recent sales: reprint the sale, then refund one croissant', async () => {
    await recent.open();
    await expect(recent.row(sale)).toContainText('Pending');
    await recent.row(sale).click();
    await expect(recent.receipt(sale)).toBeVisible();
    await expect(recent.dialog().getByRole('radio', { name: '58 mm' })).toBeChecked();
    await recent.openRefund();
    // [REFUND-T2] Each way to pay back and 'Put the goods back in stock' is a label a finger can hit: cash,
    // card, other, 'Store credit' ([VAL-15]: a customer may be attached to the refund) and the stock box.
    const labels = recent.refundChoiceLabels();
    await expect(labels).toHaveCount(5);
    for (const label of await labels.all()) {
      const [box, name] = [await label.boundingBox(), await label.innerText()];
      expect(box?.height, name).toBeGreaterThanOrEqual(44);
      expect(box?.width, name).toBeGreaterThanOrEqual(44);
    }
    return recent.completeRefund(CROISSANT.name, '1');
  });
  expect(refund).toBe(`${code}-000002`);
  await expect(recent.syncMark(refund, 'Refund')).toBeVisible();

  await context.setOffline(false);
  await register.expectAllSynced();
  await expect(recent.syncMark(refund, 'Refund')).toBeHidden();

  const sales = await server.salesOfTerminal(await terminalByCode(request, code));
  expect(sales.map((row) => row.receipt_no)).toEqual([sale, refund]);
  const [sold, refunded] = sales;
  expect(refunded?.total).toBe((sold?.total ?? 0) / 2);
  expect(await server.payments(refunded?.id ?? '')).toEqual([{ method: 'cash', amount: refunded?.total }]);
});
