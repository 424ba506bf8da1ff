// A product with variants is not a stock item (supabase/SPEC.md "Variant parents are not stock", [PSTOCK-n]):
// a parent whose own stock stays at zero, with a reorder level its variants inherit, is neither low stock nor
// on the purchase list; its variants are. Through supabase-js as the dashboard and Insights call it.
//   Hoodie (parent, reorder level 2, on hand 0)  Hoodie S received 5 → fine   Hoodie M received 1 → low
import { beforeAll, expect, test } from 'vitest';
import { applyOps, receiveOp } from '../support/ops';
import { createShop, must, shopDay, type Shop } from '../support/shop';

let shop: Shop;
let parentId: string;
const variant: Record<string, string> = {};

type Json = Record<string, unknown>;

beforeAll(async () => {
  shop = await createShop({ products: 1 });
  parentId = must<{ id: string }>(
    await shop.manager.client
      .from('products')
      .insert({
        company_id: shop.companyId,
        name: 'Hoodie',
        sku: 'HD',
        price: 3000,
        cost: 1200,
        tax_rate_bp: 2000,
        track_stock: true,
        reorder_level: 2,
      })
      .select('id')
      .single(),
    'insert parent',
  ).id;
  const saved = must<{ variants: { id: string; option_values: string[] }[] }>(
    await shop.manager.client.rpc('save_product_variants', {
      p_parent: parentId,
      p_option_names: ['Size'],
      p_variants: [
        { option_values: ['S'], sku: 'HD-S', barcode: null, price: 3000, cost: 1200 },
        { option_values: ['M'], sku: 'HD-M', barcode: null, price: 3000, cost: 1200 },
      ],
    }),
    'save grid',
  );
  for (const row of saved.variants) variant[row.option_values.join('/')] = row.id;
  await applyOps(shop.manager.client, [
    receiveOp(shop.storeId, variant.S ?? '', 5),
    receiveOp(shop.storeId, variant.M ?? '', 1),
  ]);
});

test('[PSTOCK-1] the low-stock report lists the low variant, never its parent', async () => {
  const rows = must<{ product_id: string; on_hand: number }[]>(
    await shop.manager.client.rpc('report_low_stock', { p_company: shop.companyId }),
    'report_low_stock',
  );
  const ids = rows.map((row) => row.product_id);
  expect(ids).toContain(variant.M);
  expect(ids).not.toContain(variant.S);
  expect(ids).not.toContain(parentId);
});

test('[PSTOCK-2] the reorder list and the stock figures count the variants, never the parent', async () => {
  const today = new Date();
  const stock = must<{ reorder: Json[]; products: Json[]; totals: Json }>(
    await shop.manager.client.rpc('insight_inventory', {
      p_company: shop.companyId,
      p_from: shopDay(new Date(today.getTime() - 9 * 86_400_000)),
      p_to: shopDay(today),
    }),
    'insight_inventory',
  );
  expect(stock.reorder.map((row) => [row.product_id, row.on_hand, row.order_quantity])).toEqual([
    [variant.M, 1, 1],
  ]);
  const listed = stock.products.map((row) => row.product_id);
  expect(listed).toEqual(expect.arrayContaining([variant.S, variant.M]));
  expect(listed).not.toContain(parentId);
  // Hoodie S and M (6 at 12.00 cost, 30.00 price) and the shop's one product: the parent adds nothing.
  expect(stock.totals).toMatchObject({ to_reorder: 1, value_at_cost: 7200, value_at_price: 18000 });
});

test('[PSTOCK-1] the replaced low-stock report still answers managers only: a cashier and another shop are refused', async () => {
  const cashier = await shop.cashier.client.rpc('report_low_stock', { p_company: shop.companyId });
  expect(cashier.error).toMatchObject({ code: '42501', hint: 'insufficient_role' });
  expect(cashier.data).toBeNull();
  const other = await createShop({ products: 1 });
  const stranger = await other.owner.client.rpc('report_low_stock', { p_company: shop.companyId });
  expect(stranger.error).toMatchObject({ code: '42501', hint: 'not_member' });
});
