// The mirror's schema across versions: a device that synced under version 1 keeps its rows when version 2
// drops the indexes no query uses, and its products get their search keys when version 3 stores them, so no
// upgrade needs a new first sync; version 4 adds the register's catalogue snapshot, empty until written.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, expect, test } from 'vitest';
import { searchKeysOf } from '../../domain/product-search';
import { addSearchKeys, MirrorDb, type MirrorRow } from './mirror-db';

const NAME = `mirror-upgrade-${crypto.randomUUID()}`;

/** The schemas as those versions declared them, written out: what a device of that version has on disk. */
const VERSION_1 = {
  companies: 'id',
  companyMembers: 'id, company_id, user_id',
  stores: 'id, company_id',
  terminals: 'id, company_id, store_id',
  categories: 'id, company_id',
  products: 'id, company_id, barcode, sku, category_id',
  customers: 'id, company_id, email',
  stockLevels: 'id, [store_id+product_id], product_id',
  cursors: 'table',
  meta: 'key',
};
const VERSION_2 = {
  ...VERSION_1,
  products: 'id, company_id',
  customers: 'id, company_id',
  stockLevels: 'id, [store_id+product_id]',
};

afterEach(async () => {
  await Dexie.delete(NAME);
});

test('version 1 rows survive the upgrades, found by the indexes kept', async () => {
  const v1 = new Dexie(NAME);
  v1.version(1).stores(VERSION_1);
  await v1
    .table('products')
    .put({ id: 'p-1', company_id: 'c-1', name: 'Croissant', barcode: '2000000000022' });
  await v1.table('stockLevels').put({ id: 's-1', store_id: 'st-1', product_id: 'p-1', on_hand: 4 });
  v1.close();

  const mirror = new MirrorDb(NAME);
  expect(mirror.verno).toBe(10);
  expect(await mirror.registerCatalog.count()).toBe(0);
  // Version 8's promotions and coupons start empty, until a pull brings them (issue 36).
  expect(await mirror.promotions.count()).toBe(0);
  expect(await mirror.coupons.where('[company_id+code]').equals(['c-1', 'WELCOME10']).count()).toBe(0);
  // Version 9's customer value starts empty too (issue 37), its accounts found by code hash or customer.
  expect(await mirror.valueSettings.count()).toBe(0);
  expect(
    await mirror.valueAccounts
      .where('[company_id+code_hash]')
      .equals(['c-1', 'a'.repeat(64)])
      .count(),
  ).toBe(0);
  expect(await mirror.valueAccounts.where('customer_id').equals('cu-1').count()).toBe(0);
  expect(await mirror.valueBalances.count()).toBe(0);
  expect((await mirror.products.where('company_id').equals('c-1').toArray()).map((row) => row.name)).toEqual([
    'Croissant',
  ]);
  expect(await mirror.stockLevels.where('[store_id+product_id]').equals(['st-1', 'p-1']).count()).toBe(1);
  expect(mirror.products.schema.indexes.map((index) => index.name)).toEqual(['company_id']);
  mirror.close();
});

/** A mirror as version 2 left it: every table, products without search keys. */
async function versionTwoMirror(products: MirrorRow[]): Promise<void> {
  const v2 = new Dexie(NAME);
  v2.version(2).stores(VERSION_2);
  await v2.table('products').bulkPut(products);
  await v2.table('customers').put({ id: 'cu-1', company_id: 'c-1', name: 'Ada' });
  v2.close();
}

test('[PULL-K] the upgrade to version 3 gives every product already there the keys a pull would store', async () => {
  await versionTwoMirror([
    { id: 'p-1', company_id: 'c-1', name: 'Crème brûlée', sku: 'BAK-CRB', barcode: null, price: 450 },
    { id: 'p-2', company_id: 'c-1', name: 'Espresso', sku: null, barcode: '2000000000015', price: 180 },
  ]);

  const mirror = new MirrorDb(NAME);
  const products = await mirror.products.orderBy('id').toArray();
  expect(products.map((row) => row.search_keys)).toEqual([
    searchKeysOf({ name: 'Crème brûlée', sku: 'BAK-CRB', barcode: null }),
    searchKeysOf({ name: 'Espresso', sku: null, barcode: '2000000000015' }),
  ]);
  // The rest of each row is as it was; other tables are untouched.
  expect(products[0]).toMatchObject({ name: 'Crème brûlée', price: 450 });
  expect(await mirror.customers.get('cu-1')).toEqual({ id: 'cu-1', company_id: 'c-1', name: 'Ada' });
  mirror.close();
});

test('[PULL-K] a row without a usable name still gets keys, so the register can index it', () => {
  expect(addSearchKeys({ id: 'p-3', name: 42, sku: 'X-1' }).search_keys).toEqual(
    searchKeysOf({ name: '', sku: 'X-1', barcode: null }),
  );
});
