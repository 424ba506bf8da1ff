// Issue #18's shift handover in a real browser: the demo shop keeps a shift per cashier. A manager sets a till
// up (opening a shift as they go) and turns shared mode on; offline, the demo cashier (PIN 3333) hands the
// manager's shift over at the register and sells; Cara (PIN 4444) unlocks, cannot complete a sale on the
// demo cashier's shift, hands it over and sells on her own. Left alone, the till locks after the shop's
// idle minutes (Playwright's clock fast-forwards them). Back online the server has three shifts, each with
// its own cashier and count, and each sale on the shift of the cashier who made it.
import { expect, test } from '@playwright/test';
import { RegisterModel } from './page-models/register-page';
import { ServerData } from './page-models/server-data';
import { SharedTillModel } from './page-models/shared-till';

const MANAGER = {
  name: 'Max Manager',
  email: 'manager@demo.test',
  id: 'd0000000-0000-4000-8000-000000000002',
};
const DEMO_CASHIER = { name: 'Cara Cashier', id: 'd0000000-0000-4000-8000-000000000003', pin: '3333' };
const CARA = { name: 'Cara', id: 'd6000000-0000-4000-8000-000000000001', pin: '4444' };
const CROISSANT = { name: 'Croissant', barcode: '2000000000022' };
const WATER = { name: 'Sparkling water 0.5 l', barcode: '2000000000039' };
const IDLE_MINUTES = 2;

// The stack lives for the whole run: put the shop's shift mode and idle minutes back for the specs after.
test.afterEach(async ({ request }) => {
  await new ServerData(request).setCompany({ shift_mode: 'drawer', lock_idle_minutes: 5 });
});

test('shifts by cashier, offline: each cashier hands the open shift over before selling on their own; the till locks when idle', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const server = new ServerData(request);
  const register = new RegisterModel(page);
  const shared = new SharedTillModel(page);
  const tillName = `Handover till ${Date.now().toString(36)}`;
  await server.setCompany({ shift_mode: 'cashier', lock_after_sale: false, lock_idle_minutes: IDLE_MINUTES });

  await test.step('a manager sets the device up as a till, opening a shift, and turns shared mode on', async () => {
    await shared.setUp(MANAGER, tillName, server);
  });
  const terminal = await server.terminalNamed(tillName);

  await context.setOffline(true);

  const first = await test.step('the demo cashier hands the manager’s shift over and sells', async () => {
    await page.goto('/dashboard/register');
    await shared.unlock(DEMO_CASHIER.name, DEMO_CASHIER.pin);
    await shared.handOver(MANAGER.name, '100.00');
    await register.scanUntil(CROISSANT.barcode, CROISSANT.name, 1, { inSearchField: true });
    await register.pay();
    await register.cashForTheRest();
    const receipt = await register.completeSale();
    await register.newSale();
    return receipt;
  });

  const second =
    await test.step('Cara cannot complete a sale on the demo cashier’s shift; she hands it over and sells', async () => {
      await shared.switchCashier();
      await shared.unlock(CARA.name, CARA.pin);
      await register.scanUntil(WATER.barcode, WATER.name, 1);
      await register.pay();
      await register.cashForTheRest();
      await page.getByRole('button', { name: 'Complete sale' }).click();
      await expect(
        page.getByText(`The open shift is ${DEMO_CASHIER.name}'s. Press 'Hand over shift'`, { exact: false }),
      ).toBeVisible();
      await shared.handOver(DEMO_CASHIER.name, '50.00');
      const receipt = await register.completeSale();
      await register.newSale();
      return receipt;
    });

  await test.step(`left alone for ${String(IDLE_MINUTES)} minutes, the till locks`, async () => {
    // Fake timers only now: the scanner tells a scan from typing by keystroke timing, which they would upset.
    // The idle timer is set again on every key, so after this one it runs on the fake clock: just short of
    // the idle time the till is still Cara's, just past it it locks.
    await page.clock.install();
    await page.keyboard.press('Shift');
    await page.clock.fastForward(`0${String(IDLE_MINUTES - 1)}:50`);
    await expect(page.getByLabel('Selling')).toHaveText(`${CARA.name} · Cashier`);
    await page.clock.fastForward('00:11');
    await shared.expectLocked();
  });

  await context.setOffline(false);
  await register.expectAllSynced(60_000);

  // Each handover counted what the drawer was expected to hold: the float and the cash of the shift's sale.
  const [croissant] = await server.salesOfTerminal(terminal.id);
  const shifts = await server.shiftsOfTerminal(terminal.id);
  expect(shifts).toEqual([
    expect.objectContaining({ cashier_id: MANAGER.id, opening_float: 10_000, counted_cash: 10_000 }),
    expect.objectContaining({
      cashier_id: DEMO_CASHIER.id,
      opening_float: 10_000,
      counted_cash: 10_000 + (croissant?.total ?? 0),
    }),
    expect.objectContaining({
      cashier_id: CARA.id,
      opening_float: 5000,
      counted_cash: null,
      closed_at: null,
    }),
  ]);
  const [, demoShift, caraShift] = shifts;
  expect(await server.shiftOfSales(terminal.id)).toEqual([
    { receipt_no: first, shift_id: demoShift?.id },
    { receipt_no: second, shift_id: caraShift?.id },
  ]);
  expect(await server.cashiersOfTerminal(terminal.id)).toEqual([
    expect.objectContaining({ receipt_no: first, cashier_id: DEMO_CASHIER.id, cashier_verified: true }),
    expect.objectContaining({ receipt_no: second, cashier_id: CARA.id, cashier_verified: true }),
  ]);
});
