// Modifiers on the server (supabase/SPEC.md §15, [MOD-1]..[MOD-8]), through supabase-js: managers build groups
// and options and attach them to products, cashiers cannot; a sale line carries its options and the server
// checks its price from them ([MOD-4]), refuses another shop's option ([MOD-5]), records a choice today's
// catalogue disagrees with and flags it ([MOD-6]); the batch and the one-op path store the same rows
// ([MOD-7]); refunds of a modified line and the modifiers report ([MOD-8]).
import { beforeAll, describe, expect, test } from 'vitest';
import { modifiedUnitPrice } from '../../src/domain/modifier-pricing';
import { fetchSales } from '../../src/data/remote/sales';
import { newReceiptToken } from '../../src/domain/receipt-link';
import { anonClient, appClientAs } from '../support/supabase';
import {
  attachGroup as attach,
  modifierGroup as group,
  modifierOption as option,
  type ModifierOption as Option,
} from '../support/modifiers';
import { applyOps, op, refundOp, saleArgs, saleOp } from '../support/ops';
import {
  createShop,
  must,
  nth,
  registerTerminal,
  shopDay,
  type Product,
  type Shop,
  type Terminal,
} from '../support/shop';

interface Catalogue {
  milk: string;
  extras: string;
  whole: Option;
  oat: Option;
  shot: Option;
  syrup: Option;
  latte: Product;
}

let shop: Shop;
let other: Shop;
let till: Terminal;
let cat: Catalogue;
let otherOption: Option;

beforeAll(async () => {
  [shop, other] = await Promise.all([createShop({ products: 2 }), createShop({ products: 1 })]);
  till = await registerTerminal(shop.cashier, shop.storeId);
  const latte = nth(shop.products, 0);
  const milk = await group(shop.manager, shop.companyId, 'Milk', 1, 1);
  const extras = await group(shop.manager, shop.companyId, 'Extras', 0, 2);
  cat = {
    milk,
    extras,
    whole: await option(shop.manager, shop.companyId, milk, 'Whole', 0),
    oat: await option(shop.manager, shop.companyId, milk, 'Oat', 50),
    shot: await option(shop.manager, shop.companyId, extras, 'Extra shot', 60),
    syrup: await option(shop.manager, shop.companyId, extras, 'Vanilla syrup', 40),
    latte,
  };
  await attach(shop.manager, shop.companyId, latte.id, milk, 1);
  await attach(shop.manager, shop.companyId, latte.id, extras, 2);
  const otherGroup = await group(other.manager, other.companyId, 'Milk', 1, 1);
  otherOption = await option(other.manager, other.companyId, otherGroup, 'Oat', 50);
});

/** A sale of the latte with these options, priced by the till's own rule (src/domain/modifier-pricing.ts). */
function latteSale(options: Option[], over: { deltas?: number[]; quantity?: number } = {}) {
  const deltas = over.deltas ?? options.map((o) => o.price_delta);
  const price = modifiedUnitPrice(
    cat.latte.price,
    deltas.map((priceDelta) => ({ priceDelta })),
  );
  const args = saleArgs({
    terminal: till,
    lines: [{ product: { ...cat.latte, price }, quantity: over.quantity ?? 1 }],
  });
  Object.assign(nth(args.lines, 0), {
    base_price: cat.latte.price,
    modifiers: options.map((o, i) => ({ option_id: o.id, price_delta: deltas[i], name: o.name })),
  });
  return args;
}

interface StoredModifier {
  id: string;
  sale_line_id: string;
  position: number;
  option_id: string;
  group_id: string;
  group_name: string;
  option_name: string;
  price_delta: number;
  /** numeric(12,3): PostgREST may send it as a string. */
  quantity: number | string;
}

async function storedModifiers(saleId: string): Promise<StoredModifier[]> {
  return must<StoredModifier[]>(
    await shop.manager.client
      .from('sale_line_modifiers')
      .select(
        'id, sale_line_id, position, option_id, group_id, group_name, option_name, price_delta, quantity',
      )
      .eq('sale_id', saleId)
      .order('position'),
    'read sale_line_modifiers',
  );
}

async function modifierFlags(saleId: string) {
  return must<{ kind: string; detail: { issues?: { issue: string }[] } }[]>(
    await shop.manager.client
      .from('activity_events')
      .select('kind, detail')
      .eq('kind', 'modifier')
      .eq('detail->>subject_id', saleId),
    'read flags',
  );
}

describe('[MOD-2] who may change the modifier catalogue', () => {
  test('a cashier reads the groups but cannot add, change or attach them', async () => {
    const read = must<{ id: string }[]>(
      await shop.cashier.client.from('modifier_groups').select('id').eq('company_id', shop.companyId),
      'cashier reads groups',
    );
    expect(read.map((row) => row.id).sort()).toEqual([cat.milk, cat.extras].sort());
    const insert = await shop.cashier.client
      .from('modifier_groups')
      .insert({ company_id: shop.companyId, name: 'Sauce', min_choices: 0, max_choices: 1 });
    expect(insert.error?.code).toBe('42501');
    const update = await shop.cashier.client
      .from('modifier_options')
      .update({ price_delta: 0 })
      .eq('id', cat.oat.id)
      .select('id');
    expect(update.data ?? []).toEqual([]);
    const attached = await shop.cashier.client
      .from('product_modifier_groups')
      .insert({ company_id: shop.companyId, product_id: nth(shop.products, 1).id, group_id: cat.milk });
    expect(attached.error?.code).toBe('42501');
  });

  test('another shop’s members see none of them, and cannot attach them', async () => {
    const seen = must<unknown[]>(
      await other.manager.client.from('modifier_options').select('id').eq('company_id', shop.companyId),
      'other reads',
    );
    expect(seen).toEqual([]);
    const attached = await other.manager.client
      .from('product_modifier_groups')
      .insert({ company_id: shop.companyId, product_id: cat.latte.id, group_id: cat.milk });
    expect(attached.error).not.toBeNull();
  });

  test('[PULL-1] the till pulls the groups, options and attachments', async () => {
    for (const table of ['modifier_groups', 'modifier_options', 'product_modifier_groups']) {
      const page = must<{ rows: { company_id: string }[] }>(
        await shop.cashier.client.rpc('pull_changes', { p_table: table }),
        `pull ${table}`,
      );
      expect(page.rows.length).toBeGreaterThan(0);
      expect(page.rows.every((row) => row.company_id === shop.companyId)).toBe(true);
    }
  });
});

describe('[MOD-4] a sale line with modifiers', () => {
  test('[RCPT-18] a sale with modifiers, sent alone or between plain sales, gets its one receipt link as any sale does', async () => {
    const modified = { ...latteSale([cat.oat]), receipt_token: newReceiptToken() };
    const plain = {
      ...saleArgs({ terminal: till, lines: [{ product: nth(shop.products, 1), quantity: 1 }] }),
      receipt_token: newReceiptToken(),
    };
    const alone = { ...latteSale([cat.whole]), receipt_token: newReceiptToken() };
    const batch = [op('sale.record', plain), op('sale.record', modified)];
    expect(await applyOps(shop.cashier.client, batch)).toMatchObject([
      { status: 'applied' },
      { status: 'applied' },
    ]);
    expect(await applyOps(shop.cashier.client, [op('sale.record', alone)])).toMatchObject([
      { status: 'applied' },
    ]);
    // Replayed, nothing is linked twice.
    await applyOps(shop.cashier.client, [op('sale.record', alone)]);
    for (const sale of [plain, modified, alone]) {
      const links = must<{ token: string }[]>(
        await shop.manager.client.from('receipt_links').select('token').eq('sale_id', sale.id),
        'receipt_links',
      );
      expect(links).toEqual([{ token: sale.receipt_token }]);
      const receipt = await anonClient().rpc('public_receipt', { p_token: sale.receipt_token });
      expect(receipt.data).toMatchObject({ total: sale.total });
    }
  });

  test('a cashier records a latte with oat and an extra shot: the line and its options are stored', async () => {
    const args = latteSale([cat.oat, cat.shot], { quantity: 2 });
    expect(nth(args.lines, 0).unit_price).toBe(cat.latte.price + 110);
    expect(await applyOps(shop.cashier.client, [op('sale.record', args)])).toMatchObject([
      { status: 'applied' },
    ]);
    const stored = await storedModifiers(args.id);
    expect(
      stored.map(({ option_name, group_name, price_delta, quantity, position }) => ({
        option_name,
        group_name,
        price_delta,
        quantity: Number(quantity),
        position,
      })),
    ).toEqual([
      { option_name: 'Oat', group_name: 'Milk', price_delta: 50, quantity: 2, position: 1 },
      { option_name: 'Extra shot', group_name: 'Extras', price_delta: 60, quantity: 2, position: 2 },
    ]);
    expect(stored.every((row) => row.sale_line_id === nth(args.lines, 0).id)).toBe(true);
    expect(await modifierFlags(args.id)).toEqual([]);
    // The back office's sale page reads them with the line.
    const page = await fetchSales(
      await appClientAs(shop.manager.client),
      shop.companyId,
      { id: args.id },
      { offset: 0, size: 1 },
    );
    expect(page.rows[0]?.lines[0]?.modifiers).toEqual([
      { name: 'Oat', price_delta: 50 },
      { name: 'Extra shot', price_delta: 60 },
    ]);
  });

  test('a unit price that is not the base price plus the deltas is refused', async () => {
    const args = latteSale([cat.oat]);
    Object.assign(nth(args.lines, 0), { base_price: cat.latte.price - 10 });
    const [answer] = await applyOps(shop.cashier.client, [op('sale.record', args)]);
    expect(answer).toMatchObject({ status: 'rejected', error: { code: 'modifier_price_mismatch' } });
    expect(answer?.error?.message).toMatch(
      /lines\[1\]: unit_price is \d+ but base_price \d+ with its modifiers is/,
    );
    const missing = latteSale([cat.oat]);
    Reflect.deleteProperty(nth(missing.lines, 0), 'base_price');
    expect(await applyOps(shop.cashier.client, [op('sale.record', missing)])).toMatchObject([
      { status: 'rejected', error: { code: 'invalid_args' } },
    ]);
  });

  test('[MOD-5] another shop’s option is refused', async () => {
    const args = latteSale([otherOption]);
    expect(await applyOps(shop.cashier.client, [op('sale.record', args)])).toMatchObject([
      { status: 'rejected', error: { code: 'unknown_modifier' } },
    ]);
    expect(await storedModifiers(args.id)).toEqual([]);
  });

  test('[MOD-6] a delta that changed while offline and a missing required group are recorded and flagged', async () => {
    // Sold at the till's old price for oat (40), and without milk (the required group) on the second sale.
    const changed = latteSale([cat.oat], { deltas: [40] });
    const noMilk = latteSale([cat.shot]);
    expect(
      await applyOps(shop.cashier.client, [op('sale.record', changed), op('sale.record', noMilk)]),
    ).toMatchObject([{ status: 'applied' }, { status: 'applied' }]);
    expect((await storedModifiers(changed.id)).map((row) => row.price_delta)).toEqual([40]);
    const [flag] = await modifierFlags(changed.id);
    expect(flag?.detail.issues?.map((issue) => issue.issue)).toEqual(['price_changed']);
    const [missing] = await modifierFlags(noMilk.id);
    expect(missing?.detail.issues?.map((issue) => issue.issue)).toEqual(['choice_count']);
  });
});

describe('[MOD-7] the batch path and the one-op path', () => {
  test('a batch of plain and modified sales stores what the sales sent one at a time store', async () => {
    const plain = nth(shop.products, 1);
    const batch = [
      saleOp({ terminal: till, lines: [{ product: plain, quantity: 1 }] }),
      op('sale.record', latteSale([cat.whole, cat.syrup])),
      saleOp({ terminal: till, lines: [{ product: plain, quantity: 2 }] }),
      op('sale.record', latteSale([cat.whole, cat.oat, cat.shot])),
    ];
    const single = [
      op('sale.record', latteSale([cat.whole, cat.syrup])),
      op('sale.record', latteSale([cat.whole, cat.oat, cat.shot])),
    ];
    const batchAnswers = await applyOps(shop.cashier.client, batch);
    expect(batchAnswers.map((answer) => answer.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    for (const one of single) {
      expect(await applyOps(shop.cashier.client, [one])).toMatchObject([{ status: 'applied' }]);
    }
    const shape = (rows: StoredModifier[]) =>
      rows.map(({ option_id, group_id, group_name, option_name, price_delta, quantity, position }) => ({
        option_id,
        group_id,
        group_name,
        option_name,
        price_delta,
        quantity: Number(quantity),
        position,
      }));
    expect(shape(await storedModifiers(nth(batch, 1).args.id as string))).toEqual(
      shape(await storedModifiers(nth(single, 0).args.id as string)),
    );
    expect(shape(await storedModifiers(nth(batch, 3).args.id as string))).toEqual(
      shape(await storedModifiers(nth(single, 1).args.id as string)),
    );
    // Milk takes one: the second milk is recorded and flagged, on both paths alike.
    expect((await modifierFlags(nth(batch, 3).args.id as string)).length).toBe(1);
    expect((await modifierFlags(nth(single, 1).args.id as string)).length).toBe(1);
    // Sent again, every op is a duplicate, answered in order.
    expect((await applyOps(shop.cashier.client, batch)).map((answer) => answer.status)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
  });
});

describe('[MOD-8] refunds and the report', () => {
  test('a refund of a modified line refunds at the line’s price, and the report counts what is left', async () => {
    const args = latteSale([cat.oat, cat.shot], { quantity: 3 });
    expect(await applyOps(shop.cashier.client, [op('sale.record', args)])).toMatchObject([
      { status: 'applied' },
    ]);
    const refund = refundOp(till, args, [{ line: 0, quantity: 1 }]);
    expect(refund.args.total).toBe(cat.latte.price + 110);
    expect(await applyOps(shop.manager.client, [refund])).toMatchObject([{ status: 'applied' }]);

    const today = shopDay();
    const report = must<
      { option_id: string; option_name: string; quantity: number | string; delta_total: number }[]
    >(
      await shop.manager.client.rpc('report_modifiers', {
        p_company: shop.companyId,
        p_from: today,
        p_to: today,
      }),
      'report_modifiers',
    );
    const oat = report.find((row) => row.option_id === cat.oat.id);
    expect(oat?.option_name).toBe('Oat');
    expect(Number(oat?.quantity)).toBeGreaterThanOrEqual(2);
    const denied = await shop.cashier.client.rpc('report_modifiers', {
      p_company: shop.companyId,
      p_from: today,
      p_to: today,
    });
    expect(denied.error).not.toBeNull();
  });

  test('the report nets a sale and its refund to exactly what is left', async () => {
    const fresh = await createShop({ products: 1 });
    const freshTill = await registerTerminal(fresh.cashier, fresh.storeId);
    const product = nth(fresh.products, 0);
    const milk = await group(fresh.manager, fresh.companyId, 'Milk', 1, 1);
    const soy = await option(fresh.manager, fresh.companyId, milk, 'Soy', 50);
    await attach(fresh.manager, fresh.companyId, product.id, milk, 1);
    const args = saleArgs({
      terminal: freshTill,
      lines: [{ product: { ...product, price: product.price + 50 }, quantity: 4 }],
    });
    Object.assign(nth(args.lines, 0), {
      base_price: product.price,
      modifiers: [{ option_id: soy.id, price_delta: 50 }],
    });
    expect(await applyOps(fresh.cashier.client, [op('sale.record', args)])).toMatchObject([
      { status: 'applied' },
    ]);
    expect(
      await applyOps(fresh.manager.client, [refundOp(freshTill, args, [{ line: 0, quantity: 1 }])]),
    ).toMatchObject([{ status: 'applied' }]);
    const today = shopDay();
    const report = must<
      { option_name: string; group_name: string; quantity: number | string; delta_total: number }[]
    >(
      await fresh.manager.client.rpc('report_modifiers', {
        p_company: fresh.companyId,
        p_from: today,
        p_to: today,
      }),
      'report_modifiers',
    );
    expect(report.map((row) => ({ ...row, quantity: Number(row.quantity) }))).toMatchObject([
      { option_name: 'Soy', group_name: 'Milk', quantity: 3, delta_total: 150 },
    ]);
  });
});
