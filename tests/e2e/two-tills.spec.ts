// Issue #5: two browser contexts are two tills of one shop. Both go offline, both sell the same product,
// both reconnect — and the server has every sale exactly once and the product's exact on-hand.
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { LoginPage } from './page-models/login-page';
import { DashboardPage } from './page-models/dashboard-page';
import { RegisterModel } from './page-models/register-page';
import { ServerData } from './page-models/server-data';
import { ServiceWorkerModel } from './page-models/service-worker';
import { DEMO_PASSWORD } from './page-models/users';

const CROISSANT = { id: 'd4000000-0000-4000-8000-000000000002', name: 'Croissant', barcode: '2000000000022' };

interface Till {
  context: BrowserContext;
  register: RegisterModel;
  terminal: { id: string; code: string };
}

async function openTill(
  browser: Browser,
  server: ServerData,
  user: { email: string; id: string },
  tillName: string,
  products: number,
): Promise<Till> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(user.email, DEMO_PASSWORD);
  const dashboard = new DashboardPage(page);
  // A cashier lands on the register, a manager on the overview.
  await (user.email === 'cashier@demo.test'
    ? dashboard.expectCounterShown('Demo Shop')
    : dashboard.expectShown('Demo Shop'));
  await new ServiceWorkerModel(page).waitUntilControlled();
  const register = new RegisterModel(page);
  await register.goto();
  await register.setUpTill(tillName);
  await register.waitForCatalog(user.id, products);
  return { context, register, terminal: await server.terminalNamed(tillName) };
}

/** Sells `quantity` croissants by scanning each one, paid in cash; answers the receipt number. */
async function sellCroissants(register: RegisterModel, quantity: number): Promise<string> {
  for (let scanned = 1; scanned <= quantity; scanned += 1) {
    await register.scanUntil(CROISSANT.barcode, CROISSANT.name, scanned);
  }
  await register.pay();
  await register.cashForTheRest();
  const receipt = await register.completeSale();
  await register.newSale();
  return receipt;
}

test('two tills offline sell the same product; after reconnecting the server has every sale once and the exact on-hand', async ({
  browser,
  request,
}) => {
  // Two browser contexts, each signing in, syncing the catalog and selling: slower than one page.
  test.setTimeout(180_000);
  const server = new ServerData(request);
  const products = await server.productCount();
  const stamp = Date.now().toString(36);
  const a = await openTill(
    browser,
    server,
    { email: 'cashier@demo.test', id: 'd0000000-0000-4000-8000-000000000003' },
    `Till A ${stamp}`,
    products,
  );
  const b = await openTill(
    browser,
    server,
    { email: 'manager@demo.test', id: 'd0000000-0000-4000-8000-000000000002' },
    `Till B ${stamp}`,
    products,
  );
  expect(a.terminal.code).not.toBe(b.terminal.code);
  const start = await server.onHand(CROISSANT.id);

  await a.context.setOffline(true);
  await b.context.setOffline(true);
  // Interleaved, as at two counters: A sells 3 then 2, B sells 4 then 1.
  const receiptsA = [await sellCroissants(a.register, 3)];
  const receiptsB = [await sellCroissants(b.register, 4)];
  receiptsA.push(await sellCroissants(a.register, 2));
  receiptsB.push(await sellCroissants(b.register, 1));
  expect(receiptsA).toEqual([`${a.terminal.code}-000001`, `${a.terminal.code}-000002`]);
  expect(receiptsB).toEqual([`${b.terminal.code}-000001`, `${b.terminal.code}-000002`]);
  expect(await server.onHand(CROISSANT.id)).toBe(start);

  await a.context.setOffline(false);
  await b.context.setOffline(false);
  await a.register.expectAllSynced();
  await b.register.expectAllSynced();

  const salesA = await server.salesOfTerminal(a.terminal.id);
  const salesB = await server.salesOfTerminal(b.terminal.id);
  expect(salesA.map((sale) => sale.receipt_no)).toEqual(receiptsA);
  expect(salesB.map((sale) => sale.receipt_no)).toEqual(receiptsB);
  expect(new Set([...salesA, ...salesB].map((sale) => sale.id)).size).toBe(4);
  // 3 + 2 + 4 + 1 croissants at 1.80.
  expect([...salesA, ...salesB].map((sale) => sale.total)).toEqual([540, 360, 720, 180]);
  expect(await server.onHand(CROISSANT.id)).toBe(start - 10);

  await a.context.close();
  await b.context.close();
});
