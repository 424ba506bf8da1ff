// Catalogue edits at the counter: offline and failed writes answer plain words and never sync; a write the
// server took asks for a sync; quick keys are read defensively and the next free one is the lowest.
import { describe, expect, test, vi } from 'vitest';
import { pinnedIds } from '../../../domain/ids';
import type { MirrorProduct } from '../../../data/local/mirror-db';
import { needsConnection } from '../../../data/remote/product-writes';
import { freeQuickKey, makeCatalogEdits, quickKeyOf, type ProductWrites } from './catalog-edits';
import { checkNewProduct, parseTaxRate } from '../scanner/unknown-barcode';

const COMPANY = 'e1000000-0000-4000-8000-000000000001';
const product = (id: string, quick_key?: unknown): MirrorProduct => ({
  id,
  company_id: COMPANY,
  category_id: null,
  sku: null,
  barcode: null,
  name: id,
  price: 100,
  tax_rate_bp: 2000,
  track_stock: true,
  active: true,
  weighed: false,
  ...(quick_key === undefined ? {} : { quick_key }),
});

function edits(answer: Awaited<ReturnType<ProductWrites['update']>> | Error, online = true) {
  const send = () => (answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer));
  const writes = { update: vi.fn(send), insert: vi.fn(send) };
  const syncNow = vi.fn();
  const made = makeCatalogEdits({
    writes,
    companyId: COMPANY,
    ids: pinnedIds(),
    syncNow,
    online: () => online,
  });
  return { made, writes, syncNow };
}

describe('catalog edits', () => {
  test('a quick key the server took comes back on the product, and a sync is asked for', async () => {
    const { made, syncNow } = edits({ error: null, count: 1 });
    const answer = await made.setQuickKey(product('a'), 7);
    expect(answer).toMatchObject({ ok: true, value: { id: 'a', quick_key: 7 } });
    expect(syncNow).toHaveBeenCalledOnce();
  });

  test('offline: needs a connection, nothing sent', async () => {
    const { made, writes, syncNow } = edits({ error: null, count: 1 }, false);
    expect(await made.setQuickKey(product('a'), 7)).toEqual({
      ok: false,
      error: { code: 'offline', message: needsConnection() },
    });
    expect(writes.update).not.toHaveBeenCalled();
    expect(syncNow).not.toHaveBeenCalled();
  });

  test('a request that fails on the way says it needs a connection', async () => {
    const { made, syncNow } = edits(new TypeError('Failed to fetch'));
    const answer = await made.addProduct({
      name: 'X',
      price: 1,
      taxRateBp: 0,
      barcode: '1',
      categoryId: null,
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'offline' } });
    expect(syncNow).not.toHaveBeenCalled();
  });

  test('no row changed (RLS hides it from a cashier) is refused in plain words', async () => {
    const { made, syncNow } = edits({ error: null, count: 0 });
    expect(await made.setQuickKey(product('a'), null)).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(syncNow).not.toHaveBeenCalled();
  });

  test('a barcode another product has is named', async () => {
    const { made } = edits({ error: { code: '23505', message: 'duplicate key' } });
    const answer = await made.addProduct({
      name: 'X',
      price: 1,
      taxRateBp: 0,
      barcode: '1',
      categoryId: null,
    });
    expect(answer).toEqual({
      ok: false,
      error: { code: 'duplicate', message: 'Another product already has that barcode.' },
    });
  });

  test('quick keys: only whole numbers 1–999 count; the lowest free one is next', () => {
    expect([3, 0, 1000, 2.5, '4', null].map((key) => quickKeyOf(product('a', key)))).toEqual([
      3,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(freeQuickKey([product('a', 1), product('b', 3), product('c')])).toBe(2);
    expect(freeQuickKey([])).toBe(1);
  });
});

describe('new product form', () => {
  test('tax rates are percentages up to 100 with two decimals', () => {
    expect(['20', '5.5', '7,7', '0', '100 %'].map(parseTaxRate)).toEqual([2000, 550, 770, 0, 10000]);
    expect(['', '101', '-1', '5.555', 'abc'].map(parseTaxRate)).toEqual([null, null, null, null, null]);
  });

  test('the form text becomes the insert, or says what is wrong', () => {
    const fields = { name: ' Oat cookie ', price: '1.80', taxRate: '20', barcode: ' 999 ' };
    expect(checkNewProduct(fields, 'EUR')).toEqual({
      input: { name: 'Oat cookie', price: 180, taxRateBp: 2000, barcode: '999', categoryId: null },
    });
    expect(checkNewProduct({ ...fields, name: '' }, 'EUR')).toEqual({ problem: 'The product needs a name.' });
    expect(checkNewProduct({ ...fields, price: 'x' }, 'EUR')).toMatchObject({ problem: /^Price/ });
    expect(checkNewProduct({ ...fields, barcode: 'a b' }, 'EUR')).toMatchObject({ problem: /barcode/ });
  });
});
