// Sales with modifiers on the batch path ([OPS-15], [MOD-7], issue 39): a batch of café sales — right and
// wrong option prices, a removed and an inactive option, variants taking their parent's groups, an open item,
// a customer, a base price with no option, a line with more than ten disagreements — is recorded together,
// and every sale stores exactly what its twin sent through the one-op path stores: the sale_line_modifiers
// rows, the `modifier` activity flag and its issues in order, the DERIVE flags, the lines, the stock moved and
// one receipt link. The twin takes the one-op path because its `total` is written 1234.0: a value the batch's
// checks do not read plainly (private.plain_sales), which private.apply_op reads as 1234 — nothing else
// differs. Sent again, the batch is all duplicates and nothing is written twice. On PostgreSQL the functions
// a batch calls are counted (pg_stat_xact_user_functions): one private.record_sales, no op_sale_record.
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { modifiedUnitPrice } from '../../src/domain/modifier-pricing';
import { newReceiptToken } from '../../src/domain/receipt-link';
import {
  attachGroup,
  modifierGroup,
  modifierOption,
  type ModifierOption as Option,
} from '../support/modifiers';
import { applyOneByOne, callsOf, oneByOneBody, withCountedCalls } from '../support/batch-path';
import { applyOps, op, saleArgs, type Answer } from '../support/ops';
import {
  createShop,
  must,
  nth,
  registerTerminal,
  type Product,
  type Shop,
  type Terminal,
} from '../support/shop';
import { serviceClient } from '../support/supabase';

interface Catalogue {
  milk: string;
  extras: string;
  whole: Option;
  oat: Option;
  soy: Option;
  shot: Option;
  syrup: Option;
  /** Removed after it was sold on the till ([MOD-6] option_unavailable). */
  hazelnut: Option;
  /** Switched off in the back office. */
  caramel: Option;
  latte: Product;
  plain: Product;
  /** Two variants of a cup whose parent asks for milk, and has no groups of their own ([VAR-3]). */
  small: Product;
  large: Product;
}

let shop: Shop;
let till: Terminal;
let cat: Catalogue;
let customerId: string;

const group = (name: string, min: number, max: number, position: number) =>
  modifierGroup(shop.manager, shop.companyId, name, min, max, position);
const option = (groupId: string, name: string, delta: number) =>
  modifierOption(shop.manager, shop.companyId, groupId, name, delta);
const attach = (productId: string, groupId: string, position: number) =>
  attachGroup(shop.manager, shop.companyId, productId, groupId, position);

async function cupVariants(milk: string): Promise<[Product, Product]> {
  const parentId = must<{ id: string }>(
    await shop.manager.client
      .from('products')
      .insert({ company_id: shop.companyId, name: 'Cup', sku: 'CUP', price: 300, tax_rate_bp: 2000 })
      .select('id')
      .single(),
    'parent',
  ).id;
  await attach(parentId, milk, 1);
  const saved = must<{ variants: { id: string }[] }>(
    await shop.manager.client.rpc('save_product_variants', {
      p_parent: parentId,
      p_option_names: ['Size'],
      p_variants: [
        { option_values: ['S'], sku: 'CUP-S', barcode: null, price: 280, cost: 90 },
        { option_values: ['L'], sku: 'CUP-L', barcode: null, price: 360, cost: 110 },
      ],
    }),
    'variants',
  );
  const rows = must<Product[]>(
    await shop.manager.client
      .from('products')
      .select('id, name, sku, price, tax_rate_bp, track_stock')
      .in(
        'id',
        saved.variants.map((v) => v.id),
      )
      .order('price'),
    'variant rows',
  );
  return [nth(rows, 0), nth(rows, 1)];
}

beforeAll(async () => {
  shop = await createShop({ products: 2 });
  till = await registerTerminal(shop.cashier, shop.storeId);
  const milk = await group('Milk', 1, 1, 1);
  const extras = await group('Extras', 0, 2, 2);
  const [small, large] = await cupVariants(milk);
  cat = {
    milk,
    extras,
    whole: await option(milk, 'Whole', 0),
    oat: await option(milk, 'Oat', 50),
    soy: await option(milk, 'Soy', 50),
    shot: await option(extras, 'Extra shot', 60),
    syrup: await option(extras, 'Vanilla syrup', 40),
    hazelnut: await option(extras, 'Hazelnut', 70),
    caramel: await option(extras, 'Caramel', 30),
    latte: nth(shop.products, 0),
    plain: nth(shop.products, 1),
    small,
    large,
  };
  await attach(cat.latte.id, milk, 1);
  await attach(cat.latte.id, extras, 2);
  must(
    await shop.manager.client
      .from('modifier_options')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', cat.hazelnut.id)
      .select('id'),
    'remove hazelnut',
  );
  must(
    await shop.manager.client
      .from('modifier_options')
      .update({ active: false })
      .eq('id', cat.caramel.id)
      .select('id'),
    'switch caramel off',
  );
  customerId = must<{ id: string }>(
    await shop.manager.client
      .from('customers')
      .insert({ company_id: shop.companyId, name: 'Regular' })
      .select('id')
      .single(),
    'customer',
  ).id;
});

/** One line of a case: a product (null: an open item), its options, the deltas the till charged for them. */
interface CaseLine {
  product: Product | null;
  options?: Option[];
  deltas?: number[];
  quantity?: number;
  /** A base price sent with no option at all. */
  baseOnly?: boolean;
}

interface Case {
  name: string;
  lines: CaseLine[];
  customer?: boolean;
  /** The issues of its `modifier` flag, in order ([MOD-6]). */
  issues: string[];
}

const openItem: Product = {
  id: '',
  name: 'Open item',
  sku: '',
  price: 250,
  tax_rate_bp: 2000,
  track_stock: false,
};

function cases(): Case[] {
  const allWrong: CaseLine = {
    product: cat.latte,
    options: [cat.whole, cat.oat, cat.shot, cat.syrup],
    deltas: [5, 1, 2, 3],
  };
  return [
    {
      name: 'oat and a shot, two of them',
      lines: [{ product: cat.latte, options: [cat.oat, cat.shot], quantity: 2 }],
      issues: [],
    },
    {
      name: 'oat at the old price',
      lines: [{ product: cat.latte, options: [cat.oat], deltas: [40] }],
      issues: ['price_changed'],
    },
    { name: 'no milk', lines: [{ product: cat.latte, options: [cat.shot] }], issues: ['choice_count'] },
    {
      name: 'two milks',
      lines: [{ product: cat.latte, options: [cat.whole, cat.oat] }],
      issues: ['choice_count'],
    },
    {
      name: 'a removed and a switched-off option',
      lines: [
        { product: cat.latte, options: [cat.whole, cat.hazelnut] },
        { product: cat.latte, options: [cat.soy, cat.caramel] },
      ],
      issues: ['option_unavailable', 'option_unavailable'],
    },
    {
      name: 'variants take their parent’s milk; extras are not the cup’s',
      lines: [
        { product: cat.small, options: [cat.soy] },
        { product: cat.large, options: [cat.shot], quantity: 3 },
      ],
      // The groups in their order (position): milk chosen none, then extras, not the cup's.
      issues: ['choice_count', 'group_not_on_product'],
    },
    {
      name: 'a customer, and a plain line beside the latte',
      lines: [{ product: cat.latte, options: [cat.whole, cat.syrup] }, { product: cat.plain }],
      customer: true,
      issues: [],
    },
    {
      name: 'an open item with oat',
      lines: [{ product: null, options: [cat.oat] }],
      issues: ['group_not_on_product'],
    },
    {
      name: 'a base price and no option',
      lines: [{ product: cat.latte, baseOnly: true }],
      issues: ['choice_count'],
    },
    {
      name: 'more than ten disagreements: the first ten',
      lines: [allWrong, allWrong, allWrong],
      issues: [
        ...['price_changed', 'price_changed', 'price_changed', 'price_changed', 'choice_count'],
        ...['price_changed', 'price_changed', 'price_changed', 'price_changed', 'choice_count'],
      ],
    },
    { name: 'a plain sale', lines: [{ product: cat.plain, quantity: 2 }], issues: [] },
  ];
}

/** The sale a till records for a case: each line priced by the till's rule (src/domain/modifier-pricing.ts). */
function caseArgs(c: Case) {
  const args = saleArgs({
    terminal: till,
    ...(c.customer ? { customerId } : {}),
    lines: c.lines.map((line) => {
      const product = line.product ?? openItem;
      const options = line.options ?? [];
      const deltas = line.deltas ?? options.map((o) => o.price_delta);
      const price =
        options.length > 0 || line.baseOnly
          ? modifiedUnitPrice(
              product.price,
              deltas.map((priceDelta) => ({ priceDelta })),
            )
          : product.price;
      return { product: { ...product, price }, quantity: line.quantity ?? 1 };
    }),
  });
  c.lines.forEach((line, i) => {
    const sent = nth(args.lines, i) as unknown as Record<string, unknown>;
    if (line.product === null) sent.product_id = null;
    const options = line.options ?? [];
    if (options.length === 0 && !line.baseOnly) return;
    const deltas = line.deltas ?? options.map((o) => o.price_delta);
    Object.assign(sent, {
      base_price: (line.product ?? openItem).price,
      ...(options.length > 0
        ? { modifiers: options.map((o, k) => ({ option_id: o.id, price_delta: deltas[k], name: o.name })) }
        : {}),
    });
  });
  const withToken: typeof args & { receipt_token: string } = { ...args, receipt_token: newReceiptToken() };
  return withToken;
}

interface Stored {
  modifiers: unknown[];
  activity: unknown[];
  flags: unknown[];
  lines: unknown[];
  moves: unknown[];
  links: number;
}

/** What the server stored for a sale, with the ids that differ between twins replaced by line numbers. */
async function stored(args: ReturnType<typeof caseArgs>): Promise<Stored> {
  const db = serviceClient();
  const lineNo = new Map(args.lines.map((line, i) => [line.id, i + 1]));
  const renamed = (text: string) =>
    [...lineNo].reduce(
      (out, [id, n]) => out.replaceAll(id, `line${String(n)}`),
      text.replaceAll(args.id, 'sale').replaceAll(String(args.receipt_no), 'receipt'),
    );
  const [modifiers, activity, flags, lines, moves, links] = await Promise.all([
    db
      .from('sale_line_modifiers')
      .select('sale_line_id, position, option_id, group_id, group_name, option_name, price_delta, quantity')
      .eq('sale_id', args.id)
      .order('sale_line_id')
      .order('position'),
    db
      .from('activity_events')
      .select('kind, detail, verified')
      .eq('detail->>subject_id', args.id)
      .order('kind'),
    db.from('flags').select('kind, dedupe_key, detail').eq('sale_id', args.id).order('dedupe_key'),
    db
      .from('sale_lines')
      .select('line_no, product_id, quantity, unit_price, discount, tax, total, unit_cost')
      .eq('sale_id', args.id)
      .order('line_no'),
    db.from('stock_movements').select('product_id, delta, reason').eq('sale_id', args.id).order('product_id'),
    db.from('receipt_links').select('token').eq('sale_id', args.id),
  ]);
  const parse = (rows: unknown[]) => JSON.parse(renamed(JSON.stringify(rows))) as unknown[];
  return {
    modifiers: parse(must<unknown[]>(modifiers, 'modifiers')),
    activity: parse(must<unknown[]>(activity, 'activity')),
    flags: parse(must<unknown[]>(flags, 'flags')),
    lines: must<unknown[]>(lines, 'lines'),
    moves: must<unknown[]>(moves, 'moves'),
    links: must<unknown[]>(links, 'links').length,
  };
}

const issuesOf = (s: Stored): string[] =>
  s.activity.flatMap((event) => {
    const { kind, detail } = event as { kind: string; detail: { issues?: { issue: string }[] } };
    return kind === 'modifier' ? (detail.issues ?? []).map((issue) => issue.issue) : [];
  });

describe('[OPS-15] [MOD-7] sales with modifiers on the batch path', () => {
  test('a batch of café sales stores what each sale stores when it goes through the one-op path', async () => {
    const all = cases();
    const batch = all.map((c) => op('sale.record', caseArgs(c)));
    const twins = all.map((c) => op('sale.record', caseArgs(c)));
    const answers = await applyOps(shop.cashier.client, batch);
    expect(answers.map((a) => a.status)).toEqual(all.map(() => 'applied'));
    const twinAnswers: Answer[] = [];
    for (const twin of twins) twinAnswers.push(await applyOneByOne(shop.cashier, twin));
    expect(twinAnswers.map((a) => a.status)).toEqual(all.map(() => 'applied'));
    // Stock warnings name the same products (the levels differ: the twins sold after the batch).
    const warned = (a: Answer) => (a.warnings ?? []).map((w) => [w.code, w.product_id]);
    expect(answers.map(warned)).toEqual(twinAnswers.map(warned));

    for (const [i, c] of all.entries()) {
      const [inBatch, alone] = await Promise.all([
        stored(nth(batch, i).args as ReturnType<typeof caseArgs>),
        stored(nth(twins, i).args as ReturnType<typeof caseArgs>),
      ]);
      expect(inBatch, c.name).toEqual(alone);
      expect(issuesOf(inBatch), c.name).toEqual(c.issues);
      expect(inBatch.links, c.name).toBe(1);
      const options = c.lines.reduce((n, line) => n + (line.options?.length ?? 0), 0);
      expect(inBatch.modifiers.length, c.name).toBe(options);
    }
  });

  test('what the modifiers rows say: names, groups, deltas as charged, the line’s quantity, positions', async () => {
    const args = caseArgs({
      name: 'oat at the old price and a shot, three of them',
      lines: [{ product: cat.latte, options: [cat.oat, cat.shot], deltas: [40, 60], quantity: 3 }],
      issues: [],
    });
    expect(await applyOps(shop.cashier.client, [op('sale.record', args)])).toMatchObject([
      { status: 'applied' },
    ]);
    const { modifiers } = await stored(args);
    expect(
      modifiers.map((row) => ({
        ...(row as object),
        quantity: Number((row as { quantity: unknown }).quantity),
      })),
    ).toEqual([
      {
        sale_line_id: 'line1',
        position: 1,
        option_id: cat.oat.id,
        group_id: cat.milk,
        group_name: 'Milk',
        option_name: 'Oat',
        price_delta: 40,
        quantity: 3,
      },
      {
        sale_line_id: 'line1',
        position: 2,
        option_id: cat.shot.id,
        group_id: cat.extras,
        group_name: 'Extras',
        option_name: 'Extra shot',
        price_delta: 60,
        quantity: 3,
      },
    ]);
  });

  test('a sale the checks doubt goes to the one-op path in its place, answered as before; the others go together', async () => {
    const good = caseArgs(nth(cases(), 0));
    const mismatch = caseArgs(nth(cases(), 0));
    Object.assign(nth(mismatch.lines, 0), { base_price: cat.latte.price - 10 });
    const stranger = caseArgs(nth(cases(), 0));
    const sent = nth(stranger.lines, 0) as unknown as { modifiers: { option_id: string }[] };
    nth(sent.modifiers, 0).option_id = uuidv7();
    const twice = caseArgs({
      name: 'oat twice',
      lines: [{ product: cat.latte, options: [cat.oat, cat.oat] }],
      issues: [],
    });
    const noBase = caseArgs(nth(cases(), 0));
    Reflect.deleteProperty(nth(noBase.lines, 0), 'base_price');
    const after = caseArgs(nth(cases(), 1));
    const answers = await applyOps(
      shop.cashier.client,
      [good, mismatch, stranger, twice, noBase, after].map((args) => op('sale.record', args)),
    );
    expect(answers).toMatchObject([
      { status: 'applied' },
      { status: 'rejected', error: { code: 'modifier_price_mismatch' } },
      { status: 'rejected', error: { code: 'unknown_modifier' } },
      { status: 'rejected', error: { code: 'invalid_args' } },
      { status: 'rejected', error: { code: 'invalid_args' } },
      { status: 'applied' },
    ]);
    expect(nth(answers, 3).error?.message).toMatch(/chosen twice on one line/);
    expect(nth(answers, 4).error?.message).toMatch(/base_price is required with modifiers/);
    expect((await stored(good)).modifiers).toHaveLength(2);
    expect(issuesOf(await stored(after))).toEqual(['price_changed']);
    for (const refused of [mismatch, stranger, twice, noBase]) {
      expect((await stored(refused)).modifiers).toEqual([]);
    }
  });

  test('sent again, the batch is all duplicates and nothing is written twice', async () => {
    const batch = cases().map((c) => op('sale.record', caseArgs(c)));
    expect((await applyOps(shop.cashier.client, batch)).map((a) => a.status)).toEqual(
      batch.map(() => 'applied'),
    );
    const before = await Promise.all(batch.map((o) => stored(o.args as ReturnType<typeof caseArgs>)));
    const onHand = async () =>
      must<{ product_id: string; on_hand: unknown }[]>(
        await serviceClient()
          .from('stock_levels')
          .select('product_id, on_hand')
          .eq('store_id', shop.storeId)
          .order('product_id'),
        'stock levels',
      );
    const levels = await onHand();
    expect((await applyOps(shop.cashier.client, batch)).map((a) => a.status)).toEqual(
      batch.map(() => 'duplicate'),
    );
    // One op of it alone again, and mixed with a new sale.
    const fresh = op('sale.record', caseArgs(nth(cases(), 0)));
    expect((await applyOps(shop.cashier.client, [nth(batch, 1), fresh])).map((a) => a.status)).toEqual([
      'duplicate',
      'applied',
    ]);
    const afterwards = await Promise.all(batch.map((o) => stored(o.args as ReturnType<typeof caseArgs>)));
    expect(afterwards).toEqual(before);
    const latte = (rows: { product_id: string; on_hand: unknown }[]) =>
      Number(rows.find((row) => row.product_id === cat.latte.id)?.on_hand);
    expect(latte(await onHand())).toBe(latte(levels) - 2);
  });
});

const databaseUrl = inject('stackDatabaseUrl');
describe.runIf(databaseUrl !== '')('[OPS-15] the path a batch of modifier sales takes (PostgreSQL)', () => {
  test('forty café sales: one private.record_sales, one modifiers check, no op_sale_record', async () => {
    const all = cases();
    const ops = Array.from({ length: 40 }, (_, i) => op('sale.record', caseArgs(nth(all, i % all.length))));
    await withCountedCalls(databaseUrl, shop.cashier.id, async (client) => {
      const applied = await client.query<{ a: Answer[] }>('select public.apply_ops($1::jsonb) as a', [
        JSON.stringify(ops),
      ]);
      expect(nth(applied.rows, 0).a.map((a) => a.status)).toEqual(ops.map(() => 'applied'));
      expect(
        await callsOf(client, [
          'record_sales',
          'plain_sale_modifiers',
          'record_sale_modifiers',
          'op_sale_record',
          'apply_op',
          'line_modifiers',
        ]),
      ).toEqual({
        record_sales: 1,
        plain_sale_modifiers: 1,
        record_sale_modifiers: 1,
        op_sale_record: 0,
        apply_op: 0,
        line_modifiers: 0,
      });
      // The twins' way of sending ([MOD-7] comparison above) does take the one-op path.
      const twin = op('sale.record', caseArgs(nth(all, 0)));
      await client.query('select public.apply_ops($1::jsonb)', [oneByOneBody(twin)]);
      expect((await callsOf(client, ['op_sale_record'])).op_sale_record).toBe(1);
    });
  });
});
