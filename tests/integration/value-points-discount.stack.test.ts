// [VAL-14] [VAL-T73] Points as a discount, through the register's own code against the local stack: a shop that
// redeems points as a discount, a customer with points pulled to the till, 'Use points' on the cart (the cart's
// pointsDiscount, priced into the lines' discounts) and the register's completeSale; synced, the server keeps
// the sale with one `redeem` of the points, flags nothing, and the customer's points are what the till said.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { newId } from '../../src/domain/ids';
import { priceCart, pointsDue, type Cart } from '../../src/domain/cart';
import { pointsDiscountFor } from '../../src/domain/value/loyalty';
import type { LedgerDb } from '../../src/data/local/ledger-db';
import { makeCompleteSale } from '../../src/features/register/payment/complete-sale';
import { registerValueFor } from '../../src/features/register/value/register-value';
import { createShop, must, type Shop } from '../support/shop';
import { registeredTill, type Till } from '../support/sync-stack';
import { addCustomer, customerAccount } from '../support/value';
import { balanceOf, flagsOf } from '../support/value-sales';
import { serviceClient } from '../support/supabase';

let shop: Shop;
let till: Till;
let ledger: LedgerDb;
let customerId: string;
let pointsId: string;

beforeAll(async () => {
  shop = await createShop({ products: 1 });
  must<unknown>(
    await shop.owner.client
      .from('value_settings')
      .update({ loyalty_enabled: true, loyalty_points_per_major: 1, loyalty_redeem_as: 'discount' })
      .eq('company_id', shop.companyId)
      .select('company_id'),
    'value_settings',
  );
  customerId = await addCustomer(shop, 'Dana Points');
  pointsId = await customerAccount(shop, customerId, 'loyalty', { balance: 300 });
  ({ till, ledger } = await registeredTill('points', shop.cashier.email, {
    storeId: shop.storeId,
    name: 'Points till',
  }));
});

afterAll(() => {
  ledger.close();
});

test('[VAL-14] a sale with points taken off as a discount syncs with no flag and the points balance right', async () => {
  const engine = till.engine(ledger);
  await engine.syncNow();
  const mirror = till.mirror(shop.cashier.id);
  const value = registerValueFor({
    ledger,
    mirror,
    companyId: shop.companyId,
    ids: newId,
    now: () => Date.now(),
  });
  const shopSettings = await value.settings();
  expect(shopSettings.loyalty).toMatchObject({ enabled: true, redeemAs: 'discount' });
  const product = shop.products[0];
  if (!product) throw new Error('no product');
  const rules = { currency: 'EUR', taxMode: 'inclusive' as const, cashRounding: 1 };
  const quantity = Math.ceil(1000 / product.price);
  const plain: Cart = {
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
  const points = (await value.customer(customerId)).loyalty;
  expect(points.available.available).toBe(300);
  const offer = pointsDiscountFor(
    points.available.spendable,
    pointsDue(priceCart(plain, rules)),
    shopSettings.loyalty,
  );
  if (!offer) throw new Error('no points to use');
  const cart: Cart = {
    ...plain,
    pointsDiscount: { ...offer, balanceSeen: points.available.available, offline: points.available.offline },
  };
  const priced = priceCart(cart, rules);
  expect(priced.totals.pointsDiscount).toBe(300);
  const complete = makeCompleteSale(
    { ledger, ids: newId, clock: () => new Date() },
    {
      companyId: shop.companyId,
      rules,
      cashierId: null,
      shiftId: null,
      tracksStock: () => true,
      valueSettings: value.settings,
      value,
    },
  );
  const sold = await complete(cart, priced, [
    { method: 'card', amount: priced.totals.total, reference: 'PTS-1' },
  ]);
  if (!sold.ok) throw new Error(sold.error.message);
  await engine.syncNow();
  expect(await ledger.deadLetters.count()).toBe(0);
  expect(await ledger.outbox.count()).toBe(0);
  const earned = Math.floor(priced.totals.total / 100);
  expect(await balanceOf(pointsId)).toBe(300 - 300 + earned);
  expect(
    (await flagsOf(shop.companyId, ['loyalty', 'overdraw', 'value_account', 'sale_mismatch'])).filter(
      (flag) => flag.sale_id === sold.value.saleId,
    ),
  ).toEqual([]);
  const all = must<{ kind: string; sale_id: string | null }[]>(
    await serviceClient().from('flags').select('kind, sale_id').eq('company_id', shop.companyId),
    'flags',
  );
  expect(all.filter((flag) => flag.sale_id === sold.value.saleId)).toEqual([]);
  const sale = must<{ discount_total: number }>(
    await serviceClient().from('sales').select('discount_total').eq('id', sold.value.saleId).single(),
    'sale',
  );
  expect(sale.discount_total).toBe(300);
});
