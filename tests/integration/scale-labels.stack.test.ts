// [SCALE-3] [SCALE-4] A shop's scale label layouts and its products' scale item codes, through the API: the
// owner sets layouts the scale can print and nothing else, in words a person can act on; nobody else may; a
// scale item code names one product of a company; and the demo shop's bananas carry the label docs/hardware.md names.
import { beforeAll, describe, expect, test } from 'vitest';
import { readEmbeddedBarcode, scaleLayoutsOf } from '../../src/domain/embedded-barcode';
import { DEMO } from '../support/demo';
import { createShop, demoPerson, nth, type Shop } from '../support/shop';

const PRICE_21 = { prefix: '21', kind: 'price', item_digits: 5, decimals: 2, value_check_digit: false };

let shop: Shop;
let other: Shop;

beforeAll(async () => {
  [shop, other] = await Promise.all([createShop({ products: 2 }), createShop({ products: 1 })]);
});

async function setLayouts(who: Shop['owner'], companyId: string, layouts: unknown) {
  return who.client
    .from('companies')
    .update({ scale_labels: layouts })
    .eq('id', companyId)
    .select('scale_labels');
}

describe('layouts', () => {
  test('[SCALE-3] the owner sets layouts a scale can print', async () => {
    const { data, error } = await setLayouts(shop.owner, shop.companyId, [
      PRICE_21,
      { prefix: '22', kind: 'weight', item_digits: 4, decimals: 3, value_check_digit: true },
    ]);
    expect(error).toBeNull();
    expect(scaleLayoutsOf(nth(data ?? [], 0).scale_labels)).toHaveLength(2);
  });

  test.each([
    [{ ...PRICE_21, prefix: '19' }, 'A scale label starts with 20 to 29.'],
    [{ ...PRICE_21, item_digits: 7 }, 'The item code has 4, 5 or 6 digits.'],
    [{ ...PRICE_21, decimals: 3 }, 'A price on a label has 0 to 2 decimals.'],
    [
      { ...PRICE_21, item_digits: 6, value_check_digit: true },
      'A price check digit needs a 4- or 5-digit price',
    ],
    [{ ...PRICE_21, kind: 'volume' }, 'A scale label carries a price or a weight.'],
  ])('[SCALE-3] a layout no scale prints is refused in words: %j', async (layout, words) => {
    const { error } = await setLayouts(shop.owner, shop.companyId, [layout]);
    expect(error?.code).toBe('22023');
    expect(error?.message).toContain(words);
  });

  test('[SCALE-3] one layout per prefix, and a currency the layouts do not fit is refused', async () => {
    const twice = await setLayouts(shop.owner, shop.companyId, [PRICE_21, { ...PRICE_21, kind: 'weight' }]);
    expect(twice.error?.message).toBe('Each prefix has one layout.');
    expect((await setLayouts(shop.owner, shop.companyId, [PRICE_21])).error).toBeNull();
    const yen = await shop.owner.client
      .from('companies')
      .update({ currency: 'JPY' })
      .eq('id', shop.companyId);
    expect(yen.error?.message).toBe('A price on a label has 0 to 0 decimals.');
  });

  test('[SCALE-3] a manager, a cashier and another shop’s owner cannot change them', async () => {
    for (const who of [shop.manager, shop.cashier, other.owner]) {
      const { data, error } = await setLayouts(who, shop.companyId, []);
      // RLS hides the row from them: the update reaches nothing and changes nothing.
      expect(error === null ? data : []).toEqual([]);
    }
    const { data } = await shop.owner.client
      .from('companies')
      .select('scale_labels')
      .eq('id', shop.companyId);
    expect(scaleLayoutsOf(nth(data ?? [], 0).scale_labels)).toHaveLength(1);
  });
});

describe('scale item codes', () => {
  test('[SCALE-4] a code names one product of a company, whatever its leading zeros', async () => {
    const [first, second] = [nth(shop.products, 0), nth(shop.products, 1)];
    const set = (id: string, code: string) =>
      shop.manager.client.from('products').update({ scale_code: code }).eq('id', id);
    expect((await set(first.id, '42')).error).toBeNull();
    expect((await set(second.id, '00042')).error?.code).toBe('23505');
    expect((await set(second.id, '4a')).error?.code).toBe('23514');
    // Another company may use the same code.
    const theirs = nth(other.products, 0);
    expect(
      (await other.manager.client.from('products').update({ scale_code: '42' }).eq('id', theirs.id)).error,
    ).toBeNull();
  });

  test('[SCALE-4] the demo bananas are item 4 of the demo scale’s price labels', async () => {
    const owner = await demoPerson('owner');
    const company = await owner.client
      .from('companies')
      .select('currency, scale_labels')
      .eq('id', DEMO.companyId);
    const row = nth(company.data ?? [], 0);
    const read = readEmbeddedBarcode('2100004002357', scaleLayoutsOf(row.scale_labels), String(row.currency));
    expect(read).toMatchObject({ ok: true, value: { itemCode: '00004', price: 235 } });
    const bananas = await owner.client.from('products').select('name').eq('scale_code', '4');
    expect(bananas.data).toEqual([{ name: 'Bananas (per kg, weighed)' }]);
  });
});
