import { describe, expect, test } from 'vitest';
import {
  addProduct,
  emptyCart,
  overridePrice,
  removeLine,
  setCartDiscount,
  setCustomer,
  setLineDiscount,
  setNote,
  setQuantity,
  withSaleApproval,
} from './cart-edit';
import { amountOff, percentOff } from './discount';
import { bananas, espresso } from './test-arbitraries';

describe('editing a cart', () => {
  test('[CART-2] scanning a piece product again adds to its line; weighed goods get a line per weighing', () => {
    let cart = addProduct(emptyCart, espresso, 1000, 'l1');
    cart = addProduct(cart, espresso, 1000, 'l2');
    cart = addProduct(cart, bananas, 1255, 'l3');
    cart = addProduct(cart, bananas, 800, 'l4');
    expect(cart.lines.map((line) => [line.lineId, line.quantity])).toEqual([
      ['l1', 2000],
      ['l3', 1255],
      ['l4', 800],
    ]);
  });

  test('[CART-2] a price synced mid-sale starts a new line and leaves the old one as rung up', () => {
    let cart = addProduct(emptyCart, espresso, 1000, 'l1');
    cart = addProduct(cart, { ...espresso, unitPrice: 270 }, 1000, 'l2');
    expect(cart.lines.map((line) => [line.lineId, line.unitPrice, line.quantity])).toEqual([
      ['l1', 250, 1000],
      ['l2', 270, 1000],
    ]);
  });

  test('[CART-2] a discounted line is left alone: the next scan starts a new line', () => {
    let cart = addProduct(emptyCart, espresso, 1000, 'l1');
    cart = setLineDiscount(cart, 'l1', percentOff(5000));
    cart = addProduct(cart, espresso, 1000, 'l2');
    expect(cart.lines.map((line) => line.lineId)).toEqual(['l1', 'l2']);
  });

  test('[SCALE-7] each scale label is its own line: a label never adds to a line, nor a scan to a label’s line', () => {
    const pack = { ...espresso, unitPrice: 235, scaleLabel: '2100001002356' };
    let cart = addProduct(emptyCart, pack, 1000, 'l1');
    cart = addProduct(cart, pack, 1000, 'l2');
    cart = addProduct(cart, { ...espresso, unitPrice: 235 }, 1000, 'l3');
    expect(cart.lines.map((line) => [line.lineId, line.scaleLabel, line.quantity])).toEqual([
      ['l1', pack.scaleLabel, 1000],
      ['l2', pack.scaleLabel, 1000],
      ['l3', undefined, 1000],
    ]);
  });

  test('[CART-3] quantities must be positive, and whole for piece goods', () => {
    const cart = addProduct(addProduct(emptyCart, espresso, 1000, 'l1'), bananas, 500, 'l2');
    expect(setQuantity(cart, 'l1', 3000).lines[0]?.quantity).toBe(3000);
    expect(setQuantity(cart, 'l2', 1234).lines[1]?.quantity).toBe(1234);
    expect(() => setQuantity(cart, 'l1', 1500)).toThrow(/whole/);
    expect(() => setQuantity(cart, 'l1', 0)).toThrow(/more than zero/);
    expect(() => setQuantity(cart, 'nope', 1000)).toThrow(/No line/);
    expect(() => addProduct(cart, espresso, -1000, 'l3')).toThrow(/more than zero/);
  });

  test('[CART-3] discounts, note and customer are set and cleared without touching the lines', () => {
    let cart = addProduct(emptyCart, espresso, 1000, 'l1');
    cart = setCartDiscount(setNote(setCustomer(cart, 'cust-1'), 'no sugar'), amountOff(50));
    expect(cart).toMatchObject({
      note: 'no sugar',
      customerId: 'cust-1',
      discount: { kind: 'amount', amount: 50 },
    });
    cart = setCartDiscount(setNote(setCustomer(cart, undefined), '  '), undefined);
    expect(cart).toEqual({ lines: [{ ...espresso, lineId: 'l1', quantity: 1000 }] });
    expect(() => setCartDiscount(cart, percentOff(10_001))).toThrow(/basis points/);
    expect(() => setLineDiscount(cart, 'l1', amountOff(-1))).toThrow(/negative/);
    expect(
      setLineDiscount(setLineDiscount(cart, 'l1', amountOff(10)), 'l1', undefined).lines[0],
    ).not.toHaveProperty('discount');
    expect(removeLine(cart, 'l1').lines).toEqual([]);
  });

  test('[CART-5] a changed price keeps the price rung up, once; back at it the line is plain; a new scan starts a new line', () => {
    let cart = addProduct(emptyCart, espresso, 1000, 'l1');
    cart = overridePrice(cart, 'l1', 200);
    cart = overridePrice(cart, 'l1', 180);
    expect(cart.lines[0]).toMatchObject({ unitPrice: 180, listPrice: espresso.unitPrice });
    cart = addProduct(cart, espresso, 1000, 'l2');
    expect(cart.lines.map((line) => [line.lineId, line.unitPrice])).toEqual([
      ['l1', 180],
      ['l2', espresso.unitPrice],
    ]);
    cart = overridePrice(cart, 'l1', espresso.unitPrice);
    expect(cart.lines[0]).not.toHaveProperty('listPrice');
    expect(() => overridePrice(cart, 'l1', 0)).toThrow(RangeError);
    expect(() => overridePrice(cart, 'l1', 1.5)).toThrow(RangeError);
  });

  test('[CART-5] the sale id an approval was signed for is drawn once and never replaced', () => {
    const approval = { by: 'a', action: 'price_override', proof: 'p' } as const;
    const cart = withSaleApproval(addProduct(emptyCart, espresso, 1000, 'l1'), 's1', approval);
    expect(cart).toMatchObject({ saleId: 's1', priceApproval: approval });
    expect(withSaleApproval(cart, 's1', null)).toMatchObject({ saleId: 's1', priceApproval: approval });
    expect(() => withSaleApproval(cart, 's2', null)).toThrow(RangeError);
  });
});
