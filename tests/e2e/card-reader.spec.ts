// Issue 20 in a real browser: the demo cashier sells two croissants, pays part in cash and the rest on the
// till's card reader (the seeded simulated "Counter reader", approved through the local 'Simulated reader'
// panel), completes, and the sale syncs — the server has it once, with a cash and a card tender, and the
// card payment's row linked to that tender (supabase/SPEC.md CARD-7, CARD-10, CARD-14). Offline, 'Card' is
// the external terminal's again and says so (CARD-13).
import { expect, test } from '@playwright/test';
import { RegisterModel } from './page-models/register-page';
import { ServerData } from './page-models/server-data';
import { DEMO_CASHIER, DEMO_PASSWORD } from './page-models/users';
import { CardReaderModel, DEMO_READER, assignReader } from './page-models/card-reader';

const MANAGER = { email: 'manager@demo.test', password: DEMO_PASSWORD };
const CROISSANT = { name: 'Croissant', barcode: '2000000000022' };

test('[CARD-10] cash and the rest on the till’s reader: the sale syncs once with its card payment linked', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const server = new ServerData(request);
  const register = new RegisterModel(page);
  const reader = new CardReaderModel(page);
  const tillName = `Reader till ${Date.now().toString(36)}`;

  await test.step('sign in, set the device up as a till; a manager puts the Counter reader on it', async () => {
    // The stack's Stripe holds the seeded reader from its card_readers row (CARD-14); the reload after the
    // first sync reads the catalogue, and the register asks the server for its reader in the background.
    await register.openAsNewTill(DEMO_CASHIER, tillName, await server.productCount(), async () => {
      await assignReader(request, MANAGER, DEMO_READER.id, (await server.terminalNamed(tillName)).id);
    });
  });

  await test.step('two croissants: 1.00 in cash, the rest approved on the reader', async () => {
    await register.scanUntil(CROISSANT.barcode, CROISSANT.name, 1);
    await register.scanUntil(CROISSANT.barcode, CROISSANT.name, 2);
    await register.pay();
    await page.getByLabel('Amount').fill('1.00');
    await register.cashForTheRest();
    await expect(page.getByTestId('remaining')).toHaveText('€2.60');
    await reader.sendToReader(DEMO_READER.label);
    await expect(page.getByRole('button', { name: 'Complete sale' })).toBeDisabled();
    await expect(reader.simulator()).toBeVisible();
    await reader.present('Approve (4242…)');
    await expect(page.getByText('Approved', { exact: true })).toBeVisible();
    await expect(page.getByTestId('remaining')).toHaveText('€0.00');
  });
  const receipt = await register.completeSale();
  await register.expectAllSynced();

  const terminal = await server.terminalNamed(tillName);
  const sales = await server.salesOfTerminal(terminal.id);
  expect(sales.map((sale) => [sale.receipt_no, sale.total])).toEqual([[receipt, 360]]);
  const saleId = sales[0]?.id ?? '';
  const tenders = await server.paymentRows(saleId);
  expect(tenders.map(({ method, amount }) => ({ method, amount }))).toEqual([
    { method: 'card', amount: 260 },
    { method: 'cash', amount: 100 },
  ]);
  const card = tenders.find((tender) => tender.method === 'card');
  expect(card?.reference).toMatch(/^pi_/);
  // Exactly one payment on the reader for this sale, succeeded and linked to the card tender.
  expect(await server.cardPayments(saleId)).toEqual([
    { status: 'succeeded', amount: 260, payment_intent_id: card?.reference, payment_id: card?.id },
  ]);

  await test.step('[CARD-13] offline, Card is the external terminal’s again, and says so', async () => {
    await register.newSale();
    await context.setOffline(true);
    await register.scanUntil(CROISSANT.barcode, CROISSANT.name, 1);
    await register.pay();
    // Chromium may keep navigator.onLine true here (as on Wi-Fi with no internet): the reader is tried, is
    // unreachable, and 'Card' falls back at once; with the flag false it never tries (the dom tests).
    if ((await reader.cardLine().textContent())?.startsWith('Card: on') === true) {
      await page.getByRole('button', { name: 'Card', exact: true }).click();
    }
    await expect(reader.cardLine()).toHaveText(
      'Offline: take the card on your terminal and type its reference.',
    );
    await register.card('1.80', 'EXT-OFFLINE-1');
    await expect(page.getByTestId('remaining')).toHaveText('€0.00');
    await register.completeSale();
    await context.setOffline(false);
    await register.expectAllSynced();
  });
  const after = await server.salesOfTerminal(terminal.id);
  expect(after).toHaveLength(2);
  expect(await server.paymentRows(after[1]?.id ?? '')).toEqual([
    expect.objectContaining({ method: 'card', amount: 180, reference: 'EXT-OFFLINE-1' }),
  ]);
  expect(await server.cardPayments(after[1]?.id ?? '')).toEqual([]);
});
