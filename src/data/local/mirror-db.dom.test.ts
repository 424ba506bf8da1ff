// The mirror's schema across versions: a device that synced under version 1 keeps its rows when version 2
// drops the indexes no query uses, so the upgrade needs no new first sync.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, expect, test } from 'vitest';
import { MirrorDb } from './mirror-db';

const NAME = `mirror-upgrade-${crypto.randomUUID()}`;

afterEach(async () => {
  await Dexie.delete(NAME);
});

test('version 1 rows survive the upgrade to version 2, found by the indexes kept', async () => {
  const v1 = new Dexie(NAME);
  v1.version(1).stores({
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
  });
  await v1
    .table('products')
    .put({ id: 'p-1', company_id: 'c-1', name: 'Croissant', barcode: '2000000000022' });
  await v1.table('stockLevels').put({ id: 's-1', store_id: 'st-1', product_id: 'p-1', on_hand: 4 });
  v1.close();

  const mirror = new MirrorDb(NAME);
  expect(mirror.verno).toBe(2);
  expect((await mirror.products.where('company_id').equals('c-1').toArray()).map((row) => row.name)).toEqual([
    'Croissant',
  ]);
  expect(await mirror.stockLevels.where('[store_id+product_id]').equals(['st-1', 'p-1']).count()).toBe(1);
  expect(mirror.products.schema.indexes.map((index) => index.name)).toEqual(['company_id']);
  mirror.close();
});
