// Issue #19 in a real browser: the virtual printer is chosen in Settings → This till → Printer, a cash sale
// prints its receipt there by itself, and the panel — decoding the very bytes a receipt printer would get —
// shows the drawer kick first, the receipt's number, total and change, a barcode of the number and the cut.
// 'No sale' then kicks the drawer alone. Remembered on the device: after a reload the choice is still there.
// Meanwhile a second page on /display — the customer's screen — follows the sale: the cart, the total, the
// change and the thank-you.
import { expect, test } from '@playwright/test';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { PrinterModel } from './page-models/printer';
import { RegisterModel } from './page-models/register-page';
import { ServerData } from './page-models/server-data';
import { DEMO_PASSWORD } from './page-models/users';

const MANAGER = { email: 'manager@demo.test', id: 'd0000000-0000-4000-8000-000000000002' };
const CROISSANT = { name: 'Croissant', barcode: '2000000000022' };

test('a cash sale prints on the virtual printer with the drawer kick and shows on the customer display; No sale opens the drawer', async ({
  page,
  context,
  request,
}) => {
  const server = new ServerData(request);
  const register = new RegisterModel(page);
  const printer = new PrinterModel(page);

  await test.step('sign in and set the device up as a till', async () => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(MANAGER.email, DEMO_PASSWORD);
    await new DashboardPage(page).expectShown('Demo Shop');
    await register.goto();
    await register.setUpTill(`Printer till ${Date.now().toString(36)}`);
    await register.waitForCatalog(MANAGER.id, await server.productCount());
  });

  await test.step('choose the virtual printer; the test page prints on it', async () => {
    await printer.gotoSettings();
    await printer.useVirtualPrinter();
    await printer.card.getByRole('button', { name: 'Print test page' }).click();
    await expect(printer.lastPrint()).toContainText('Tillpoint test page');
    await expect(printer.lastPrint()).toContainText('[cut]');
    await page.reload();
    await expect(page.getByTestId('printer-status')).toHaveText(/^Connected: Virtual printer/);
  });

  const display = await context.newPage();
  const receiptNo = await test.step('sell a croissant for cash, the customer display following', async () => {
    await register.goto();
    await register.openShiftIfAsked();
    await display.goto('/display');
    await expect(display.getByRole('heading', { name: 'Demo Shop' })).toBeVisible();
    await register.scan(CROISSANT.barcode);
    await expect(register.quantityOf(CROISSANT.name)).toHaveValue('1');
    await expect(display.getByRole('row', { name: /Croissant/ })).toContainText('€1.80');
    await expect(display.locator('.customer-display__total')).toHaveText('€1.80');
    await register.pay();
    await expect(display.getByText('To pay')).toBeVisible();
    await page.getByRole('group', { name: 'Quick cash' }).getByRole('button', { name: '€5.00' }).click();
    const number = await register.completeSale();
    await expect(display.getByRole('heading', { name: 'Thank you' })).toBeVisible();
    await expect(display.locator('.customer-display__change')).toHaveText('€3.20');
    await expect(display.getByText(`Receipt ${number}`)).toBeVisible();
    return number;
  });

  await test.step('the panel shows the receipt as printed, the drawer kick first', async () => {
    await printer.open();
    const printed = printer.lastPrint();
    await expect(printed).toContainText(`Receipt ${receiptNo}`);
    const text = (await printed.textContent()) ?? '';
    const lines = text.split('\n').map((line) => line.trim());
    expect(lines[0]).toBe('[drawer kick]');
    expect(lines).toContain('Demo Shop');
    expect(lines.some((line) => line.startsWith('Croissant'))).toBe(true);
    expect(lines.some((line) => /^TOTAL\s+€1\.80$/.test(line))).toBe(true);
    expect(lines.some((line) => /^Change\s+€3\.20$/.test(line))).toBe(true);
    expect(lines).toContain(`[barcode CODE128 ${receiptNo}]`);
    expect(lines.at(-1)).toBe('[cut]');
    await printer.close();
  });

  await test.step('No sale kicks the drawer and nothing else', async () => {
    await register.newSale();
    await expect(display.getByRole('heading', { name: 'Demo Shop' })).toBeVisible();
    await page.getByRole('button', { name: 'No sale' }).click();
    await expect(page.getByText('No sale: the drawer is open.')).toBeVisible();
    await printer.open();
    await expect(printer.lastPrint()).toHaveText('[drawer kick]');
  });
});
