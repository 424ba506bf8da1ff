// Issue 21 in a real browser, offline at the counter: a variant of the demo T-shirt by its own barcode (a
// products row of its own, [VAR-3]), a latte with two modifiers chosen in one dialog ([MOD-3]), and a
// price-embedded label the scale printed for the bananas ([SCALE-4], [SCALE-6]). Back online, the sale reaches
// the server once, with its lines as the till recorded them, the latte's options with their prices, the cost
// the server stamped ([SALE-10]), and the stock of the variant sold and of the bananas' weight.
import { expect, test } from '@playwright/test';
import { RegisterModel } from './page-models/register-page';
import { ServerData } from './page-models/server-data';
import { DEMO_CASHIER } from './page-models/users';

/** The demo shop's scale prints prefix 21, a 5-digit item code and a price with 2 decimals (seed.sql). */
const BANANA_LABEL = { code: '2100004002357', product: 'Bananas (per kg, weighed)', price: 235 };
const BANANAS = { id: 'd4000000-0000-4000-8000-000000000004', cost: 90 };
/** "T-shirt M / Blue" of the demo T-shirt (docs/catalogue-and-reports.md "Variants"). */
const TSHIRT_M_BLUE = {
  id: 'd4000000-0000-4000-8000-000000000013',
  name: 'T-shirt M / Blue',
  barcode: '4010000000036',
  price: 1500,
  cost: 600,
};
const LATTE = { id: 'd4000000-0000-4000-8000-0000000000a1', name: 'Latte', cost: 80 };

test('[MOD-3] [SCALE-6] offline: a variant by scan, a latte with two modifiers and a scale’s label; online, the server has it all', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const server = new ServerData(request);
  const register = new RegisterModel(page);
  const tillName = `Catalogue till ${Date.now().toString(36)}`;

  await test.step('sign in, set the device up as a till and let it sync', async () => {
    await register.openAsNewTill(DEMO_CASHIER, tillName, await server.productCount());
  });
  const terminal = await server.terminalNamed(tillName);
  const [shirtsBefore, bananasBefore] = [
    await server.onHand(TSHIRT_M_BLUE.id),
    await server.onHand(BANANAS.id),
  ];

  await context.setOffline(true);
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();

  await test.step('a variant by its own barcode', async () => {
    await register.scanUntil(TSHIRT_M_BLUE.barcode, TSHIRT_M_BLUE.name, 1);
  });

  await test.step('a latte: the milk is asked for first, then oat and an extra shot', async () => {
    await register.search().fill(LATTE.name);
    await page
      .getByRole('button', { name: /^Latte/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: LATTE.name });
    await expect(dialog.getByRole('button', { name: 'Add to sale' })).toBeDisabled();
    await expect(dialog.getByRole('status')).toHaveText('Choose Milk.');
    await dialog.getByRole('button', { name: 'Oat +0.50' }).click();
    await dialog.getByRole('button', { name: 'Extra shot +0.60' }).click();
    await dialog.getByRole('button', { name: 'Add to sale' }).click();
    await expect(page.getByLabel(`Line total for ${LATTE.name}`)).toHaveText('€4.30');
  });

  await test.step('the bananas by the label their scale printed', async () => {
    await register.scan(BANANA_LABEL.code);
    await expect(page.getByLabel(`Weight (kg) of ${BANANA_LABEL.product}`)).toHaveValue('1.181');
  });

  const receipt = await test.step('pay cash and complete, offline', async () => {
    await expect(register.total()).toHaveText('€21.65');
    await register.pay();
    await register.cashForTheRest();
    return register.completeSale();
  });

  await context.setOffline(false);
  await register.expectAllSynced();

  const sales = await server.salesOfTerminal(terminal.id);
  expect(sales.map((sale) => [sale.receipt_no, sale.total])).toEqual([[receipt, 2165]]);
  const saleId = sales[0]?.id ?? '';
  expect(await server.saleLines(saleId)).toEqual([
    expect.objectContaining({
      product_id: TSHIRT_M_BLUE.id,
      quantity: 1,
      unit_price: TSHIRT_M_BLUE.price,
      unit_cost: TSHIRT_M_BLUE.cost,
    }),
    expect.objectContaining({ product_id: LATTE.id, quantity: 1, unit_price: 430, unit_cost: LATTE.cost }),
    // 2.35 buys 1.181 kg at 1.99 / kg ([SCALE-6]): stock moves by the weight sold.
    expect.objectContaining({
      product_id: BANANAS.id,
      quantity: 1.181,
      unit_price: 199,
      unit_cost: BANANAS.cost,
      total: BANANA_LABEL.price,
    }),
  ]);
  expect(await server.saleLineModifiers(saleId)).toEqual([
    { option_name: 'Oat', price_delta: 50 },
    { option_name: 'Extra shot', price_delta: 60 },
  ]);
  // The server read the label again and found the line it rang up ([SCALE-7]).
  expect(await server.scaleLabelFlags(saleId)).toEqual([]);
  // [DERIVE-10] A sale the till built from the demo catalogue: the server re-derives it and flags nothing.
  expect(await server.saleFlags(saleId)).toEqual([]);
  expect(await server.onHand(TSHIRT_M_BLUE.id)).toBe(shirtsBefore - 1);
  expect(await server.onHand(BANANAS.id)).toBeCloseTo(bananasBefore - 1.181, 3);
});
