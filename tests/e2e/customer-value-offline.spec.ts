// Issue 37's "done means" in a real browser: a manager's till sells a €25 gift card online (its code shown
// once), then goes offline and sells three notebooks to Alice Martin, €5 of them on that gift card and the rest
// in cash (the till shows the card's €25.00 before and €20.00 left after, on the receipt too), and refunds
// another sale's croissants to Alice's store credit. Back online, with the outbox empty, the server — read with
// supabase-js as the demo manager, through value_lookup, customer_value, value_statement and list_flags —
// holds the card at €20.00, Alice's store credit and points up by exactly the refund and the sale's points,
// every op applied and nothing flagged about these sales.
import { expect, test, type Page } from '@playwright/test';
import { RecentSalesModel } from './page-models/recent-sales';
import { RegisterModel } from './page-models/register-page';
import { DEMO_COMPANY, ServerData } from './page-models/server-data';
import { mirrorRow } from './page-models/mirror';
import { ValueServer } from './page-models/value-server';
import { LoginPage } from './page-models/login-page';
import { DashboardPage } from './page-models/dashboard-page';
import { ServiceWorkerModel } from './page-models/service-worker';
import { DEMO_PASSWORD } from './page-models/users';

// The server takes refunds from managers and owners only (supabase/SPEC.md §3.2).
const MANAGER = { email: 'manager@demo.test', id: 'd0000000-0000-4000-8000-000000000002' };
// [VAL-36] The demo's customer with store credit (€10.00) and points (350).
const ALICE = { name: 'Alice Martin', id: 'd4700000-0000-4000-8000-000000000001' };
const NOTEBOOK = 'Notebook A5'; // €4.90, quick key 5
const CROISSANT = 'Croissant'; // €1.80, quick key 2

/** Attaches the demo's Alice Martin with the picker's 'Add customer' inside `scope`. */
async function attachAlice(page: Page, scope = page.locator('body')): Promise<void> {
  await scope.getByRole('button', { name: 'Add customer' }).click();
  const picker = page.getByRole('dialog', { name: 'Customer' });
  await picker.getByLabel('Find a customer').fill('Alice');
  await picker.getByRole('button', { name: new RegExp(`^${ALICE.name}`) }).click();
  await expect(picker).toBeHidden();
  await expect(scope.getByLabel('Customer', { exact: true })).toContainText(ALICE.name);
}

test('[VAL-20] a gift card sold online, part spent offline, a refund to store credit offline: the server agrees after sync', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const server = new ServerData(request);
  const register = new RegisterModel(page);
  const recent = new RecentSalesModel(page);
  const tillName = `Value till ${Date.now().toString(36)}`;
  const manager = await ValueServer.signIn(MANAGER.email);
  const since = new Date().toISOString();
  const aliceBefore = await manager.customer(ALICE.id);

  await test.step('sign in as the manager, set the device up as a till and let it sync', async () => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(MANAGER.email, DEMO_PASSWORD);
    await new DashboardPage(page).expectShown('Demo Shop');
    await new ServiceWorkerModel(page).waitUntilControlled();
    await register.goto();
    await register.setUpTill(tillName);
    await register.waitForCatalog(MANAGER.id, await server.productCount());
    // The shop's gift-card amounts and loyalty scheme come with the pull, after the catalogue.
    await expect
      .poll(() => mirrorRow(page, MANAGER.id, 'valueSettings', DEMO_COMPANY), { timeout: 30_000 })
      .toBeDefined();
  });

  const card =
    await test.step('online: sell a €25.00 gift card in cash; its code is shown once', async () => {
      await page.getByRole('button', { name: 'Sell gift card' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sell gift card' });
      await dialog
        .getByRole('group', { name: 'Gift card amounts' })
        .getByRole('button', { name: '€25.00' })
        .click();
      await dialog.getByRole('button', { name: 'Add to cart' }).click();
      const shown = dialog.getByTestId('gift-card-code');
      await expect(shown).toHaveText(/^[A-Z0-9 -]{8,}$/);
      const code = ((await shown.textContent()) ?? '').trim();
      const last4 = code.replace(/[^A-Z0-9]/g, '').slice(-4);
      await expect(dialog).toContainText(`A gift card of €25.00 is in the cart: card ••••${last4}.`);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toBeHidden();
      await expect(register.total()).toHaveText('€25.00');
      await register.pay();
      await register.cashForTheRest();
      const receipt = await register.completeSale();
      await expect(register.receiptTotal()).toHaveText('€25.00');
      await register.newSale();
      return { code, last4, receipt };
    });

  const croissants = await test.step('online: two croissants in cash (the sale refunded later)', async () => {
    await register.addByQuickKey(CROISSANT, 1);
    await register.addByQuickKey(CROISSANT, 2);
    await register.pay();
    await register.cashForTheRest();
    const receipt = await register.completeSale();
    await expect(register.receiptTotal()).toHaveText('€3.60');
    await register.newSale();
    return receipt;
  });
  await register.expectAllSynced();

  await context.setOffline(true);
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();

  const notebooks =
    await test.step('offline: three notebooks for Alice, €5.00 on the gift card, the rest in cash', async () => {
      await register.addByQuickKey(NOTEBOOK, 1);
      await register.oneMore(NOTEBOOK, 2);
      await register.oneMore(NOTEBOOK, 3);
      await expect(register.total()).toHaveText('€14.70');
      await attachAlice(page);
      // [VAL-13] 1 point per euro on what is not a gift card: 14 points.
      await expect(page.getByTestId('cart-points-earned')).toHaveText('14 points');
      await register.pay();
      await page.getByRole('button', { name: 'Pay by gift card…' }).click();
      await page.getByLabel('Gift card code').fill(card.code);
      await page.getByRole('button', { name: 'Find card' }).click();
      await expect(page.getByTestId('gift-card-balance')).toHaveText(
        `Gift card ••••${card.last4}: €25.00 available`,
      );
      await page.getByLabel('Amount', { exact: true }).fill('5.00');
      await page.getByRole('button', { name: 'Gift card', exact: true }).click();
      await register.cashForTheRest();
      const receipt = await register.completeSale();
      await expect(register.receiptTotal()).toHaveText('€14.70');
      await expect(page.getByTestId('receipt-value-left')).toHaveText(
        `Gift card ••••${card.last4}: €20.00 left`,
      );
      // Points earned, then the customer's points after as the till knew them.
      await expect(page.getByTestId('receipt-points')).toHaveText([
        '14',
        String(aliceBefore.loyalty.balance + 14),
      ]);
      await register.newSale();
      return receipt;
    });

  const refund = await test.step("offline: the croissants back to Alice's store credit", async () => {
    await recent.open();
    await recent.row(croissants).click();
    await expect(recent.receipt(croissants)).toBeVisible();
    await recent.openRefund();
    const form = recent.dialog().getByRole('form', { name: `Refund ${croissants}` });
    await form.getByRole('radio', { name: 'Store credit' }).check();
    await attachAlice(page, form);
    return recent.completeRefund(CROISSANT, '2');
  });
  await expect(recent.syncMark(refund, 'Refund')).toBeVisible();

  await context.setOffline(false);
  await register.expectAllSynced(60_000);
  await expect(recent.syncMark(refund, 'Refund')).toBeHidden();

  const terminal = await server.terminalNamed(tillName);
  const sales = await server.salesOfTerminal(terminal.id);
  expect(sales.map((sale) => sale.receipt_no)).toEqual([card.receipt, croissants, notebooks, refund]);
  expect(sales.map((sale) => sale.total)).toEqual([2500, 360, 1470, 360]);

  // Every op the till sent was applied: none rejected, none waiting.
  const ops = await server.opsOfUserSince(MANAGER.id, since);
  expect(ops.filter((op) => op.status !== 'applied')).toEqual([]);
  expect(ops.map((op) => op.name)).toEqual(expect.arrayContaining(['sale.record', 'sale.refund']));

  // [VAL-12] The card: €25.00 sold, €5.00 spent offline, €20.00 left — by its code, and by its ledger.
  const giftCard = await manager.giftCard(card.code);
  expect(giftCard).toMatchObject({ kind: 'gift_card', status: 'active', balance: 2000, available: 2000 });
  const cardStatement = await manager.statement(giftCard.id);
  expect(cardStatement.closing).toBe(2000);
  expect(cardStatement.entries.map(({ kind, delta, receipt_no }) => ({ kind, delta, receipt_no }))).toEqual([
    { kind: 'issue', delta: 2500, receipt_no: card.receipt },
    { kind: 'redeem', delta: -500, receipt_no: notebooks },
  ]);

  // [VAL-15] Alice's store credit grew by the refund; [VAL-13] her points by the notebooks' 14.
  const alice = await manager.customer(ALICE.id);
  expect(alice.store_credit.balance).toBe(aliceBefore.store_credit.balance + 360);
  expect(alice.loyalty.balance).toBe(aliceBefore.loyalty.balance + 14);
  const credit = await manager.statement(alice.store_credit.id);
  expect(credit.entries.filter((entry) => entry.receipt_no === refund)).toEqual([
    { kind: 'refund', delta: 360, receipt_no: refund, tender_method: 'store_credit' },
  ]);

  // [VAL-21] Nothing for managers to look at: no overdraw, no account, no loyalty flag on these sales.
  const ours = new Set(sales.map((sale) => sale.id));
  const flags = (await manager.flagsSince(since)).filter((flag) => flag.sale_id && ours.has(flag.sale_id));
  expect(flags).toEqual([]);
  await manager.signOut();
});
