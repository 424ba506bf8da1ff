import { describe, expect, test } from 'vitest';
import { priceCart } from './cart';
import { addProduct, emptyCart } from './cart-edit';
import { pricingRulesOf, productSnapshot } from './snapshots';

describe('snapshots from mirrored rows', () => {
  test('[CART-4] a product row and a company row are all the cart needs', () => {
    const bananas = productSnapshot({
      id: 'd4000000-0000-4000-8000-000000000004',
      name: 'Bananas (per kg, weighed)',
      sku: 'FRU-BAN',
      price: 199,
      tax_rate_bp: 2000,
      weighed: true,
      // Mirrored rows carry every column; the snapshot keeps only what a sale records.
      ...{ barcode: '2000000000046', track_stock: true },
    });
    const rules = pricingRulesOf({ currency: 'EUR', prices_include_tax: true, cash_rounding: 1 });
    expect(rules).toEqual({ currency: 'EUR', taxMode: 'inclusive', cashRounding: 1 });
    const cart = addProduct(emptyCart, bananas, 1255, 'line-1');
    expect(cart.lines[0]).toEqual({
      lineId: 'line-1',
      productId: 'd4000000-0000-4000-8000-000000000004',
      name: 'Bananas (per kg, weighed)',
      sku: 'FRU-BAN',
      unitPrice: 199,
      taxRate: 2000,
      weighed: true,
      quantity: 1255,
    });
    expect(priceCart(cart, rules).totals).toMatchObject({ total: 250, tax: 42 });
    expect(pricingRulesOf({ currency: 'USD', prices_include_tax: false, cash_rounding: 5 }).taxMode).toBe(
      'exclusive',
    );
  });
});
