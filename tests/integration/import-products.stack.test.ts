// import_products (supabase/SPEC.md §8): a whole CSV file creates or updates products by SKU in one server
// transaction, through supabase-js as the products screen calls it; a bad row anywhere leaves nothing applied.
import { beforeAll, expect, inject, test } from 'vitest';
import { createShop, must, type Shop } from '../support/shop';

let shop: Shop;

beforeAll(async () => {
  shop = await createShop({ products: 2 });
});

interface ProductRow {
  sku: string;
  name: string;
  price: number;
  barcode: string | null;
  tax_rate_bp: number;
  track_stock: boolean;
  reorder_level: number | null;
  category_id: string | null;
}

async function productsBySku(owner: Shop, companyId = owner.companyId): Promise<Map<string, ProductRow>> {
  const rows: ProductRow[] = [];
  // PostgREST pages at 1,000 rows; read until a short page.
  for (let from = 0; ; from += 1000) {
    const page = must<ProductRow[]>(
      await owner.manager.client
        .from('products')
        .select('sku, name, price, barcode, tax_rate_bp, track_stock, reorder_level, category_id')
        .eq('company_id', companyId)
        .order('id')
        .range(from, from + 999),
      'read products',
    );
    rows.push(...page);
    if (page.length < 1000) break;
  }
  return new Map(rows.map((row) => [row.sku.toLowerCase(), row]));
}

test('[IMP-6] creates new SKUs, updates existing ones case-insensitively and makes named categories', async () => {
  const answer = must<{ created: number; updated: number; categories_created: number }>(
    await shop.manager.client.rpc('import_products', {
      p_company: shop.companyId,
      p_rows: [
        { row: 2, sku: 'p-1', name: 'Renamed one', price: 999, category: 'Drinks' },
        {
          row: 3,
          sku: 'NEW-1',
          name: 'New thing',
          price: 450,
          barcode: '12345678',
          category: 'drinks',
          tax_rate_bp: 550,
          track_stock: false,
          reorder_level: 2.5,
        },
      ],
    }),
    'import',
  );
  expect(answer).toEqual({ created: 1, updated: 1, categories_created: 1 });
  const products = await productsBySku(shop);
  const renamed = products.get('p-1');
  // Columns the row did not carry keep their values (barcode, tax rate).
  expect(renamed).toMatchObject({ name: 'Renamed one', price: 999, barcode: '99000001', tax_rate_bp: 2000 });
  expect(products.get('new-1')).toMatchObject({
    price: 450,
    tax_rate_bp: 550,
    track_stock: false,
    reorder_level: 2.5,
    category_id: renamed?.category_id,
  });
  expect(renamed?.category_id).not.toBeNull();
});

test('[IMP-2] a bad row anywhere raises with its row number and nothing of the file is applied', async () => {
  const before = await productsBySku(shop);
  const { error } = await shop.manager.client.rpc('import_products', {
    p_company: shop.companyId,
    p_rows: [
      { row: 2, sku: 'P-2', name: 'Changed', price: 1 },
      { row: 3, sku: 'LATE-1', name: 'Would be new', price: 10 },
      { row: 7, sku: 'BAD-1', name: 'Bad price', price: -5 },
    ],
  });
  expect(error?.message).toBe('Row 7: price must be a whole number of minor units from 0 to 10^12');
  expect(error?.hint).toBe('invalid_row');
  const after = await productsBySku(shop);
  expect(after).toEqual(before);
});

test('[IMP-3] duplicate SKUs and barcodes within the file are named by row', async () => {
  const sku = await shop.manager.client.rpc('import_products', {
    p_company: shop.companyId,
    p_rows: [
      { row: 2, sku: 'DUP', name: 'A', price: 1 },
      { row: 3, sku: 'dup', name: 'B', price: 1 },
    ],
  });
  expect(sku.error?.message).toBe('Row 3: SKU "dup" is also on row 2');
  const barcode = await shop.manager.client.rpc('import_products', {
    p_company: shop.companyId,
    p_rows: [
      { row: 2, sku: 'X1', name: 'A', price: 1, barcode: '555' },
      { row: 3, sku: 'X2', name: 'B', price: 1, barcode: '555' },
    ],
  });
  expect(barcode.error?.message).toBe('Row 3: barcode "555" is also on row 2');
});

test('[IMP-4] a barcode another product holds is refused', async () => {
  const { error } = await shop.manager.client.rpc('import_products', {
    p_company: shop.companyId,
    p_rows: [{ row: 2, sku: 'OTHER', name: 'Other', price: 1, barcode: '99000002' }],
  });
  expect(error?.message).toMatch(/^Row 2: barcode "99000002" already belongs to "/);
});

test('[IMP-6] [COST-1] a cost column sets, keeps or clears the cost; a bad one names its row', async () => {
  const costs = async () => {
    const rows = must<{ sku: string; cost: number | null }[]>(
      await shop.manager.client
        .from('products')
        .select('sku, cost')
        .eq('company_id', shop.companyId)
        .in('sku', ['COST-A', 'COST-B']),
      'read costs',
    );
    return Object.fromEntries(rows.map((row) => [row.sku, row.cost]));
  };
  const run = (rows: unknown[]) =>
    shop.manager.client.rpc('import_products', { p_company: shop.companyId, p_rows: rows });
  expect(
    (
      await run([
        { sku: 'COST-A', name: 'Cost A', price: 300, cost: 120 },
        { sku: 'COST-B', name: 'Cost B', price: 300, cost: null },
      ])
    ).error,
  ).toBeNull();
  expect(await costs()).toEqual({ 'COST-A': 120, 'COST-B': null });
  // No cost column: the cost stays; null clears it.
  await run([{ sku: 'COST-A', name: 'Cost A', price: 310 }]);
  expect(await costs()).toEqual({ 'COST-A': 120, 'COST-B': null });
  await run([{ sku: 'COST-A', name: 'Cost A', price: 310, cost: null }]);
  expect(await costs()).toEqual({ 'COST-A': null, 'COST-B': null });
  const bad = await run([{ row: 7, sku: 'COST-B', name: 'Cost B', price: 300, cost: 1.5 }]);
  expect(bad.error?.hint).toBe('invalid_row');
  expect(bad.error?.message).toMatch(/^Row 7: cost must be/);
});

test('[IMP-1] cashiers may not import', async () => {
  const { error } = await shop.cashier.client.rpc('import_products', {
    p_company: shop.companyId,
    p_rows: [{ sku: 'C-1', name: 'Nope', price: 1 }],
  });
  expect(error?.code).toBe('42501');
});

// The full 50,000 rows on PostgreSQL (`npm run test:pg`); in-process PGlite, which every later stack test
// shares, takes minutes for that, so `npm test` checks the same all-or-nothing rule with 5,000.
const BULK = inject('stackDatabase') === 'postgres' ? 50_000 : 5_000;

test(`[IMP-6] ${BULK.toLocaleString('en')} rows import in one call, and a bad last row leaves them all unapplied`, async () => {
  const big = await createShop({ products: 1 });
  const rows = Array.from({ length: BULK }, (_, i) => ({
    row: i + 2,
    sku: `BULK-${i}`,
    name: `Bulk product ${i}`,
    price: 100 + (i % 900),
    barcode: `77${String(i).padStart(8, '0')}`,
    category: `Group ${i % 20}`,
    tax_rate_bp: 2000,
  }));
  const bad = [...rows, { row: BULK + 2, sku: 'BULK-LAST', name: 'Broken', price: 1, tax_rate_bp: 10_001 }];
  const refused = await big.manager.client.rpc('import_products', { p_company: big.companyId, p_rows: bad });
  expect(refused.error?.message).toBe(
    `Row ${String(BULK + 2)}: tax rate must be 0 to 10000 basis points (0 to 100 %)`,
  );
  const before = await big.manager.client
    .from('products')
    .select('id', { count: 'exact', head: true })
    .eq('company_id', big.companyId);
  expect(before.count).toBe(1);

  const answer = must<{ created: number; updated: number }>(
    await big.manager.client.rpc('import_products', { p_company: big.companyId, p_rows: rows }),
    'big import',
  );
  expect(answer).toMatchObject({ created: BULK, updated: 0, categories_created: 20 });
  const { count, error } = await big.manager.client
    .from('products')
    .select('id', { count: 'exact', head: true })
    .eq('company_id', big.companyId);
  expect(error).toBeNull();
  expect(count).toBe(BULK + 1);
}, 400_000);

test('[IMP-8] a file sets, moves and clears scale item codes; a code held elsewhere or twice is named by row', async () => {
  const codes = async () =>
    new Map(
      must<{ sku: string; scale_code: string | null }[]>(
        await shop.manager.client.from('products').select('sku, scale_code').eq('company_id', shop.companyId),
        'read codes',
      ).map((row) => [row.sku, row.scale_code]),
    );
  const importRows = (rows: Record<string, unknown>[]) =>
    shop.manager.client.rpc('import_products', { p_company: shop.companyId, p_rows: rows });

  expect(
    (
      await importRows([
        { row: 2, sku: 'SC-1', name: 'Ham', price: 100, scale_code: '00041' },
        { row: 3, sku: 'SC-2', name: 'Cheese', price: 100, scale_code: '42' },
      ])
    ).error,
  ).toBeNull();
  expect([(await codes()).get('SC-1'), (await codes()).get('SC-2')]).toEqual(['00041', '42']);

  // Swapped in one file: each code leaves its product before it lands on the other.
  expect(
    (
      await importRows([
        { row: 2, sku: 'SC-1', name: 'Ham', price: 100, scale_code: '42' },
        { row: 3, sku: 'SC-2', name: 'Cheese', price: 100, scale_code: '41' },
      ])
    ).error,
  ).toBeNull();
  expect([(await codes()).get('SC-1'), (await codes()).get('SC-2')]).toEqual(['42', '41']);

  const held = await importRows([{ row: 5, sku: 'SC-3', name: 'Salami', price: 100, scale_code: '0042' }]);
  expect(held.error?.message).toBe('Row 5: scale item code 0042 already belongs to "Ham"');
  expect(held.error?.hint).toBe('invalid_row');
  const twice = await importRows([
    { row: 2, sku: 'SC-4', name: 'Olives', price: 100, scale_code: '7' },
    { row: 3, sku: 'SC-5', name: 'Feta', price: 100, scale_code: '007' },
  ]);
  expect(twice.error?.message).toBe('Row 3: scale item code 007 is also on another row');
  const bad = await importRows([{ row: 4, sku: 'SC-1', name: 'Ham', price: 100, scale_code: '12a' }]);
  expect(bad.error?.message).toBe('Row 4: scale item code "12a" is not 1 to 6 digits');
  // Nothing of a refused file is applied: SC-3 to SC-5 were never made.
  expect([...(await codes()).keys()].filter((sku) => /^SC-[345]$/.test(sku))).toEqual([]);

  expect(
    (await importRows([{ row: 2, sku: 'SC-1', name: 'Ham', price: 100, scale_code: '' }])).error,
  ).toBeNull();
  expect((await codes()).get('SC-1')).toBeNull();
  // A file without the column leaves codes alone.
  expect((await importRows([{ row: 2, sku: 'SC-2', name: 'Cheese', price: 120 }])).error).toBeNull();
  expect((await codes()).get('SC-2')).toBe('41');
});

test('[IMP-8] a cashier, or another shop’s owner, cannot set a shop’s scale item codes by import', async () => {
  const other = await createShop({ products: 1 });
  const rows = [{ row: 2, sku: 'P-1', name: 'Product 1', price: 100, scale_code: '77' }];
  const asCashier = await shop.cashier.client.rpc('import_products', {
    p_company: shop.companyId,
    p_rows: rows,
  });
  expect(asCashier.error?.code).toBe('42501');
  const asStranger = await other.owner.client.rpc('import_products', {
    p_company: shop.companyId,
    p_rows: rows,
  });
  expect(asStranger.error?.code).toBe('42501');
  const { data } = await shop.manager.client
    .from('products')
    .select('scale_code')
    .eq('company_id', shop.companyId)
    .eq('scale_code', '77');
  expect(data).toEqual([]);
});
