// Issue 21 in a real browser, offline at the counter: a price-embedded label the scale printed for the
// bananas rings up the bananas at the label's price ([SCALE-4], [SCALE-6]); back online the sale reaches the
// server once, with its lines as the till recorded them and the cost the server stamped ([SALE-10]).
import { expect, test } from '@playwright/test';
import { RegisterModel } from './page-models/register-page';
import { ServerData } from './page-models/server-data';
import { DEMO_CASHIER } from './page-models/users';

/** The demo shop's scale prints prefix 21, a 5-digit item code and a price with 2 decimals (seed.sql). */
const BANANA_LABEL = { code: '2100004002357', product: 'Bananas (per kg, weighed)', price: 235 };
const BANANAS = { id: 'd4000000-0000-4000-8000-000000000004', cost: 90 };

test('[SCALE-6] offline, a scale’s price label rings up the bananas; online, the server has the line and its cost', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const server = new ServerData(request);
  const register = new RegisterModel(page);
  const tillName = `Catalogue till ${Date.now().toString(36)}`;

  await test.step('sign in, set the device up as a till and let it sync', async () => {
    await register.openAsNewTill(DEMO_CASHIER, tillName, await server.productCount());
  });
  const terminal = await server.terminalNamed(tillName);
  const bananasBefore = await server.onHand(BANANAS.id);

  await context.setOffline(true);
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();

  const receipt = await test.step('offline: scan the label, pay cash, complete', async () => {
    await register.scan(BANANA_LABEL.code);
    await expect(page.getByLabel(`Weight (kg) of ${BANANA_LABEL.product}`)).toHaveValue('1.181');
    await expect(register.total()).toHaveText('€2.35');
    await register.pay();
    await register.cashForTheRest();
    return register.completeSale();
  });

  await context.setOffline(false);
  await register.expectAllSynced();

  const sales = await server.salesOfTerminal(terminal.id);
  expect(sales.map((sale) => [sale.receipt_no, sale.total])).toEqual([[receipt, BANANA_LABEL.price]]);
  const lines = await server.saleLines(sales[0]?.id ?? '');
  expect(lines).toEqual([
    expect.objectContaining({
      product_id: BANANAS.id,
      // 2.35 buys 1.181 kg at 1.99 / kg ([SCALE-6]): stock moves by the weight sold.
      quantity: 1.181,
      unit_price: 199,
      unit_cost: BANANAS.cost,
      total: BANANA_LABEL.price,
    }),
  ]);
  // The server read the label again and found the line it rang up ([SCALE-7]).
  expect(await server.scaleLabelFlags(sales[0]?.id ?? '')).toEqual([]);
  expect(await server.onHand(BANANAS.id)).toBeCloseTo(bananasBefore - 1.181, 3);
});
