// Issue 33's paired till in a real browser (DESIGN §13, supabase/SPEC.md §21): a manager opens Settings →
// Devices in one browser and gets a one-time code; a second browser context, a new tablet, takes it under
// 'Pair this device' on the sign-in page and is signed in as itself, in shared mode. Cara unlocks it with her
// PIN and sells; the server has the sale once, sent by the till's own account, and the manager sees when the
// till last synced.
import { expect, test } from '@playwright/test';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { DevicesSettingsModel, PairThisDeviceModel } from './page-models/paired-devices';
import { RegisterModel } from './page-models/register-page';
import { ServerData } from './page-models/server-data';
import { SharedTillModel } from './page-models/shared-till';
import { DEMO_PASSWORD } from './page-models/users';

const CARA = { name: 'Cara', pin: '4444' };
const CROISSANT = { name: 'Croissant', barcode: '2000000000022' };

test('a manager’s one-time code pairs a second browser as a till of the store; it sells as itself and the sale is synced', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const server = new ServerData(request);
  const tillName = `Paired till ${Date.now().toString(36)}`;

  const managerContext = await browser.newContext();
  const managerPage = await managerContext.newPage();
  const devices = new DevicesSettingsModel(managerPage);
  const code = await test.step('the manager asks Settings → Devices for a code', async () => {
    const login = new LoginPage(managerPage);
    await login.goto();
    await login.signIn('manager@demo.test', DEMO_PASSWORD);
    await new DashboardPage(managerPage).expectShown('Demo Shop');
    await devices.goto();
    return devices.pairingCode(tillName);
  });

  const tillContext = await browser.newContext();
  const tillPage = await tillContext.newPage();
  const pairing = new PairThisDeviceModel(tillPage);
  const register = new RegisterModel(tillPage);
  const shared = new SharedTillModel(tillPage);
  await test.step('the new tablet pairs with the code and becomes a till of that store', async () => {
    await pairing.pair(code);
    await register.setUpTill(tillName);
    // Shared mode is on from the start: the register reads the catalogue again behind the lock screen.
    await register.waitForMirror(await pairing.userId(), await server.productCount());
    await tillPage.reload();
    await shared.expectLocked();
  });
  const terminal = await server.terminalNamed(tillName);

  const receipt = await test.step('Cara unlocks it with her PIN and sells a croissant', async () => {
    await shared.unlock(CARA.name, CARA.pin);
    await register.openShiftIfAsked();
    await register.scanUntil(CROISSANT.barcode, CROISSANT.name, 1, { inSearchField: true });
    await register.pay();
    await register.cashForTheRest();
    return register.completeSale();
  });

  await test.step('the server has the sale once; the manager sees the till synced', async () => {
    await expect
      .poll(async () => (await server.salesOfTerminal(terminal.id)).map((sale) => sale.receipt_no), {
        timeout: 30_000,
      })
      .toEqual([receipt]);
    await devices.goto();
    await expect(devices.row(tillName)).toContainText('Active');
    await expect(devices.row(tillName)).not.toContainText('Never');
  });

  await tillContext.close();
  await managerContext.close();
});
