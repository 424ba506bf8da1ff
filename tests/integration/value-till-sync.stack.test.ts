// [VAL-20], [VAL-32] The register's own code against the local stack: a till pulls a gift card and a customer's
// store credit, loses the network, sells something paid partly by the card and partly by the credit (the
// register's completeSale, the balances from its mirror and its own entries), comes back and syncs. The server
// keeps the sale with both entries, flags nothing, and its balances are what the till showed; after the pull
// the till's view comes from the mirror alone (its entries settled), and says the same.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newId } from '../../src/domain/ids';
import { priceCart, type Cart } from '../../src/domain/cart';
import type { LedgerDb } from '../../src/data/local/ledger-db';
import type { MirrorDb } from '../../src/data/local/mirror-db';
import { makeCompleteSale } from '../../src/features/register/payment/complete-sale';
import { registerValueFor, type RegisterValue } from '../../src/features/register/value/register-value';
import { createShop, type Shop } from '../support/shop';
import { registeredTill, type Till } from '../support/sync-stack';
import { addCustomer, customerAccount, giftCard, writeEntry } from '../support/value';
import { balanceOf, flagsOf } from '../support/value-sales';

const RULES = { currency: 'EUR', taxMode: 'inclusive' as const, cashRounding: 1 };
const CODE = 'SYNC-TILL-CARD-0001';

let shop: Shop;
let till: Till;
let ledger: LedgerDb;
let mirror: MirrorDb;
let cardId: string;
let customerId: string;
let creditId: string;

beforeAll(async () => {
  shop = await createShop({ products: 1 });
  cardId = await giftCard(shop, CODE, 2500);
  customerId = await addCustomer(shop, 'Carol Till');
  creditId = await customerAccount(shop, customerId, 'store_credit');
  await writeEntry(shop, creditId, 'refund', 1000);
  ({ till, ledger } = await registeredTill('value', shop.cashier.email, {
    storeId: shop.storeId,
    name: 'Value till',
  }));
  mirror = till.mirror(shop.cashier.id);
});

afterAll(() => {
  ledger.close();
});

function valueOf(): RegisterValue {
  // No remote: what the register does when the server cannot be reached.
  return registerValueFor({ ledger, mirror, companyId: shop.companyId, ids: newId, now: () => Date.now() });
}

describe('[VAL-20] a till spends a gift card and store credit offline, then syncs', () => {
  test('[VAL-32] the server keeps both entries, flags nothing, and its balances are the till’s view', async () => {
    const engine = till.engine(ledger);
    await engine.syncNow();
    const before = valueOf();
    const found = await before.findCard(CODE.toLowerCase());
    if (!found.ok) throw new Error(found.message);
    expect(found.balance.available).toMatchObject({ available: 2500, offline: true });
    expect((await before.customer(customerId)).store_credit.available).toMatchObject({ available: 1000 });

    till.net.offline = true;
    const product = shop.products[0];
    if (!product) throw new Error('no product');
    const quantity = Math.ceil(900 / product.price);
    const cart: Cart = {
      customerId,
      lines: [
        {
          productId: product.id,
          name: product.name,
          sku: product.sku,
          unitPrice: product.price,
          taxRate: product.tax_rate_bp,
          weighed: false,
          lineId: newId(),
          quantity: quantity * 1000,
        },
      ],
    };
    const priced = priceCart(cart, RULES);
    const complete = makeCompleteSale(
      { ledger, ids: newId, clock: () => new Date() },
      {
        companyId: shop.companyId,
        rules: RULES,
        cashierId: null,
        shiftId: null,
        tracksStock: () => true,
        valueSettings: before.settings,
      },
    );
    const credit = (await before.customer(customerId)).store_credit;
    const sold = await complete(cart, priced, [
      {
        method: 'gift_card',
        amount: 300,
        value: { accountId: cardId, code: found.code, balanceSeen: 2500, offline: true },
      },
      {
        method: 'store_credit',
        amount: 200,
        value: { accountId: credit.account.id, balanceSeen: credit.available.available, offline: true },
      },
      { method: 'card', amount: priced.totals.total - 500, reference: 'OFFLINE-1' },
    ]);
    if (!sold.ok) throw new Error(sold.error.message);
    // Offline, the till spends against what it pulled less its own entries.
    const offline = valueOf();
    const cardNow = await offline.findCard(CODE);
    expect(cardNow.ok && cardNow.balance.available.available).toBe(2200);
    expect((await offline.customer(customerId)).store_credit.available.available).toBe(800);

    till.net.offline = false;
    await engine.syncNow();
    expect(await ledger.outbox.count()).toBe(0);
    expect(await ledger.deadLetters.count()).toBe(0);
    expect(await balanceOf(cardId)).toBe(2200);
    expect(await balanceOf(creditId)).toBe(800);
    expect(
      (await flagsOf(shop.companyId, ['overdraw', 'value_account'])).filter(
        (f) => f.sale_id === sold.value.saleId,
      ),
    ).toEqual([]);
    // Pulled past the sale: its entries are settled and the mirror alone says the same.
    await engine.syncNow();
    const entries = await ledger.valueEntries.toArray();
    expect(entries.map((e) => [e.kind, e.delta, e.settled])).toEqual(
      expect.arrayContaining([
        ['redeem', -300, 1],
        ['redeem', -200, 1],
      ]),
    );
    const after = valueOf();
    const cardAfter = await after.findCard(CODE);
    expect(cardAfter.ok && cardAfter.balance.account).toMatchObject({ pulled: 2200, unreflected: [] });
    expect(cardAfter.ok && cardAfter.balance.available.available).toBe(2200);
    const creditAfter = (await after.customer(customerId)).store_credit;
    expect(creditAfter.account).toMatchObject({ pulled: 800, unreflected: [] });
  });
});
