// Issue #19 in a real browser: the virtual printer is chosen in Settings → This till → Printer, a cash sale
// prints its receipt there by itself, and the panel — decoding the very bytes a receipt printer would get —
// shows the drawer kick first, the receipt's number, total and change, a barcode of the number and the cut.
// 'No sale' then kicks the drawer alone. Remembered on the device: after a reload the choice is still there.
import { expect, test } from '@playwright/test';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { PrinterModel } from './page-models/printer';
import { RegisterModel } from './page-models/register-page';
import { ServerData } from './page-models/server-data';
import { DEMO_PASSWORD } from './page-models/users';

const MANAGER = { email: 'manager@demo.test', id: 'd0000000-0000-4000-8000-000000000002' };
const CROISSANT = { name: 'Croissant', barcode: '2000000000022' };

test('a cash sale prints on the virtual printer with the drawer kick; No sale opens the drawer', async ({
  page,
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

  const receiptNo = await test.step('sell a croissant for cash', async () => {
    await register.goto();
    await register.openShiftIfAsked();
    await register.scan(CROISSANT.barcode);
    await expect(register.quantityOf(CROISSANT.name)).toHaveValue('1');
    await register.pay();
    await register.cashForTheRest();
    return register.completeSale();
  });

  await test.step('the panel shows the receipt as printed, the drawer kick first', async () => {
    const printed = printer.lastPrint();
    await expect(printed).toContainText(`Receipt ${receiptNo}`);
    const text = (await printed.textContent()) ?? '';
    const lines = text.split('\n').map((line) => line.trim());
    expect(lines[0]).toBe('[drawer kick]');
    expect(lines).toContain('Demo Shop');
    expect(lines.some((line) => line.startsWith('Croissant'))).toBe(true);
    expect(lines.some((line) => /^TOTAL\s+€1\.80$/.test(line))).toBe(true);
    expect(lines.some((line) => /^Change\s+€/.test(line))).toBe(true);
    expect(lines).toContain(`[barcode CODE128 ${receiptNo}]`);
    expect(lines.at(-1)).toBe('[cut]');
  });

  await test.step('No sale kicks the drawer and nothing else', async () => {
    await register.newSale();
    await page.getByRole('button', { name: 'No sale' }).click();
    await expect(page.getByText('No sale: the drawer is open.')).toBeVisible();
    await expect(printer.lastPrint()).toHaveText('[drawer kick]');
  });
});
