// Variants on the server (supabase/SPEC.md §13 [VAR-n]), through supabase-js as the back office calls it: a
// manager saves a parent's grid with save_product_variants, each variant a products row of its own; a cashier
// and another shop's owner are refused; a combination is refused twice; a sale of a variant moves that
// variant's stock; pull_changes carries the links; the demo T-shirt is seeded.
import { beforeAll, describe, expect, test } from 'vitest';
import { DEMO } from '../support/demo';
import { applyOps, onHand, receiveOp, saleOp } from '../support/ops';
import { createShop, demoPerson, must, nth, registerTerminal, type Shop } from '../support/shop';
import { serviceClient } from '../support/supabase';

let shop: Shop;
let other: Shop;

interface Saved {
  created: number;
  updated: number;
  deactivated: number;
  variants: { id: string; option_values: string[] }[];
}

interface VariantProduct {
  id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  price: number;
  cost: number | null;
  active: boolean;
  tax_rate_bp: number;
}

const grid = [
  { option_values: ['S', 'Blue'], sku: 'TS-S-BLU', barcode: '77000011', price: 1500, cost: 600 },
  { option_values: ['S', 'Black'], sku: 'TS-S-BLK', barcode: '77000012', price: 1500, cost: 600 },
  { option_values: ['M', 'Blue'], sku: 'TS-M-BLU', barcode: '77000013', price: 1600, cost: null },
];

let parentId: string;
let saved: Saved;

async function variantProducts(ids: readonly string[]): Promise<VariantProduct[]> {
  const rows = must<VariantProduct[]>(
    await shop.manager.client
      .from('products')
      .select('id, name, sku, barcode, price, cost, active, tax_rate_bp')
      .in('id', ids),
    'read variants',
  );
  return ids.map((id) =>
    nth(
      rows.filter((row) => row.id === id),
      0,
    ),
  );
}

beforeAll(async () => {
  shop = await createShop({ products: 1 });
  other = await createShop({ products: 1 });
  const parent = must<{ id: string }>(
    await shop.manager.client
      .from('products')
      .insert({ company_id: shop.companyId, name: 'T-shirt', sku: 'TS', price: 1500, tax_rate_bp: 2000 })
      .select('id')
      .single(),
    'insert parent',
  );
  parentId = parent.id;
  saved = must<Saved>(
    await shop.manager.client.rpc('save_product_variants', {
      p_parent: parentId,
      p_option_names: ['Size', 'Colour'],
      p_variants: grid,
    }),
    'save grid',
  );
});

describe('[VAR-9] save_product_variants', () => {
  test('a manager creates the parent option names and one products row per variant, named by its values', async () => {
    expect(saved).toMatchObject({ created: 3, updated: 0, deactivated: 0 });
    expect(saved.variants.map((v) => v.option_values)).toEqual(grid.map((row) => row.option_values));
    const parent = must<{ option_names: string[] }>(
      await shop.cashier.client.from('products').select('option_names').eq('id', parentId).single(),
      'read parent',
    );
    expect(parent.option_names).toEqual(['Size', 'Colour']);
    const products = await variantProducts(saved.variants.map((v) => v.id));
    expect(
      products.map(({ name, sku, barcode, price, cost, active, tax_rate_bp }) => ({
        name,
        sku,
        barcode,
        price,
        cost,
        active,
        tax_rate_bp,
      })),
    ).toEqual([
      {
        name: 'T-shirt S / Blue',
        sku: 'TS-S-BLU',
        barcode: '77000011',
        price: 1500,
        cost: 600,
        active: true,
        tax_rate_bp: 2000,
      },
      {
        name: 'T-shirt S / Black',
        sku: 'TS-S-BLK',
        barcode: '77000012',
        price: 1500,
        cost: 600,
        active: true,
        tax_rate_bp: 2000,
      },
      {
        name: 'T-shirt M / Blue',
        sku: 'TS-M-BLU',
        barcode: '77000013',
        price: 1600,
        cost: null,
        active: true,
        tax_rate_bp: 2000,
      },
    ]);
  });

  test('saving again updates rows by id, and deactivates the variants the grid leaves out', async () => {
    const [first, second] = saved.variants;
    const again = must<Saved>(
      await shop.manager.client.rpc('save_product_variants', {
        p_parent: parentId,
        p_option_names: ['Size', 'Colour'],
        p_variants: [
          { ...nth(grid, 0), id: first?.id, price: 1450 },
          { ...nth(grid, 1), id: second?.id },
          { option_values: ['L', 'Blue'], sku: 'TS-L-BLU', barcode: null, price: 1700, cost: 700 },
        ],
      }),
      'save again',
    );
    expect(again).toMatchObject({ created: 1, updated: 2, deactivated: 1 });
    const [one, , dropped] = await variantProducts(saved.variants.map((v) => v.id));
    expect(one?.price).toBe(1450);
    expect(dropped?.active).toBe(false);
    saved = again;
  });

  test('[VAR-5] a combination twice in the grid is refused in words, and nothing is written', async () => {
    const { error } = await shop.manager.client.rpc('save_product_variants', {
      p_parent: parentId,
      p_option_names: ['Size', 'Colour'],
      p_variants: [
        { option_values: ['XL', 'Blue'], sku: 'TS-XL-1', price: 1800 },
        { option_values: ['xl', 'blue'], sku: 'TS-XL-2', price: 1800 },
      ],
    });
    expect(error?.message).toBe('XL / Blue is listed twice (rows 1 and 2)');
    expect(error?.hint).toBe('invalid_variants');
    const { data } = await shop.manager.client.from('products').select('id').eq('sku', 'TS-XL-1');
    expect(data).toEqual([]);
  });

  test('[VAR-5] a direct second link with the same values is refused by the database', async () => {
    const extra = must<{ id: string }>(
      await shop.manager.client
        .from('products')
        .insert({ company_id: shop.companyId, name: 'Stray', sku: 'STRAY', price: 1, tax_rate_bp: 0 })
        .select('id')
        .single(),
      'insert stray',
    );
    const { error } = await shop.manager.client.from('product_variants').insert({
      id: extra.id,
      company_id: shop.companyId,
      parent_id: parentId,
      option_values: ['S', 'Blue'],
    });
    expect(error?.code).toBe('23505');
  });

  test('[VAR-1] a value for each option: a row with one value for two options is refused', async () => {
    const { error } = await shop.manager.client.rpc('save_product_variants', {
      p_parent: parentId,
      p_option_names: ['Size', 'Colour'],
      p_variants: [{ option_values: ['S'], price: 1 }],
    });
    expect(error?.message).toBe('Row 1: needs one value for each option (Size, Colour)');
  });

  test('[VAR-6] a variant cannot have variants of its own', async () => {
    const { error } = await shop.manager.client.rpc('save_product_variants', {
      p_parent: nth(saved.variants, 0).id,
      p_option_names: ['Fit'],
      p_variants: [{ option_values: ['Slim'], price: 1 }],
    });
    expect(error?.message).toBe('"T-shirt S / Blue" is a variant, so it cannot have variants of its own');
  });
});

describe('[VAR-7] who may', () => {
  test('a cashier is refused writing the grid or a link', async () => {
    const { error } = await shop.cashier.client.rpc('save_product_variants', {
      p_parent: parentId,
      p_option_names: ['Size'],
      p_variants: [],
    });
    expect(error?.code).toBe('42501');
    expect(error?.hint).toBe('insufficient_role');
    const link = await shop.cashier.client
      .from('product_variants')
      .update({ position: 9 })
      .eq('id', nth(saved.variants, 0).id)
      .select('id');
    expect(link.data ?? []).toEqual([]);
  });

  test("another shop's owner cannot read the links, save the grid or attach their product", async () => {
    const read = await other.owner.client.from('product_variants').select('id').eq('parent_id', parentId);
    expect(read.data).toEqual([]);
    const save = await other.owner.client.rpc('save_product_variants', {
      p_parent: parentId,
      p_option_names: ['Size'],
      p_variants: [],
    });
    expect(save.error?.code).toBe('42501');
    const theirs = nth(other.products, 0);
    // Into our company: RLS; into theirs with our parent: the composite foreign key.
    const ours = await other.owner.client.from('product_variants').insert({
      id: theirs.id,
      company_id: shop.companyId,
      parent_id: parentId,
      option_values: ['XS', 'Red'],
    });
    expect(ours.error?.code).toBe('42501');
    const cross = await other.owner.client.from('product_variants').insert({
      id: theirs.id,
      company_id: other.companyId,
      parent_id: parentId,
      option_values: ['XS', 'Red'],
    });
    expect(cross.error?.code).toBe('23503');
  });
});

test('[VAR-3] [VAR-8] a sale of a variant moves that variant’s stock, and a sale of the parent is accepted', async () => {
  const till = await registerTerminal(shop.cashier, shop.storeId);
  const [blueS, blackS] = await variantProducts(saved.variants.map((v) => v.id).slice(0, 2));
  if (!blueS || !blackS) throw new Error('variants missing');
  const parent = { id: parentId, name: 'T-shirt', price: 1500, tax_rate_bp: 2000 };
  const received = await applyOps(shop.manager.client, [
    receiveOp(shop.storeId, blueS.id, 5),
    receiveOp(shop.storeId, blackS.id, 3),
  ]);
  expect(received.map((a) => a.status)).toEqual(['applied', 'applied']);
  const answers = await applyOps(shop.cashier.client, [
    saleOp({ terminal: till, lines: [{ product: blueS, quantity: 2 }] }),
    saleOp({ terminal: till, lines: [{ product: parent, quantity: 1 }] }),
  ]);
  expect(answers.map((a) => a.status)).toEqual(['applied', 'applied']);
  expect(await onHand(shop.manager.client, shop.storeId, blueS.id)).toBe(3);
  expect(await onHand(shop.manager.client, shop.storeId, blackS.id)).toBe(3);
});

test('[PULL-1] pull_changes carries the links to a till', async () => {
  const page = must<{ rows: { id: string; parent_id: string; option_values: string[] }[] }>(
    await shop.cashier.client.rpc('pull_changes', {
      p_table: 'product_variants',
      p_after: null,
      p_limit: 1000,
    }),
    'pull',
  );
  const mine = page.rows.filter((row) => row.parent_id === parentId);
  expect(mine.map((row) => row.option_values)).toEqual(
    expect.arrayContaining([
      ['S', 'Blue'],
      ['S', 'Black'],
      ['L', 'Blue'],
    ]),
  );
  const theirs = must<{ rows: unknown[] }>(
    await other.cashier.client.rpc('pull_changes', {
      p_table: 'product_variants',
      p_after: null,
      p_limit: 1000,
    }),
    'pull other',
  );
  expect(theirs.rows).toEqual([]);
});

test('[PULL-7] a variant link removed long ago is purged, and a till pulling from before it resyncs', async () => {
  const before = must<{ next: unknown }>(
    await shop.cashier.client.rpc('pull_changes', {
      p_table: 'product_variants',
      p_after: null,
      p_limit: 1000,
    }),
    'pull before',
  );
  const large = saved.variants.find((variant) => variant.option_values[0] === 'L');
  if (!large) throw new Error('The grid has no L variant');
  const service = serviceClient();
  const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
  must<unknown>(
    await service.from('product_variants').update({ deleted_at: longAgo }).eq('id', large.id),
    'age the link',
  );
  const purged = must<Record<string, number>>(await service.rpc('purge_tombstones', {}), 'purge');
  expect(purged.product_variants).toBeGreaterThanOrEqual(1);
  expect(purged).toHaveProperty('modifier_groups');
  const left = must<unknown[]>(
    await service.from('product_variants').select('id').eq('id', large.id),
    'read',
  );
  expect(left).toEqual([]);
  const after = must<{ resync?: boolean }>(
    await shop.cashier.client.rpc('pull_changes', {
      p_table: 'product_variants',
      p_after: before.next,
      p_limit: 1000,
    }),
    'pull after',
  );
  expect(after.resync).toBe(true);
});

test('[VAR-10] the demo T-shirt comes in S/M/L × Blue/Black, each with its own barcode and stock', async () => {
  const cashier = await demoPerson('cashier');
  const links = must<{ id: string; option_values: string[] }[]>(
    await cashier.client
      .from('product_variants')
      .select('id, option_values')
      .eq('parent_id', DEMO.tshirt.id)
      .order('position'),
    'demo links',
  );
  expect(links.map((link) => link.option_values.join(' / '))).toEqual([
    'S / Blue',
    'S / Black',
    'M / Blue',
    'M / Black',
    'L / Blue',
    'L / Black',
  ]);
  const products = must<{ id: string; barcode: string }[]>(
    await cashier.client
      .from('products')
      .select('id, barcode')
      .in(
        'id',
        links.map((link) => link.id),
      ),
    'demo variants',
  );
  expect(products.map((p) => p.barcode).sort()).toEqual(DEMO.tshirt.variants.map((v) => v.barcode).sort());
  for (const link of links) expect(await onHand(cashier.client, DEMO.storeId, link.id)).toBeGreaterThan(0);
});

describe('[IMP-7] import_products carries variants', () => {
  test('rows with parent_sku and option columns become the parent’s variants in one call', async () => {
    const answer = must<{ created: number; variants_linked: number }>(
      await shop.manager.client.rpc('import_products', {
        p_company: shop.companyId,
        p_rows: [
          { row: 2, sku: 'HOOD', name: 'Hoodie', price: 3000 },
          {
            row: 3,
            sku: 'HOOD-S',
            name: 'Hoodie S',
            price: 3000,
            parent_sku: 'HOOD',
            option1_name: 'Size',
            option1_value: 'S',
          },
          {
            row: 4,
            sku: 'HOOD-M',
            name: 'Hoodie M',
            price: 3200,
            parent_sku: 'hood',
            option1_name: 'Size',
            option1_value: 'M',
          },
        ],
      }),
      'import',
    );
    expect(answer).toMatchObject({ created: 3, variants_linked: 2 });
    const parent = must<{ id: string; option_names: string[] }>(
      await shop.manager.client.from('products').select('id, option_names').eq('sku', 'HOOD').single(),
      'parent',
    );
    expect(parent.option_names).toEqual(['Size']);
    const links = must<{ option_values: string[] }[]>(
      await shop.manager.client
        .from('product_variants')
        .select('option_values')
        .eq('parent_id', parent.id)
        .order('position'),
      'links',
    );
    expect(links.map((link) => link.option_values)).toEqual([['S'], ['M']]);
  });

  test('a combination twice in the file names its row, and nothing is imported', async () => {
    const { error } = await shop.manager.client.rpc('import_products', {
      p_company: shop.companyId,
      p_rows: [
        { row: 2, sku: 'CAP', name: 'Cap', price: 900 },
        {
          row: 3,
          sku: 'CAP-1',
          name: 'Cap red',
          price: 900,
          parent_sku: 'CAP',
          option1_name: 'Colour',
          option1_value: 'Red',
        },
        {
          row: 4,
          sku: 'CAP-2',
          name: 'Cap red',
          price: 900,
          parent_sku: 'CAP',
          option1_name: 'Colour',
          option1_value: 'red',
        },
      ],
    });
    expect(error?.message).toBe('Row 4: Red of "CAP" is also on another row');
    const { data } = await shop.manager.client.from('products').select('id').eq('sku', 'CAP');
    expect(data).toEqual([]);
  });
});
