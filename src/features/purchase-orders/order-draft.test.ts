import { beforeAll, describe, expect, test } from 'vitest';
import { i18n } from '@lingui/core';
import {
  checkForm,
  lineCost,
  newLine,
  readQuantity,
  readUnitCost,
  stillToCome,
  type OrderForm,
} from './order-draft';
import type { OrderProduct } from './purchase-orders-deps';

const BANANAS: OrderProduct = {
  id: 'p1',
  name: 'Bananas',
  sku: 'FRU-0101',
  weighed: true,
  cost: 90,
  supplierId: 's1',
};
const CARROTS: OrderProduct = {
  id: 'p2',
  name: 'Organic carrots',
  sku: 'FRU-0112',
  weighed: false,
  cost: 60,
  supplierId: 's1',
};
const PRODUCTS = new Map([BANANAS, CARROTS].map((product) => [product.id, product]));

beforeAll(() => {
  if (!i18n.locale) i18n.activate('en');
});

describe('the purchase order form', () => {
  test('a quantity that is not a number, below zero, zero or a fraction of a piece is named in words', () => {
    expect(readQuantity('twelve', CARROTS)).toEqual({ problem: 'Enter a number, like 12 or 2.5' });
    expect(readQuantity('-2', CARROTS)).toEqual({ problem: 'A quantity cannot be below zero' });
    expect(readQuantity('0', CARROTS)).toEqual({ problem: 'Order more than zero, or remove the line' });
    expect(readQuantity('2.5', CARROTS)).toEqual({ problem: 'Organic carrots is counted in whole units' });
    expect(readQuantity('2,5', BANANAS)).toEqual({ value: 2500 });
  });

  test('a unit cost is empty (unknown), an amount, or named in words', () => {
    expect(readUnitCost('', 'EUR')).toEqual({ value: null });
    expect(readUnitCost('0,65', 'EUR')).toEqual({ value: 65 });
    expect(readUnitCost('-1', 'EUR')).toEqual({ problem: 'A cost cannot be below zero' });
    expect(readUnitCost('cheap', 'EUR')).toEqual({ problem: 'Enter a cost, like 0.90' });
  });

  test('a new line is one of the product at its cost; the line cost rounds half up', () => {
    const line = { ...newLine('l1', BANANAS, 'EUR'), quantityText: '2.345' };
    expect(newLine('l1', BANANAS, 'EUR')).toMatchObject({ quantityText: '1', unitCostText: '0.90' });
    expect(lineCost(line, BANANAS, 'EUR')).toBe(211);
    expect(stillToCome(24_000, { received: 12_000, held: 5_000, cancelled: 0 })).toBe(7_000);
    expect(stillToCome(24_000, { received: 30_000, held: 0, cancelled: 0 })).toBe(0);
  });

  test('the form is checked whole: every bad line named, nothing to save until all read', () => {
    const form: OrderForm = {
      supplierId: 's1',
      storeId: 'st1',
      expectedOn: '',
      note: '',
      lines: [
        { ...newLine('l1', BANANAS, 'EUR'), quantityText: 'x' },
        { ...newLine('l2', CARROTS, 'EUR'), unitCostText: '-3' },
      ],
    };
    const bad = checkForm(form, PRODUCTS, 'EUR');
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect([...bad.lines]).toEqual([
      ['l1', { quantity: 'Enter a number, like 12 or 2.5' }],
      ['l2', { unitCost: 'A cost cannot be below zero' }],
    ]);
    const good = checkForm(
      { ...form, lines: [newLine('l1', BANANAS, 'EUR', 10_000), newLine('l2', CARROTS, 'EUR', 24_000)] },
      PRODUCTS,
      'EUR',
    );
    expect(good).toEqual({
      ok: true,
      input: {
        supplierId: 's1',
        storeId: 'st1',
        expectedOn: null,
        note: '',
        lines: [
          { id: 'l1', productId: 'p1', quantity: 10_000, unitCost: 90, offSupplier: false },
          { id: 'l2', productId: 'p2', quantity: 24_000, unitCost: 60, offSupplier: false },
        ],
      },
    });
    expect(checkForm({ ...form, supplierId: '' }, PRODUCTS, 'EUR')).toMatchObject({
      header: 'Choose the supplier.',
    });
  });
});
