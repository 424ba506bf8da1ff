import { describe, expect, test } from 'vitest';
import { priceCart } from './cart';
import { addProduct, emptyCart, setCartDiscount } from './cart-edit';
import { units } from './quantity';
import { settle } from './tender';
import { parseDisplayState } from './customer-display-parse';
import { basketOf, doneOf } from './customer-display';

const RULES = { currency: 'EUR', taxMode: 'inclusive', cashRounding: 1 } as const;
const CROISSANT = {
  productId: 'p1',
  sku: 'CRO',
  name: 'Croissant',
  unitPrice: 250,
  taxRate: 2000,
  weighed: false,
};

describe('what the customer display is sent', () => {
  test('each line at what it costs after discounts, and the total', () => {
    let cart = addProduct(emptyCart, CROISSANT, units(2), 'l1');
    cart = setCartDiscount(cart, { kind: 'percent', rate: 1000 });
    const state = basketOf('cart', priceCart(cart, RULES), 'EUR');
    expect(state).toEqual({
      kind: 'cart',
      shop: null,
      currency: 'EUR',
      lines: [{ id: 'l1', name: 'Croissant', quantity: '2', amount: 450 }],
      discounts: 50,
      total: 450,
      deals: [],
      saved: 0,
    });
    expect(parseDisplayState(state)).toEqual(state);
  });

  test('[COUNTER-12] a weighed line’s quantity carries its unit', () => {
    const bananas = { ...CROISSANT, productId: 'p2', name: 'Bananas', unitPrice: 199, weighed: true };
    const state = basketOf('cart', priceCart(addProduct(emptyCart, bananas, 1181, 'l1'), RULES), 'EUR');
    expect(state.kind === 'cart' ? state.lines : []).toEqual([
      { id: 'l1', name: 'Bananas', quantity: '1.181 kg', amount: 235 },
    ]);
    expect(parseDisplayState(state)).toEqual(state);
  });

  test('an empty cart is the idle screen', () => {
    expect(basketOf('paying', priceCart(emptyCart, RULES), 'EUR')).toEqual({ kind: 'idle', shop: null });
  });

  test('the thank-you carries what was paid and the change', () => {
    const settled = settle(450, [{ method: 'cash', amount: 1000 }], RULES.cashRounding);
    if (!settled.ok) throw new Error(settled.error.message);
    const state = doneOf({ receiptNo: 'T1-000007', settlement: settled.value }, 'EUR');
    expect(state).toEqual({
      kind: 'done',
      shop: null,
      currency: 'EUR',
      receiptNo: 'T1-000007',
      total: 450,
      paid: 1000,
      change: 550,
    });
  });

  test('anything else on the channel is refused', () => {
    expect(parseDisplayState({ kind: 'hello' })).toBeNull();
    expect(parseDisplayState({ kind: 'idle' })).toBeNull();
    expect(
      parseDisplayState({ kind: 'cart', shop: null, currency: 'EUR', lines: [], discounts: 0, total: 0.5 }),
    ).toBeNull();
    expect(parseDisplayState('idle')).toBeNull();
  });
});
