import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Cart } from '../../domain/cart';
import { CartStore } from './cart-store';

let store: CartStore;
let n = 0;
beforeEach(() => {
  n += 1;
  store = new CartStore(`carts-test-${n}`, () => new Date(Date.UTC(2026, 10, 21, 9, 0, n)));
});
afterEach(() => {
  store.close();
});

const cart = (name: string): Cart => ({
  lines: [
    {
      lineId: `line-${name}`,
      productId: `p-${name}`,
      name,
      sku: null,
      unitPrice: 250,
      taxRate: 2000,
      weighed: false,
      quantity: 1000,
    },
  ],
});

test('[CART-STORE-1] the open cart survives closing and reopening the database', async () => {
  await store.saveOpenCart(cart('Espresso'));
  store.close();
  store = new CartStore(`carts-test-${n}`);
  expect((await store.openCart())?.lines[0]?.name).toBe('Espresso');
  expect(await store.hasOpenCart()).toBe(true);
});

test('[CART-STORE-2] an emptied cart means no sale in progress', async () => {
  await store.saveOpenCart(cart('Espresso'));
  await store.saveOpenCart({ lines: [] });
  expect(await store.hasOpenCart()).toBe(false);
  expect(await store.openCart()).toBeUndefined();
});

test('[CART-STORE-3] parking clears the counter; resuming brings the cart back', async () => {
  await store.saveOpenCart(cart('Croissant'));
  await store.park('parked-1', 'Table 4');
  expect(await store.hasOpenCart()).toBe(false);
  expect(await store.resume('parked-1')).toBe('resumed');
  expect((await store.openCart())?.lines[0]?.name).toBe('Croissant');
  await store.park('parked-2', 'Table 5');
  expect(await store.resume('parked-1')).toBe('not_found');
});

test('[CART-STORE-4] resuming never overwrites a cart that is open', async () => {
  await store.saveOpenCart(cart('Croissant'));
  await store.park('parked-1', 'Table 4');
  await store.saveOpenCart(cart('Espresso'));
  expect(await store.resume('parked-1')).toBe('counter_busy');
  expect((await store.openCart())?.lines[0]?.name).toBe('Espresso');
});
