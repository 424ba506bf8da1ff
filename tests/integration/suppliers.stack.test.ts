// Suppliers (supabase/SPEC.md §6.1 [INS-8]..[INS-11]): who may read and write them, that a product's supplier
// is always one of its own shop's, the reorder list per supplier against figures worked out by hand, and the
// products CSV's `supplier` column ([IMP-9]), all through supabase-js and apply_ops as the app calls them.
//
// The reorder scenario, over the ten days up to today (the shop's time zone), cover 14 days, default lead 7:
//   Apple  supplier Orchard (lead 2)   received 11, sold 10 → on hand 1, 1.00/day, point max(0, 10×2÷10) = 2,
//          order ⌈2 + 10×14÷10 − 1⌉ = 15 at 0.50 = 7.50 (with the default 7 days it would be 20)
//   Pear   no supplier (lead 7)        received 11, sold 10 → on hand 1, point 7, order ⌈7 + 14 − 1⌉ = 20
//   Jam S  variant of Jam, whose supplier is Dairy Co (lead 0): received 5, sold 5 → on hand 0, 0.50/day,
//          point 0, order ⌈0 + 5×14÷10 − 0⌉ = 7
import { beforeAll, describe, expect, test } from 'vitest';
import { applyOps, receiveOp, saleOp } from '../support/ops';
import { createShop, must, registerTerminal, shopDay, type Product, type Shop } from '../support/shop';

let shop: Shop;
let other: Shop;
const ids: Record<string, string> = {};

type Json = Record<string, unknown>;

async function addSupplier(owner: Shop, name: string, lead: number): Promise<string> {
  return must<{ id: string }>(
    await owner.manager.client
      .from('suppliers')
      .insert({ company_id: owner.companyId, name, lead_time_days: lead })
      .select('id')
      .single(),
    `supplier ${name}`,
  ).id;
}

async function addProduct(name: string, fields: Record<string, unknown>): Promise<Product> {
  const product = must<Product>(
    await shop.manager.client
      .from('products')
      .insert({
        company_id: shop.companyId,
        name,
        sku: name.toUpperCase().replace(' ', '-'),
        price: 100,
        tax_rate_bp: 2000,
        ...fields,
      })
      .select('id, name, sku, price, tax_rate_bp, track_stock')
      .single(),
    `product ${name}`,
  );
  ids[name] = product.id;
  return product;
}

beforeAll(async () => {
  [shop, other] = await Promise.all([createShop({ products: 1 }), createShop({ products: 1 })]);
  ids.Orchard = await addSupplier(shop, 'Orchard', 2);
  ids.Dairy = await addSupplier(shop, 'Dairy Co', 0);
  ids.Elsewhere = await addSupplier(other, 'Elsewhere Ltd', 3);
  const apple = await addProduct('Apple', { supplier_id: ids.Orchard, cost: 50 });
  const pear = await addProduct('Pear', {});
  await addProduct('Jam', { supplier_id: ids.Dairy, option_names: ['Size'] });
  const jamSmall = await addProduct('Jam S', {});
  must<unknown>(
    await shop.manager.client.from('product_variants').insert({
      id: jamSmall.id,
      company_id: shop.companyId,
      parent_id: ids.Jam,
      option_values: ['Small'],
    }),
    'variant',
  );
  const till = await registerTerminal(shop.cashier, shop.storeId);
  await applyOps(shop.manager.client, [
    receiveOp(shop.storeId, apple.id, 11),
    receiveOp(shop.storeId, pear.id, 11),
    receiveOp(shop.storeId, jamSmall.id, 5),
  ]);
  const answers = await applyOps(shop.cashier.client, [
    saleOp({ terminal: till, lines: [{ product: apple, quantity: 10 }] }),
    saleOp({ terminal: till, lines: [{ product: pear, quantity: 10 }] }),
    saleOp({ terminal: till, lines: [{ product: jamSmall, quantity: 5 }] }),
  ]);
  expect(answers.map((answer) => answer.status)).toEqual(['applied', 'applied', 'applied']);
});

describe('[INS-8] who reads and writes suppliers', () => {
  test('a manager adds and edits; a cashier reads but cannot write', async () => {
    const id = await addSupplier(shop, 'Bakers Guild', 4);
    const edited = await shop.manager.client
      .from('suppliers')
      .update(
        { email: 'orders@bakers.example', phone: '+33 1 23 45 67 89', lead_time_days: 3 },
        { count: 'exact' },
      )
      .eq('id', id);
    expect(edited.error).toBeNull();
    expect(edited.count).toBe(1);

    const seen = must<{ name: string; lead_time_days: number }[]>(
      await shop.cashier.client.from('suppliers').select('name, lead_time_days').eq('id', id),
      'cashier reads',
    );
    expect(seen).toEqual([{ name: 'Bakers Guild', lead_time_days: 3 }]);

    const inserted = await shop.cashier.client
      .from('suppliers')
      .insert({ company_id: shop.companyId, name: 'Cashier Wholesale' });
    expect(inserted.error?.code).toBe('42501');
    const updated = await shop.cashier.client
      .from('suppliers')
      .update({ lead_time_days: 1 }, { count: 'exact' })
      .eq('id', id);
    expect(updated.count ?? 0).toBe(0);
    const deleted = await shop.owner.client.from('suppliers').delete({ count: 'exact' }).eq('id', id);
    expect(deleted.error?.code === '42501' || deleted.count === 0).toBe(true);
  });

  test('another shop’s owner can neither read nor write this shop’s suppliers', async () => {
    const read = must<unknown[]>(
      await other.owner.client.from('suppliers').select('id').eq('company_id', shop.companyId),
      'stranger reads',
    );
    expect(read).toEqual([]);
    const inserted = await other.owner.client
      .from('suppliers')
      .insert({ company_id: shop.companyId, name: 'Intruder' });
    expect(inserted.error?.code).toBe('42501');
    const updated = await other.owner.client
      .from('suppliers')
      .update({ name: 'Taken over' }, { count: 'exact' })
      .eq('id', ids.Orchard);
    expect(updated.count ?? 0).toBe(0);
  });

  test('names are unique per shop whatever their case, lead times are 0 to 366 days', async () => {
    const twice = await shop.manager.client
      .from('suppliers')
      .insert({ company_id: shop.companyId, name: 'ORCHARD' });
    expect(twice.error?.code).toBe('23505');
    // Another shop may have a supplier of the same name.
    expect(
      (await other.manager.client.from('suppliers').insert({ company_id: other.companyId, name: 'Orchard' }))
        .error,
    ).toBeNull();
    for (const row of [
      { name: 'Too slow', lead_time_days: 367 },
      { name: ' Padded ' },
      { name: '' },
      { name: 'Bad mail', email: 'not an address' },
    ]) {
      const refused = await shop.manager.client
        .from('suppliers')
        .insert({ company_id: shop.companyId, ...row });
      expect(refused.error?.code, JSON.stringify(row)).toBe('23514');
    }
  });
});

describe('[INS-9] a product’s supplier is one of its own shop’s', () => {
  test('another shop’s supplier is refused in words, whoever tries', async () => {
    const mine = await shop.manager.client
      .from('products')
      .update({ supplier_id: ids.Elsewhere })
      .eq('id', ids.Pear);
    expect(mine.error).toMatchObject({
      code: '23503',
      hint: 'unknown_supplier',
      message: "That supplier is not one of this shop's suppliers.",
    });
    // The other shop's owner attaches this shop's supplier to its own product: refused the same way.
    const theirs = await other.owner.client
      .from('products')
      .update({ supplier_id: ids.Orchard })
      .eq('id', other.products[0]?.id ?? '');
    expect(theirs.error).toMatchObject({ code: '23503', hint: 'unknown_supplier' });
    // …and cannot touch this shop's product at all.
    const stranger = await other.owner.client
      .from('products')
      .update({ supplier_id: ids.Elsewhere }, { count: 'exact' })
      .eq('id', ids.Pear);
    expect(stranger.count ?? 0).toBe(0);
    const pear = must<{ supplier_id: string | null }>(
      await shop.manager.client.from('products').select('supplier_id').eq('id', ids.Pear).single(),
      'pear',
    );
    expect(pear.supplier_id).toBeNull();
  });

  test('removing a supplier lets go of its products; its name can be used again', async () => {
    const id = await addSupplier(shop, 'Short Lived', 1);
    const product = await addProduct('Plum', { supplier_id: id });
    must<unknown>(
      await shop.manager.client
        .from('suppliers')
        .update({ deleted_at: new Date().toISOString() })
        .eq('id', id),
      'remove',
    );
    const plum = must<{ supplier_id: string | null }>(
      await shop.manager.client.from('products').select('supplier_id').eq('id', product.id).single(),
      'plum',
    );
    expect(plum.supplier_id).toBeNull();
    const again = await shop.manager.client.from('products').update({ supplier_id: id }).eq('id', product.id);
    expect(again.error).toMatchObject({ hint: 'unknown_supplier' });
    await addSupplier(shop, 'short lived', 1);
  });
});

test('[INS-10] the reorder list names each product’s supplier and uses its lead time', async () => {
  const today = new Date();
  const from = shopDay(new Date(today.getTime() - 9 * 86_400_000));
  const stock = must<{ reorder: Json[]; settings: Json }>(
    await shop.manager.client.rpc('insight_inventory', {
      p_company: shop.companyId,
      p_from: from,
      p_to: shopDay(today),
    }),
    'insight_inventory',
  );
  expect(
    stock.reorder.map((r) => [
      r.name,
      r.supplier_id,
      r.supplier_name,
      r.supplier,
      r.lead_days,
      r.on_hand,
      r.per_day,
      r.reorder_point,
      r.order_quantity,
      r.unit_cost,
      r.order_cost,
    ]),
  ).toEqual([
    ['Pear', null, null, null, 7, 1, 1, 7, 20, null, null],
    ['Apple', ids.Orchard, 'Orchard', 'Orchard', 2, 1, 1, 2, 15, 50, 750],
    ['Jam S', ids.Dairy, 'Dairy Co', 'Dairy Co', 0, 0, 0.5, 0, 7, null, null],
  ]);
  expect(stock.settings).toMatchObject({ lead_days: 7, has_supplier: true });
});

describe('[IMP-9] the products CSV names suppliers', () => {
  const importRows = (rows: Record<string, unknown>[]) =>
    shop.manager.client.rpc('import_products', { p_company: shop.companyId, p_rows: rows });
  const supplierOf = async (sku: string) =>
    must<{ supplier_id: string | null }>(
      await shop.manager.client.from('products').select('supplier_id').eq('sku', sku).single(),
      sku,
    ).supplier_id;

  test('sets a supplier by name whatever its case, clears it with an empty cell', async () => {
    expect(
      (
        await importRows([
          { row: 2, sku: 'PEAR', name: 'Pear', price: 100, supplier: 'orchard' },
          { row: 3, sku: 'IMP-NEW', name: 'Quince', price: 100, supplier: 'Dairy Co' },
        ])
      ).error,
    ).toBeNull();
    expect([await supplierOf('PEAR'), await supplierOf('IMP-NEW')]).toEqual([ids.Orchard, ids.Dairy]);
    expect(
      (await importRows([{ row: 2, sku: 'PEAR', name: 'Pear', price: 100, supplier: '' }])).error,
    ).toBeNull();
    expect(await supplierOf('PEAR')).toBeNull();
    // A row without the column leaves its product's supplier alone.
    expect((await importRows([{ row: 2, sku: 'IMP-NEW', name: 'Quince', price: 120 }])).error).toBeNull();
    expect(await supplierOf('IMP-NEW')).toBe(ids.Dairy);
  });

  test('an unknown name — or another shop’s — is refused by row, nothing applied', async () => {
    const refused = await importRows([
      { row: 2, sku: 'PEAR', name: 'Pear renamed', price: 100, supplier: 'Orchard' },
      { row: 3, sku: 'IMP-NEW', name: 'Quince', price: 100, supplier: 'Elsewhere Ltd' },
    ]);
    expect(refused.error).toMatchObject({
      message: 'Row 3: no supplier named "Elsewhere Ltd"',
      hint: 'invalid_row',
    });
    const pear = must<{ name: string; supplier_id: string | null }>(
      await shop.manager.client.from('products').select('name, supplier_id').eq('sku', 'PEAR').single(),
      'pear',
    );
    expect(pear).toEqual({ name: 'Pear', supplier_id: null });
  });
});
