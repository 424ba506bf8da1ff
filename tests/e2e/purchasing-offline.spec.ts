// Issue 38's "done means" in a real browser (docs/purchasing.md, "The browser test"): the demo manager drafts an
// order from Insights → Inventory for Fresh Fields Produce at Main Street, sets its first line to 12 and marks
// it ordered; at the register, with the network off, 'Receive stock' takes 5 of that line at a new unit cost,
// nothing of the others, and posts the receipt (the nav counts it unsynced). Back online, with the outbox empty,
// the server — read with supabase-js as the manager — holds Main Street's on-hand up by exactly 5, the
// product's cost moved by the shop's cost method, the order partly received with the line's received 5, and
// no flag about it.
import { expect, test } from '@playwright/test';
import { keepScreenshot } from './layout-checks';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { mirrorRow } from './page-models/mirror';
import { PurchasingServer } from './page-models/purchasing-server';
import { ReceiveStockModel } from './page-models/receive-stock';
import { RegisterModel } from './page-models/register-page';
import { DEMO_STORE, ServerData } from './page-models/server-data';
import { ServiceWorkerModel } from './page-models/service-worker';
import { DEMO_PASSWORD } from './page-models/users';

const MANAGER = { email: 'manager@demo.test', id: 'd0000000-0000-4000-8000-000000000002' };
const SUPPLIER = 'Fresh Fields Produce';
const ORDERED = 12;
const ARRIVED = 5;

/**
 * [COST-2] The product's cost after a receive, as src/domain/cost.ts computes it (not imported: the app's
 * modules bring Lingui macros the test runner cannot load). 'last': the unit cost; 'average': the moving average
 * over what was on hand and what arrived, half-up to a minor unit, or the unit cost with nothing on hand.
 */
function costAfterReceive(
  method: string,
  onHand: number,
  oldCost: number | null,
  arrived: number,
  unitCost: number,
) {
  if (method === 'last' || oldCost === null || onHand <= 0) return unitCost;
  if (method !== 'average') throw new Error(`unknown cost method ${method}`);
  const held = BigInt(Math.round(onHand * 1000));
  const received = BigInt(Math.round(arrived * 1000));
  const numerator = held * BigInt(oldCost) + received * BigInt(unitCost);
  const denominator = held + received;
  return Number((2n * numerator + denominator) / (2n * denominator));
}

test('[PUR-T8] an order drafted from Insights, received in part offline at the till: the server agrees after sync', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  const server = new ServerData(request);
  const register = new RegisterModel(page);
  const receive = new ReceiveStockModel(page);
  const manager = await PurchasingServer.signIn(MANAGER.email);
  const since = new Date().toISOString();

  await test.step('sign in as the manager', async () => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(MANAGER.email, DEMO_PASSWORD);
    await new DashboardPage(page).expectShown('Demo Shop');
    await new ServiceWorkerModel(page).waitUntilControlled();
  });

  const orderId =
    await test.step(`Insights → Inventory: 'Draft order' to ${SUPPLIER} at Main Street`, async () => {
      await page.goto('/dashboard/insights?view=inventory');
      const draft = page.getByRole('button', { name: `Draft order to ${SUPPLIER}` });
      await expect(draft).toBeVisible({ timeout: 30_000 });
      const store = page.getByLabel(`Store for the order to ${SUPPLIER}`);
      if (await store.isVisible()) await store.selectOption({ label: 'Demo Shop Main Street' });
      await draft.click();
      await expect(page).toHaveURL(/\/dashboard\/purchase-orders\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('button', { name: 'Mark as ordered' })).toBeVisible();
      return new URL(page.url()).pathname.split('/').pop() ?? '';
    });

  const number =
    await test.step(`set the first line to ${String(ORDERED)} and 'Mark as ordered'`, async () => {
      const lines = page.getByRole('table', { name: 'Lines' });
      await lines
        .getByLabel(/^Quantity of /)
        .first()
        .fill(String(ORDERED));
      await page.getByRole('button', { name: 'Mark as ordered' }).click();
      await expect(page.getByText('Marked as ordered.')).toBeVisible();
      // The server gives the order its number when the op is applied.
      await expect
        .poll(async () => (await manager.order(orderId))?.status, { timeout: 60_000 })
        .toBe('ordered');
      const order = await manager.order(orderId);
      expect(order?.store_id).toBe(DEMO_STORE);
      expect(order?.number).toMatch(/^PO-\d+$/);
      return order?.number ?? '';
    });

  const [line] = await manager.lines(orderId);
  if (!line) throw new Error('the drafted order has no lines');
  expect(line.quantity).toBe(ORDERED);
  const product = await manager.product(line.product_id);
  const onHandBefore = await manager.onHand(DEMO_STORE, line.product_id);
  const method = await manager.costMethod();
  // A new unit cost within the shop's cost-change flag (20%), so the receipt asks nothing.
  const oldUnitCost = line.unit_cost ?? product.cost ?? 100;
  const newUnitCost = oldUnitCost + Math.max(1, Math.round(oldUnitCost / 10));

  await test.step('set the device up as a till and wait for the order to arrive in its mirror', async () => {
    await register.goto();
    await register.setUpTill(`Receiving till ${Date.now().toString(36)}`);
    await register.waitForCatalog(MANAGER.id, await server.productCount());
    await expect
      .poll(
        async () => {
          const row = (await mirrorRow(page, MANAGER.id, 'purchaseOrders', orderId)) as
            { status?: string } | undefined;
          return row?.status;
        },
        { timeout: 60_000 },
      )
      .toBe('ordered');
  });

  await context.setOffline(true);
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();

  await test.step(`offline: 'Receive stock' → ${number} → ${String(ARRIVED)} of ${product.name} at a new cost`, async () => {
    // The register's product list shows what this store holds: the delivery adds to it at once, offline.
    const tile = page.getByRole('button', { name: new RegExp(`^${product.name}`) }).first();
    await register.search().fill(product.name);
    await expect(tile).toContainText(`${String(onHandBefore)} in stock`);
    await receive.open();
    await receive.pick(number);
    await receive.enter(product.name, String(ARRIVED), (newUnitCost / 100).toFixed(2));
    await keepScreenshot(page, test.info(), 'receive-stock-1024x768');
    await receive.post(number);
    await keepScreenshot(page, test.info(), 'receive-stock-posted-1024x768');
    await receive.close();
    await expect(tile).toContainText(`${String(onHandBefore + ARRIVED)} in stock`);
    // The receipt waits in the outbox (with whatever else the till has not sent yet).
    await expect(page.getByRole('link', { name: /^\d+ unsynced$/ })).toBeVisible();
  });

  await context.setOffline(false);
  await register.expectAllSynced(60_000);

  // [PUR-18] Main Street holds exactly what arrived more; [COST-2] the cost moved by the shop's method.
  expect(await manager.onHand(DEMO_STORE, line.product_id)).toBe(onHandBefore + ARRIVED);
  const expectedCost = costAfterReceive(method, onHandBefore, product.cost, ARRIVED, newUnitCost);
  expect((await manager.product(line.product_id)).cost).toBe(expectedCost);

  // The order is partly received: this line has the 5, the others nothing.
  expect((await manager.order(orderId))?.status).toBe('partly_received');
  const after = await manager.lines(orderId);
  expect(after.map((row) => row.received)).toEqual(after.map((row) => (row.id === line.id ? ARRIVED : 0)));

  // Nothing for managers to look at about this order or its product.
  const flags = (await manager.flagsSince(since)).filter((flag) => {
    const detail = JSON.stringify(flag.detail);
    return detail.includes(orderId) || detail.includes(line.product_id);
  });
  expect(flags).toEqual([]);
  await manager.signOut();
});
