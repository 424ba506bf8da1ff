// pull_changes through supabase-js (supabase/SPEC.md §4): keyset pages, only the caller's companies,
// tombstones, malformed requests, and the resync answer after tombstones were purged.
import { beforeAll, expect, test } from 'vitest';
import { applyOps, op, saleArgs } from '../support/ops';
import { pullAll, pullPage } from '../support/pull';
import { createShop, must, nth, registerTerminal } from '../support/shop';
import type { Shop } from '../support/shop';
import { serviceClient } from '../support/supabase';

let shop: Shop;
let other: Shop;

beforeAll(async () => {
  [shop, other] = await Promise.all([createShop({ products: 25 }), createShop({ products: 2 })]);
});

test('[PULL-2] [PULL-5] pages of 10 bring every product once, in (txid, id) order, then an empty page', async () => {
  const { rows, next, pages } = await pullAll(shop.cashier.client, 'products', null, 10);
  expect(pages).toBe(3);
  expect(rows.map((r) => r.id).sort()).toEqual(shop.products.map((p) => p.id).sort());
  const keys = rows.map((r) => [BigInt(r.txid), r.id] as const);
  const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? a[1].localeCompare(b[1]) : a[0] < b[0] ? -1 : 1));
  expect(keys).toEqual(sorted);
  const empty = await pullPage(shop.cashier.client, 'products', next, 10);
  expect(empty).toEqual({ rows: [], next, has_more: false });
});

test('[PULL-4] only the caller’s companies: another company’s rows never arrive', async () => {
  const mine = await pullAll(shop.owner.client, 'products', null);
  const theirs = await pullAll(other.owner.client, 'products', null);
  expect(mine.rows.every((r) => r.company_id === shop.companyId)).toBe(true);
  expect(theirs.rows.map((r) => r.id).sort()).toEqual(other.products.map((p) => p.id).sort());
  const companies = await pullAll(shop.cashier.client, 'companies', null);
  expect(companies.rows.map((r) => r.id)).toEqual([shop.companyId]);
});

test('[PULL-4] [SCHEMA-10] a soft delete comes through the pull as a tombstone', async () => {
  const { next } = await pullAll(shop.cashier.client, 'products', null);
  const gone = nth(shop.products, 3);
  must<unknown>(
    await shop.manager.client
      .from('products')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', gone.id),
    'soft delete',
  );
  const after = await pullAll(shop.cashier.client, 'products', next);
  expect(after.rows.map((r) => [r.id, typeof r.deleted_at])).toEqual([[gone.id, 'string']]);
});

test('[PULL-1] every mirrored table can be pulled, and a sale arrives with its lines, payments and stock', async () => {
  const till = await registerTerminal(shop.cashier, shop.storeId);
  const args = saleArgs({ terminal: till, lines: [{ product: nth(shop.products, 0), quantity: 2 }] });
  expect((await applyOps(shop.cashier.client, [op('sale.record', args)]))[0]?.status).toBe('applied');
  const tables = [
    'companies',
    'company_members',
    'stores',
    'terminals',
    'categories',
    'products',
    'customers',
    'stock_levels',
    'shifts',
    'cash_movements',
    'sales',
    'sale_lines',
    'payments',
    'stock_movements',
    'product_variants',
  ];
  const pulled = Object.fromEntries(
    await Promise.all(
      tables.map(async (t) => [t, (await pullAll(shop.cashier.client, t, null)).rows] as const),
    ),
  );
  expect(pulled.sales?.map((r) => r.id)).toEqual([args.id]);
  expect(pulled.sale_lines?.map((r) => r.sale_id)).toEqual([args.id]);
  expect(pulled.payments).toHaveLength(1);
  expect(pulled.company_members).toHaveLength(3);
  expect(pulled.terminals?.map((r) => r.code)).toContain(till.code);
  expect(pulled.stock_levels).toEqual([
    expect.objectContaining({ product_id: nth(shop.products, 0).id, on_hand: -2 }),
  ]);
});

test('[PULL-1] [PULL-3] an unknown table or a malformed cursor is refused with 22023', async () => {
  await expect(pullPage(shop.cashier.client, 'applied_ops', null)).rejects.toMatchObject({
    code: '22023',
    hint: 'unknown_table',
  });
  await expect(pullPage(shop.cashier.client, 'pg_authid', null)).rejects.toMatchObject({ code: '22023' });
  await expect(pullPage(shop.cashier.client, 'products', { txid: 'abc', id: 'x' })).rejects.toMatchObject({
    code: '22023',
    hint: 'invalid_cursor',
  });
});

test('[PULL-5] the page size is clamped to 1000', async () => {
  const page = await pullPage(shop.cashier.client, 'products', null, 1_000_000);
  expect(page.rows.length).toBeLessThanOrEqual(1000);
  const one = await pullPage(shop.cashier.client, 'products', null, 0);
  expect(one.rows).toHaveLength(1);
});

test('[PULL-6] [PULL-7] a cursor older than purged tombstones is answered resync', async () => {
  const early = await pullPage(shop.cashier.client, 'customers', null);
  const id = crypto.randomUUID();
  const kept = [crypto.randomUUID(), crypto.randomUUID()];
  await applyOps(shop.cashier.client, [
    op('customer.upsert', { id, company_id: shop.companyId, name: 'Old friend' }),
    ...kept.map((k) => op('customer.upsert', { id: k, company_id: shop.companyId, name: 'Still here' })),
  ]);
  const before = await pullAll(shop.cashier.client, 'customers', early.next);
  const service = serviceClient();
  const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
  must<unknown>(
    await service.from('customers').update({ deleted_at: longAgo }).eq('id', id),
    'age the tombstone',
  );
  const purged = must<Record<string, number>>(await service.rpc('purge_tombstones', {}), 'purge');
  expect(purged.customers).toBeGreaterThanOrEqual(1);
  expect(await pullPage(shop.cashier.client, 'customers', before.next)).toEqual({
    rows: [],
    next: null,
    has_more: false,
    resync: true,
  });
  // The re-pull from the start, one row a page, is never sent back to resync itself.
  const ids: string[] = [];
  let page = await pullPage(shop.cashier.client, 'customers', null, 1);
  for (;;) {
    expect(page.resync).toBeUndefined();
    ids.push(...page.rows.map((r) => r.id));
    if (!page.has_more) break;
    page = await pullPage(shop.cashier.client, 'customers', page.next, 1);
  }
  expect(ids).not.toContain(id);
  expect(ids).toEqual(expect.arrayContaining(kept));
  const { error } = await shop.owner.client.rpc('purge_tombstones', {});
  expect(error?.code).toBe('42501');
});
