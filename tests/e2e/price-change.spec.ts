// Issue #8: a manager changes a price in one browser; a till in another sees the new price at the register
// after its next sync. Product edits are server writes (no product op exists), so the manager needs a
// connection; the till learns of the change through its pull.
import { expect, test, type Page } from '@playwright/test';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { ProductsModel } from './page-models/products-page';
import { RegisterModel } from './page-models/register-page';
import { ServerData } from './page-models/server-data';
import { ServiceWorkerModel } from './page-models/service-worker';
import { DEMO_CASHIER, DEMO_PASSWORD } from './page-models/users';

const MANAGER = { email: 'manager@demo.test', id: 'd0000000-0000-4000-8000-000000000002' };

async function signIn(page: Page, email: string): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(email, DEMO_PASSWORD);
  const dashboard = new DashboardPage(page);
  // A cashier lands on the register, a manager on the overview.
  await (email === DEMO_CASHIER.email
    ? dashboard.expectCounterShown('Demo Shop')
    : dashboard.expectShown('Demo Shop'));
}

/** The register's search shows `name` at `price` (the register reads its catalogue once per visit). */
async function expectRegisterPrice(page: Page, register: RegisterModel, name: string, price: string) {
  await register.goto();
  await register.openShiftIfAsked();
  await register.search().fill(name);
  await expect(
    page.getByRole('button', { name: new RegExp(`${name}.*${price.replace('.', '\\.')}`) }),
  ).toBeVisible({
    timeout: 3000,
  });
}

test('a manager changes a price; the till sees it at the register after its next sync', async ({
  browser,
  request,
}) => {
  const server = new ServerData(request);
  const stamp = Date.now().toString(36);
  // A product of this test's own, so the demo prices other specs sell at stay as seeded.
  const product = {
    name: `Price test ${stamp}`,
    sku: `PT-${stamp}`,
    barcode: `29${Date.now()}`.slice(0, 13),
    price: '1.00',
  };

  const office = await browser.newContext();
  const managerPage = await office.newPage();
  await signIn(managerPage, MANAGER.email);
  const products = new ProductsModel(managerPage);
  await products.goto();
  await products.addProduct(product);

  const tillContext = await browser.newContext();
  const tillPage = await tillContext.newPage();
  await signIn(tillPage, DEMO_CASHIER.email);
  await new ServiceWorkerModel(tillPage).waitUntilControlled();
  const register = new RegisterModel(tillPage);
  await register.goto();
  await register.setUpTill(`Price till ${stamp}`);
  await register.waitForCatalog(DEMO_CASHIER.id, await server.productCount());
  await expectRegisterPrice(tillPage, register, product.name, '1.00');

  // The manager's own list follows the server after the save (its sync pulls the change back).
  await products.search(product.sku);
  await expect(products.row(product.name)).toBeVisible();
  await products.changePrice(product.name, '2.35');
  await expect(products.row(product.name).getByRole('cell', { name: '€2.35' })).toBeVisible({
    timeout: 30_000,
  });

  // The till syncs ("Sync now"), then its register shows the new price.
  await tillPage.goto('/dashboard/settings/sync');
  await tillPage.getByRole('button', { name: 'Sync now' }).click();
  await expect(async () => {
    await expectRegisterPrice(tillPage, register, product.name, '2.35');
  }).toPass({ timeout: 45_000, intervals: [1000, 2000, 3000] });

  await office.close();
  await tillContext.close();
});
