// The register's catalogue edits against the local stack through supabase-js (src/features/register/
// catalog-edits.ts): a manager sets and clears a quick key and adds a product for an unknown barcode; a
// cashier's update changes no row (RLS) and is refused in plain words; a barcode already in use is named.
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { makeCatalogEdits, productWritesOf } from '../../src/features/register/catalog/catalog-edits';
import type { MirrorProduct } from '../../src/data/local/mirror-db';
import { createShop, must, nth, type Person, type Shop } from '../support/shop';

let shop: Shop;
beforeAll(async () => {
  shop = await createShop();
});

function editsFor(person: Person) {
  const syncNow = vi.fn();
  const edits = makeCatalogEdits({
    writes: productWritesOf(person.client),
    companyId: shop.companyId,
    ids: uuidv7,
    syncNow,
    online: () => true,
  });
  return { edits, syncNow };
}

function mirrorProduct(index: number): MirrorProduct {
  const product = nth(shop.products, index);
  return {
    ...product,
    company_id: shop.companyId,
    category_id: null,
    barcode: null,
    active: true,
    weighed: false,
  };
}

async function quickKeyOnServer(id: string): Promise<unknown> {
  const rows = must<{ quick_key: unknown }[]>(
    await shop.owner.client.from('products').select('quick_key').eq('id', id),
    'read quick_key',
  );
  return nth(rows, 0).quick_key;
}

describe('register catalogue edits on the server', () => {
  test('a manager sets and clears a quick key, and a sync is asked for each time', async () => {
    const { edits, syncNow } = editsFor(shop.manager);
    const product = mirrorProduct(0);
    expect(await edits.setQuickKey(product, 12)).toMatchObject({ ok: true, value: { quick_key: 12 } });
    expect(await quickKeyOnServer(product.id)).toBe(12);
    expect(await edits.setQuickKey(product, null)).toMatchObject({ ok: true, value: { quick_key: null } });
    expect(await quickKeyOnServer(product.id)).toBeNull();
    expect(syncNow).toHaveBeenCalledTimes(2);
  });

  test("a cashier's quick-key change touches no row and is refused", async () => {
    const { edits, syncNow } = editsFor(shop.cashier);
    const product = mirrorProduct(1);
    expect(await edits.setQuickKey(product, 5)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await quickKeyOnServer(product.id)).toBeNull();
    expect(syncNow).not.toHaveBeenCalled();
  });

  test('a manager adds a product for a new barcode; the same barcode again is named', async () => {
    const { edits } = editsFor(shop.manager);
    const input = {
      name: 'Oat cookie',
      price: 180,
      taxRateBp: 2000,
      barcode: '5012345678900',
      categoryId: null,
    };
    const added = await edits.addProduct(input);
    if (!added.ok) throw new Error(added.error.message);
    const rows = must<{ name: string; price: number; barcode: string }[]>(
      await shop.cashier.client.from('products').select('name, price, barcode').eq('id', added.value.id),
      'read the new product',
    );
    expect(rows).toEqual([{ name: 'Oat cookie', price: 180, barcode: '5012345678900' }]);
    expect(await edits.addProduct({ ...input, name: 'Another' })).toMatchObject({
      ok: false,
      error: { code: 'duplicate' },
    });
  });
});
