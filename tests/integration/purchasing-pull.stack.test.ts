// What tills pull of purchasing (supabase/SPEC.md [PUR-9], [PULL-1], [DEV-12]): members their shop's suppliers,
// settings, documents, lines and receipts; a paired till only its own store's, and a transfer and its lines
// when its store is either end; nobody the history or the stocktake results.
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, test } from 'vitest';
import { pairDevice, type PairedDevice } from '../support/devices';
import { pullAll } from '../support/pull';
import {
  addSupplier,
  insertPurchaseOrder,
  insertPurchaseReceipt,
  insertStocktake,
  insertTransfer,
  insertTransferReceipt,
  type DocumentIds,
} from '../support/purchasing';
import { addStore, createShop, must, nth, type Shop } from '../support/shop';
import { serviceClient } from '../support/supabase';

const PULLED = [
  'suppliers',
  'purchasing_settings',
  'purchase_orders',
  'purchase_order_lines',
  'purchase_receipts',
  'purchase_receipt_lines',
  'transfers',
  'transfer_lines',
  'transfer_receipts',
  'transfer_receipt_lines',
  'stocktakes',
  'stocktake_lines',
] as const;

let shop: Shop;
let other: Shop;
let service: SupabaseClient;
let storeB: string;
let storeC: string;
let orderA: DocumentIds;
let orderB: DocumentIds;
let receiptA: DocumentIds;
let transferAB: DocumentIds;
let transferBC: DocumentIds;
let transferReceiptB: DocumentIds;
let stocktakeA: DocumentIds;
let stocktakeB: DocumentIds;

async function devicePull(client: SupabaseClient, table: string): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  let after: unknown = null;
  for (;;) {
    const page = must<{ rows: Record<string, unknown>[]; next: unknown; has_more: boolean }>(
      await client.rpc('pull_device_changes', { p_table: table, p_after: after, p_limit: 1000 }),
      table,
    );
    rows.push(...page.rows);
    if (!page.has_more) return rows;
    after = page.next;
  }
}

const ids = (rows: readonly { id?: unknown }[]) => rows.map((r) => String(r.id)).sort();
const sorted = (values: readonly string[]) => [...values].sort();

beforeAll(async () => {
  service = serviceClient();
  [shop, other] = await Promise.all([createShop({ products: 3 }), createShop({ products: 1 })]);
  [storeB, storeC] = await Promise.all([addStore(shop, 'Market Square'), addStore(shop, 'Harbour')]);
  const supplier = await addSupplier(service, shop, 'Fresh Fields Produce');
  const product = nth(shop.products, 0).id;
  orderA = await insertPurchaseOrder(service, shop, {
    storeId: shop.storeId,
    supplierId: supplier,
    productIds: [product],
  });
  orderB = await insertPurchaseOrder(service, shop, {
    storeId: storeB,
    supplierId: supplier,
    productIds: [product],
  });
  receiptA = await insertPurchaseReceipt(
    service,
    shop,
    { id: orderA.id, storeId: shop.storeId, lineId: nth(orderA.lineIds, 0), productId: product },
    4,
  );
  transferAB = await insertTransfer(service, shop, { from: shop.storeId, to: storeB, productIds: [product] });
  transferBC = await insertTransfer(service, shop, { from: storeB, to: storeC, productIds: [product] });
  transferReceiptB = await insertTransferReceipt(
    service,
    shop,
    { id: transferAB.id, to: storeB, lineId: nth(transferAB.lineIds, 0), productId: product },
    2,
  );
  stocktakeA = await insertStocktake(service, shop, {
    storeId: shop.storeId,
    productId: product,
    counted: 7,
  });
  stocktakeB = await insertStocktake(service, shop, { storeId: storeB, productId: product, counted: 3 });
  // Another shop's documents, which nobody of this shop may pull.
  const theirs = await addSupplier(service, other, 'Bean & Leaf Coffee');
  await insertPurchaseOrder(service, other, {
    storeId: other.storeId,
    supplierId: theirs,
    productIds: [nth(other.products, 0).id],
  });
}, 120_000);

describe('[PUR-9] members pull', () => {
  test('[PUR-9] [PULL-1] every purchasing table of the shop, and no other shop’s rows', async () => {
    const pulled = Object.fromEntries(
      await Promise.all(
        PULLED.map(async (t) => [t, (await pullAll(shop.cashier.client, t, null)).rows] as const),
      ),
    );
    for (const table of PULLED) {
      expect(
        pulled[table]?.every((r) => r.company_id === shop.companyId),
        table,
      ).toBe(true);
    }
    expect(ids(pulled.purchasing_settings ?? [])).toEqual([shop.companyId]);
    expect(pulled.suppliers?.map((r) => r.name)).toEqual(['Fresh Fields Produce']);
    expect(ids(pulled.purchase_orders ?? [])).toEqual(sorted([orderA.id, orderB.id]));
    expect(ids(pulled.purchase_order_lines ?? [])).toEqual(sorted([...orderA.lineIds, ...orderB.lineIds]));
    expect(ids(pulled.purchase_receipts ?? [])).toEqual([receiptA.id]);
    expect(ids(pulled.purchase_receipt_lines ?? [])).toEqual(receiptA.lineIds);
    expect(ids(pulled.transfers ?? [])).toEqual(sorted([transferAB.id, transferBC.id]));
    expect(ids(pulled.transfer_receipts ?? [])).toEqual([transferReceiptB.id]);
    expect(ids(pulled.stocktakes ?? [])).toEqual(sorted([stocktakeA.id, stocktakeB.id]));
    expect(ids(pulled.stocktake_lines ?? [])).toEqual(sorted([...stocktakeA.lineIds, ...stocktakeB.lineIds]));
  });

  test('[PUR-3] [PUR-9] a receipt’s line moves its order line’s received, and the pull brings the change', async () => {
    const lines = await pullAll(shop.cashier.client, 'purchase_order_lines', null);
    const line = lines.rows.find((r) => r.id === nth(orderA.lineIds, 0));
    expect(line).toMatchObject({ received: 4, held: 0 });
    const transferLine = (await pullAll(shop.cashier.client, 'transfer_lines', null)).rows.find(
      (r) => r.id === nth(transferAB.lineIds, 0),
    );
    expect(transferLine).toMatchObject({ sent: 5, received: 2, damaged: 0, held: 0 });
  });

  test('[PUR-9] the history and the stocktake results are not pulled', async () => {
    for (const table of ['stock_document_events', 'stocktake_results']) {
      const { error } = await shop.cashier.client.rpc('pull_changes', { p_table: table, p_after: null });
      expect(error, table).toMatchObject({ code: '22023', hint: 'unknown_table' });
    }
  });
});

describe('[PUR-9] [DEV-12] a paired till pulls', () => {
  let deviceA: PairedDevice;
  let deviceB: PairedDevice;

  beforeAll(async () => {
    [deviceA, deviceB] = await Promise.all([
      pairDevice(shop.manager, shop.companyId, shop.storeId, 'Counter A'),
      pairDevice(shop.manager, shop.companyId, storeB, 'Counter B'),
    ]);
  }, 60_000);

  test('[PUR-9] [DEV-12] its own store’s orders, receipts and stocktakes, never another store’s', async () => {
    expect(ids(await devicePull(deviceA.client, 'purchase_orders'))).toEqual([orderA.id]);
    expect(ids(await devicePull(deviceA.client, 'purchase_order_lines'))).toEqual(orderA.lineIds);
    expect(ids(await devicePull(deviceA.client, 'purchase_receipts'))).toEqual([receiptA.id]);
    expect(ids(await devicePull(deviceA.client, 'purchase_receipt_lines'))).toEqual(receiptA.lineIds);
    expect(ids(await devicePull(deviceA.client, 'stocktakes'))).toEqual([stocktakeA.id]);
    expect(ids(await devicePull(deviceA.client, 'stocktake_lines'))).toEqual(stocktakeA.lineIds);
    expect(ids(await devicePull(deviceB.client, 'purchase_orders'))).toEqual([orderB.id]);
    expect(await devicePull(deviceB.client, 'purchase_receipts')).toEqual([]);
    expect(ids(await devicePull(deviceB.client, 'stocktakes'))).toEqual([stocktakeB.id]);
  });

  test('[PUR-9] [DEV-12] a transfer and its lines when its store is either end; a receipt at the receiving store', async () => {
    expect(ids(await devicePull(deviceA.client, 'transfers'))).toEqual([transferAB.id]);
    expect(ids(await devicePull(deviceA.client, 'transfer_lines'))).toEqual(transferAB.lineIds);
    expect(await devicePull(deviceA.client, 'transfer_receipts')).toEqual([]);
    expect(ids(await devicePull(deviceB.client, 'transfers'))).toEqual(
      sorted([transferAB.id, transferBC.id]),
    );
    expect(ids(await devicePull(deviceB.client, 'transfer_lines'))).toEqual(
      sorted([...transferAB.lineIds, ...transferBC.lineIds]),
    );
    expect(ids(await devicePull(deviceB.client, 'transfer_receipts'))).toEqual([transferReceiptB.id]);
    expect(ids(await devicePull(deviceB.client, 'transfer_receipt_lines'))).toEqual(transferReceiptB.lineIds);
  });

  test('[PUR-9] [DEV-12] the shop’s suppliers and settings, of its own shop only', async () => {
    expect((await devicePull(deviceA.client, 'suppliers')).map((r) => r.name)).toEqual([
      'Fresh Fields Produce',
    ]);
    expect(ids(await devicePull(deviceA.client, 'purchasing_settings'))).toEqual([shop.companyId]);
  });
});
