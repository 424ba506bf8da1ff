// Issue 16: the register is a counter screen on the devices it is made for. With five lines in the cart, Pay
// and the total are on screen without scrolling, and the page never scrolls sideways — on a landscape and a
// portrait tablet, a phone and a desktop. A screenshot of each is kept with the test's results.
import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll, expectOnScreen, keepScreenshot } from './layout-checks';
import { StockDialogs } from './page-models/stock-dialogs';
import { LoginPage } from './page-models/login-page';
import { DashboardPage } from './page-models/dashboard-page';
import { RegisterModel } from './page-models/register-page';
import { ServerData } from './page-models/server-data';
import { DEMO_CASHIER, DEMO_PASSWORD } from './page-models/users';

const PRODUCTS = [
  'Espresso',
  'Croissant',
  'Sparkling water 0.5 l',
  'Notebook A5',
  'Bananas (per kg, weighed)',
];
const WEIGHED = 'Bananas (per kg, weighed)';
/** The demo's transfer from Main Street, in transit to Market Square (supabase/seed.sql). */
const TR_0001 = 'd4b00000-0000-4000-8000-000000000001';
const MANAGER = { email: 'manager@demo.test', id: 'd0000000-0000-4000-8000-000000000002' };
const DEVICES = [
  { name: 'landscape tablet', width: 1024, height: 768, category: 'Bakery', counted: ['Croissant'] },
  {
    name: 'portrait tablet',
    width: 768,
    height: 1024,
    category: 'Drinks',
    counted: ['Sparkling water 0.5 l'],
  },
  { name: 'phone', width: 390, height: 844, category: 'Snacks', counted: ['Notebook A5', 'Croissant'] },
  { name: 'desktop', width: 1280, height: 800, category: 'Household', counted: ['Notebook A5'] },
];

for (const device of DEVICES) {
  test.describe(`${device.name} ${String(device.width)}×${String(device.height)}`, () => {
    test.use({ viewport: { width: device.width, height: device.height } });

    test('five lines in the cart: Pay and the total on screen, no sideways scroll', async ({
      page,
      request,
    }, testInfo) => {
      test.setTimeout(120_000);
      const register = new RegisterModel(page);
      await new LoginPage(page).goto();
      await new LoginPage(page).signIn(DEMO_CASHIER.email, DEMO_PASSWORD);
      await new DashboardPage(page).expectCounterShown('Demo Shop');
      await register.goto();
      await register.setUpTill(`Counter ${device.name} ${Date.now().toString(36)}`);
      await register.waitForCatalog(DEMO_CASHIER.id, await new ServerData(request).productCount());

      for (const product of PRODUCTS) {
        await register.addFromSearch(product);
        // [COUNTER-12] A weighed product asks for its weight before it joins the cart.
        const weigh = page.getByRole('dialog', { name: `Weigh ${product}` });
        if (product === WEIGHED) {
          await weigh.getByLabel('Weight (kg)').fill('0.5');
          await weigh.getByRole('button', { name: 'Add to sale' }).click();
          await expect(weigh).toBeHidden();
        }
      }
      await register.search().fill('');
      await register.expectCartCount(PRODUCTS.length);

      const pay = await expectOnScreen(page, 'Pay', page.getByRole('button', { name: 'Pay', exact: true }));
      await expectOnScreen(page, 'The total', register.total());
      await expectNoSidewaysScroll(page);
      // Kept on the report (and printed), so the lead can read where Pay sits on each device.
      const where = `Pay at x ${String(Math.round(pay.x))}, y ${String(Math.round(pay.y))}, ${String(Math.round(pay.width))}×${String(Math.round(pay.height))} px on ${String(device.width)}×${String(device.height)}`;
      testInfo.annotations.push({ type: 'Pay', description: where });
      console.log(where);
      await keepScreenshot(page, testInfo, 'cart');

      // A line's editor (keypad, discount, Remove), in the sheet on a narrow screen, fits sideways too.
      const openCart = page.getByRole('button', { name: /^Open the cart: / });
      if (await openCart.isVisible()) await openCart.click();
      const editEspresso = page.getByRole('button', { name: 'Edit Espresso' });
      await editEspresso.click();
      await expect(page.getByRole('button', { name: 'Remove Espresso' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await keepScreenshot(page, testInfo, 'line-editor');
      await editEspresso.click();
      const backToProducts = page.getByRole('button', { name: 'Back to products' });
      if (await backToProducts.isVisible()) await backToProducts.click();

      await register.pay();
      await expectOnScreen(page, 'Complete sale', page.getByRole('button', { name: 'Complete sale' }));
      await expectNoSidewaysScroll(page);
      await keepScreenshot(page, testInfo, 'payment');

      await register.cashForTheRest();
      await register.completeSale();
      await expectOnScreen(page, 'New sale', page.getByRole('button', { name: 'New sale' }));
      await expectNoSidewaysScroll(page);
      await keepScreenshot(page, testInfo, 'receipt');

      // 'Recent sales' opens above whatever it was opened from — on a narrow screen, the sale's sheet.
      await page.getByRole('button', { name: 'New sale' }).click();
      if (await openCart.isVisible()) await openCart.click();
      await page.getByRole('button', { name: 'Recent sales' }).click();
      const recent = page.getByRole('dialog', { name: 'Recent sales' });
      await expectOnScreen(page, 'Recent sales', recent);
      // Painted above the sheet, not just present: hit tests pass through a sheet that React Aria has made
      // inert, so they cannot see this; the layers' z-index can.
      const layers = await recent.evaluate((dialog) => {
        const layer = (element: Element | null) => {
          for (let at = element; at; at = at.parentElement) {
            const style = getComputedStyle(at);
            if (style.position === 'fixed' && style.zIndex !== 'auto') return Number(style.zIndex);
          }
          return 0;
        };
        return { dialog: layer(dialog), sheet: layer(document.querySelector('.sale-sheet')) };
      });
      expect(layers.dialog, 'Recent sales is painted above the sale sheet').toBeGreaterThan(layers.sheet);
      await keepScreenshot(page, testInfo, 'recent-sales');
    });

    // Issue 38: the register's stock dialogs — 'Receive stock' (an order, then a transfer to receive at the
    // other store's till), 'Send transfer' and 'Count stock' — each with lines filled in and their error
    // states, never wider than the screen, their primary button reachable.
    test('the stock dialogs fit: lines filled in, a bad quantity, far above what was ordered', async ({
      page,
      browser,
      request,
    }, testInfo) => {
      test.setTimeout(480_000);
      const size = `${String(device.width)}x${String(device.height)}`;
      const products = await new ServerData(request).productCount();
      const here = new StockDialogs(page, testInfo, size);
      await here.signIn(MANAGER);
      await here.setUpTill(MANAGER.id, `Stock ${device.name} ${Date.now().toString(36)}`, products);
      // What the dialogs list: a draft transfer to send and a stocktake to count (one category per device,
      // so the four never overlap), beside the demo's PO-0001 to Main Street and TR-0001 to Market Square.
      await here.addThroughBackOffice(MANAGER.id, 'transfers', () => here.draftTransfer('Notebook A5'));
      await here.addThroughBackOffice(MANAGER.id, 'stocktakes', () => here.openStocktake(device.category));
      try {
        await here.receiveOrder('PO-0001', 'Bananas (per kg, weighed)');
        await here.sendTransfer();
        await here.count(device.counted);
        // 'Transfers to receive' at the other store's till: a second device.
        const other = await browser.newPage({ viewport: { width: device.width, height: device.height } });
        try {
          const there = new StockDialogs(other, testInfo, size);
          await there.signIn(MANAGER);
          await there.setUpTill(
            MANAGER.id,
            `Stock there ${device.name} ${Date.now().toString(36)}`,
            products,
            'Demo Shop Market Square',
          );
          await there.receiveTransfer(MANAGER.id, TR_0001, 'TR-0001');
        } finally {
          await other.close();
        }
      } finally {
        await here.cancelStocktake(device.category);
      }
    });
  });
}
