// [DERIVE-1]…[DERIVE-11] The server re-derives each sale (supabase/SPEC.md §17), through supabase-js: a till's
// claims that the shop's own catalogue and rules do not bear out are recorded as sold and flagged to managers
// (public.flags), once, in the sale's own shop; a sale as the till builds it from the catalogue flags nothing.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeEmbeddedBarcode, type EmbeddedLayout } from '../../src/domain/embedded-barcode';
import { applyOps, op, refundOp, saleArgs, type Op } from '../support/ops';
import {
  createShop,
  must,
  nth,
  registerTerminal,
  type Person,
  type Product,
  type Shop,
  type Terminal,
} from '../support/shop';
import { serviceClient } from '../support/supabase';

const WEIGHT: EmbeddedLayout = {
  prefix: '22',
  kind: 'weight',
  itemDigits: 5,
  decimals: 3,
  valueCheckDigit: false,
};

const PRICE: EmbeddedLayout = { ...WEIGHT, prefix: '21', kind: 'price', decimals: 2 };

interface Flag {
  kind: string;
  sale_id: string | null;
  op_id: string | null;
  company_id: string;
  detail: Record<string, unknown>;
}

let shop: Shop;
let other: Shop;
let till: Terminal;
let otherTill: Terminal;
/** The shop's products by role: plain, latte (asks for milk), bananas (weighed), T-shirt (a parent). */
let plain: Product;
let latte: Product;
let bananas: Product;
let shirt: { parent: Product; small: Product };
let milk: { group: string; whole: string; oat: string };

async function insertProduct(row: Record<string, unknown>): Promise<Product> {
  return must<Product>(
    await shop.manager.client
      .from('products')
      .insert({ company_id: shop.companyId, tax_rate_bp: 2000, ...row })
      .select('id, name, sku, price, tax_rate_bp, track_stock')
      .single(),
    `insert ${String(row.name)}`,
  );
}

async function insertOne(table: string, row: Record<string, unknown>): Promise<string> {
  return must<{ id: string }>(
    await shop.manager.client
      .from(table)
      .insert({ company_id: shop.companyId, ...row })
      .select('id')
      .single(),
    `insert ${table}`,
  ).id;
}

beforeAll(async () => {
  [shop, other] = await Promise.all([createShop({ products: 2 }), createShop({ products: 1 })]);
  [till, otherTill] = await Promise.all([
    registerTerminal(shop.cashier, shop.storeId),
    registerTerminal(other.cashier, other.storeId),
  ]);
  plain = nth(shop.products, 0);
  // The shop's rules: a discount over 10 % needs a manager, and (the defaults) a price change and 'No sale' too;
  // its scale prints weight labels.
  must(
    await shop.owner.client
      .from('companies')
      .update({
        approve_discount_over_bp: 1000,
        approve_line_removal: true,
        approve_shift_difference_over: 500,
        scale_labels: [WEIGHT, PRICE].map((layout) => ({
          prefix: layout.prefix,
          kind: layout.kind,
          item_digits: layout.itemDigits,
          decimals: layout.decimals,
          value_check_digit: layout.valueCheckDigit,
        })),
      })
      .eq('id', shop.companyId)
      .select('id'),
    'shop rules',
  );
  latte = await insertProduct({ name: 'Latte', price: 350 });
  bananas = await insertProduct({
    name: 'Bananas',
    price: 199,
    weighed: true,
    unit: 'kg',
    scale_code: '4011',
  });
  const group = await insertOne('modifier_groups', { name: 'Milk', min_choices: 1, max_choices: 1 });
  milk = {
    group,
    whole: await insertOne('modifier_options', { group_id: group, name: 'Whole', price_delta: 0 }),
    oat: await insertOne('modifier_options', { group_id: group, name: 'Oat', price_delta: 50 }),
  };
  await insertOne('product_modifier_groups', { product_id: latte.id, group_id: group, position: 0 });
  const parent = await insertProduct({ name: 'T-shirt', price: 1500 });
  const saved = must<{ variants: { id: string }[] }>(
    await shop.manager.client.rpc('save_product_variants', {
      p_parent: parent.id,
      p_option_names: ['Size'],
      p_variants: [{ option_values: ['S'], sku: 'TS-S', price: 1400, cost: null }],
    }),
    'save variants',
  );
  const small = must<Product>(
    await shop.manager.client
      .from('products')
      .select('id, name, sku, price, tax_rate_bp, track_stock')
      .eq('id', nth(saved.variants, 0).id)
      .single(),
    'read variant',
  );
  shirt = { parent, small };
});

async function flagsWhere(column: 'sale_id' | 'op_id', value: string): Promise<Flag[]> {
  return must<Flag[]>(
    await serviceClient()
      .from('flags')
      .select('kind, sale_id, op_id, company_id, detail')
      .eq(column, value)
      .order('kind'),
    'read flags',
  );
}

/** The kinds flagged on a sale, with their reason or action when they have one, sorted. */
async function flagged(saleId: string): Promise<string[]> {
  const flags = await flagsWhere('sale_id', saleId);
  return flags
    .map((flag) => {
      const why = flag.detail.reason ?? flag.detail.action;
      return typeof why === 'string' ? `${flag.kind}:${why}` : flag.kind;
    })
    .sort();
}

async function record(person: Person, ops: readonly Op[]): Promise<void> {
  const answers = await applyOps(person.client, ops);
  expect(answers.map((answer) => answer.status)).toEqual(ops.map(() => 'applied'));
}

/** A sale op of one line of `product` sold at `price` (the catalogue's when not given). */
function sell(
  product: Product,
  options: { price?: number; rate?: number; quantity?: number; discount?: number; terminal?: Terminal } = {},
) {
  const args = saleArgs({
    terminal: options.terminal ?? till,
    lines: [
      {
        product: {
          ...product,
          price: options.price ?? product.price,
          tax_rate_bp: options.rate ?? product.tax_rate_bp,
        },
        quantity: options.quantity ?? 1,
        ...(options.discount === undefined ? {} : { discount: options.discount }),
      },
    ],
  });
  return { args, op: op('sale.record', args) };
}

/** A latte line with `base` and the options chosen (each at its `delta`), priced by [MOD-4]. */
function sellLatte(base: number, chosen: { option_id: string; price_delta: number }[]) {
  const unit = Math.max(0, base + chosen.reduce((sum, m) => sum + m.price_delta, 0));
  const { args } = sell(latte, { price: unit });
  const withModifiers = {
    ...args,
    lines: args.lines.map((line) => ({ ...line, base_price: base, modifiers: chosen })),
  };
  return { args, op: op('sale.record', withModifiers) };
}

describe('[DERIVE-2]…[DERIVE-7] what the issue reproduced is recorded as sold, and flagged', () => {
  test('[DERIVE-6] a 100 % discount on a price of 1 cent, where a discount over 10 % needs a manager', async () => {
    const sale = sell(plain, { price: 1, discount: 1 });
    await record(shop.cashier, [sale.op]);
    expect(await flagged(sale.args.id)).toEqual([
      'missing_approval:discount',
      'missing_approval:price_override',
      'price:not_catalogue_price',
    ]);
  });

  test('[DERIVE-6] a manager selling at the counter approves their own discount and price; the price is still flagged', async () => {
    const sale = sell(plain, { price: 1, discount: 1 });
    await record(shop.manager, [sale.op]);
    expect(await flagged(sale.args.id)).toEqual(['price:not_catalogue_price']);
  });

  test('[DERIVE-3] a product sold at 0 % tax whose catalogue rate is 20 %', async () => {
    const sale = sell(plain, { rate: 0 });
    await record(shop.cashier, [sale.op]);
    const [flag] = await flagsWhere('sale_id', sale.args.id);
    expect(await flagged(sale.args.id)).toEqual(['tax_rate']);
    expect(flag?.detail).toMatchObject({ tax_rate_bp: 0, catalogue_rates: [2000] });
  });

  test('[DERIVE-4] a latte at a base price of 1 cent with nothing chosen in its required milk group', async () => {
    const sale = sell(latte, { price: 1 });
    await record(shop.cashier, [sale.op]);
    expect(await flagged(sale.args.id)).toEqual([
      'missing_approval:price_override',
      'modifiers:required_group_empty',
      'price:not_catalogue_price',
    ]);
  });

  test('[DERIVE-4] a latte with oat milk at its price is clean; oat sold at no charge is flagged (one-op path)', async () => {
    const clean = sellLatte(350, [{ option_id: milk.oat, price_delta: 50 }]);
    const cheap = sellLatte(350, [{ option_id: milk.oat, price_delta: 0 }]);
    await record(shop.cashier, [clean.op, cheap.op]);
    expect(await flagged(clean.args.id)).toEqual([]);
    expect(await flagged(cheap.args.id)).toEqual(['modifiers:option_price']);
    const base = sellLatte(1, [{ option_id: milk.whole, price_delta: 0 }]);
    await record(shop.cashier, [base.op]);
    expect(await flagged(base.args.id)).toEqual([
      'missing_approval:price_override',
      'price:not_catalogue_price',
    ]);
  });

  test('[DERIVE-2] a variant’s parent product sold, even at the parent’s own price', async () => {
    const parent = sell(shirt.parent);
    const variant = sell(shirt.small);
    await record(shop.cashier, [parent.op, variant.op]);
    expect(await flagged(parent.args.id)).toEqual(['price:parent_sold']);
    expect(await flagged(variant.args.id)).toEqual([]);
  });

  test('[DERIVE-5] bananas at 1 cent a kilo with no scale label, in a shop whose scale prints labels', async () => {
    const sale = sell(bananas, { price: 1, quantity: 1.234 });
    await record(shop.cashier, [sale.op]);
    expect(await flagged(sale.args.id)).toEqual([
      'missing_approval:price_override',
      'price:not_catalogue_price',
      'weight_without_label',
    ]);
    // Rung up from its label at the catalogue price: nothing to flag.
    const labelled = sell(bananas, { quantity: 1.234 });
    const label = makeEmbeddedBarcode(WEIGHT, '4011', 1234);
    const withLabel = op('sale.record', {
      ...labelled.args,
      lines: labelled.args.lines.map((line) => ({ ...line, scale_label: label })),
    });
    await record(shop.cashier, [withLabel]);
    expect(await flagged(labelled.args.id)).toEqual([]);
  });

  test('[DERIVE-2] one pack at its price label’s price is at the price the label says', async () => {
    const cheese = await insertProduct({ name: 'Cheese', price: 500, scale_code: '7777' });
    const { args } = sell(cheese, { price: 235 });
    const label = makeEmbeddedBarcode(PRICE, '7777', 235);
    await record(shop.cashier, [
      op('sale.record', { ...args, lines: args.lines.map((line) => ({ ...line, scale_label: label })) }),
    ]);
    expect(await flagged(args.id)).toEqual([]);
  });

  test('[DERIVE-7] a ‘No sale’ with no approval where the shop requires one', async () => {
    const noSale = op('activity.record', {
      id: crypto.randomUUID(),
      terminal_id: till.id,
      cashier_id: shop.cashier.id,
      kind: 'no_sale',
      detail: { drawer_opened: true },
      occurred_at: new Date().toISOString(),
    });
    await record(shop.cashier, [noSale]);
    const flags = await flagsWhere('op_id', noSale.op_id);
    expect(flags.map((flag) => [flag.kind, flag.detail.action])).toEqual([['missing_approval', 'no_sale']]);
    // A manager opening the drawer themself needs nobody's approval.
    const byManager = op('activity.record', {
      ...noSale.args,
      id: crypto.randomUUID(),
      cashier_id: shop.manager.id,
    });
    await record(shop.manager, [byManager]);
    expect(await flagsWhere('op_id', byManager.op_id)).toEqual([]);
    // A detail that says it was approved is the till's word, not an approval.
    const forged = op('activity.record', {
      ...noSale.args,
      id: crypto.randomUUID(),
      detail: { drawer_opened: true, approval: { by: shop.manager.id, action: 'no_sale', verified: true } },
    });
    await record(shop.cashier, [forged]);
    expect((await flagsWhere('op_id', forged.op_id)).map((flag) => flag.detail.action)).toEqual(['no_sale']);
  });

  test('[DERIVE-6] a price change approved on the approval event the till logged for the sale', async () => {
    /** An 'approval' event for the sale's price change, as the approval desk logs it. */
    const approvalEvent = (saleId: string, approval?: Record<string, unknown>) =>
      op('activity.record', {
        id: crypto.randomUUID(),
        terminal_id: till.id,
        cashier_id: shop.manager.id,
        kind: 'approval',
        detail: {
          action: 'price_override',
          subject_id: saleId,
          by: shop.manager.id,
          ...(approval
            ? {}
            : { approval: { by: shop.manager.id, action: 'price_override', verified: true } }),
        },
        ...(approval ? { approval } : {}),
        occurred_at: new Date().toISOString(),
      });
    const approved = sell(plain, { price: 50 });
    // The manager at the counter approves with their own session ([STAFF-11]).
    await record(shop.manager, [
      approvalEvent(approved.args.id, { by: shop.manager.id, action: 'price_override' }),
    ]);
    await record(shop.cashier, [approved.op]);
    expect(await flagged(approved.args.id)).toEqual(['price:not_catalogue_price']);
    // An event whose detail claims an approval it never carried approves nothing.
    const claimed = sell(plain, { price: 50 });
    await record(shop.cashier, [approvalEvent(claimed.args.id), claimed.op]);
    expect(await flagged(claimed.args.id)).toEqual([
      'missing_approval:price_override',
      'price:not_catalogue_price',
    ]);
  });
});

describe('[DERIVE-7] approvals outside a sale', () => {
  test('[DERIVE-7] a refund a manager’s till sends for a cashier at the counter, with no approval', async () => {
    const sale = sell(plain);
    await record(shop.cashier, [sale.op]);
    const refund = refundOp(till, sale.args, [{ line: 0 }]);
    const forCashier = op('sale.refund', { ...refund.args, cashier_id: shop.cashier.id });
    await record(shop.manager, [forCashier]);
    // The cashier it names signed nothing, so the server also says it could not check who sold ([STAFF-6]).
    expect(await flagged(String(refund.args.id))).toEqual([
      'missing_approval:refund',
      'unverified_cashier:unverified_cashier',
    ]);
    // The manager refunding at the counter themself approves it.
    const sold = sell(plain);
    await record(shop.cashier, [sold.op]);
    const own = refundOp(till, sold.args, [{ line: 0 }]);
    await record(shop.manager, [own]);
    expect(await flagged(String(own.args.id))).toEqual([]);
  });

  test('[DERIVE-7] a removed line where the shop asks for approval of removals', async () => {
    const voided = op('activity.record', {
      id: crypto.randomUUID(),
      terminal_id: till.id,
      cashier_id: shop.cashier.id,
      kind: 'line_voided',
      detail: { name: plain.name },
      occurred_at: new Date().toISOString(),
    });
    await record(shop.cashier, [voided]);
    const flags = await flagsWhere('op_id', voided.op_id);
    expect(flags.map((flag) => flag.detail.action)).toEqual(['line_removal']);
  });

  test('[DERIVE-7] a shift closed 10.00 short, over the shop’s 5.00, with no approval', async () => {
    const shift = crypto.randomUUID();
    const opened = new Date(Date.now() - 60_000).toISOString();
    const close = op('shift.close', {
      id: shift,
      terminal_id: till.id,
      closed_at: new Date().toISOString(),
      counted_cash: 0,
    });
    await record(shop.cashier, [
      op('shift.open', { id: shift, terminal_id: till.id, opened_at: opened, opening_float: 1000 }),
      close,
    ]);
    const flags = await flagsWhere('op_id', close.op_id);
    expect(flags.map((flag) => [flag.kind, flag.detail.action])).toEqual([
      ['missing_approval', 'shift_difference'],
    ]);
  });
});

describe('[DERIVE-1] the catalogue at the sale’s time', () => {
  test('[DERIVE-1] a sale at yesterday’s price, sold offline before the price changed, is not flagged; one after is', async () => {
    const product = await insertProduct({ name: 'Muffin', price: 250 });
    const before = new Date(Date.now() - 1000).toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    must(
      await shop.manager.client.from('products').update({ price: 300 }).eq('id', product.id).select('id'),
      'raise price',
    );
    const offline = sell(product);
    const late = sell(product);
    await record(shop.cashier, [op('sale.record', { ...offline.args, occurred_at: before }), late.op]);
    expect(await flagged(offline.args.id)).toEqual([]);
    expect(await flagged(late.args.id)).toEqual([
      'missing_approval:price_override',
      'price:not_catalogue_price',
    ]);
    const [flag] = (await flagsWhere('sale_id', late.args.id)).filter((f) => f.kind === 'price');
    expect(flag?.detail).toMatchObject({ unit_price: 250, catalogue_prices: [300] });
  });
});

describe('[DERIVE-1] a modifier’s price at the sale’s time', () => {
  test('[DERIVE-1] soy milk sold offline at its delta before it changed is not flagged; after, it is', async () => {
    const soy = await insertOne('modifier_options', { group_id: milk.group, name: 'Soy', price_delta: 50 });
    const before = new Date(Date.now() - 1000).toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    must(
      await shop.manager.client
        .from('modifier_options')
        .update({ price_delta: 60 })
        .eq('id', soy)
        .select('id'),
      'raise soy',
    );
    const offline = sellLatte(350, [{ option_id: soy, price_delta: 50 }]);
    const late = sellLatte(350, [{ option_id: soy, price_delta: 50 }]);
    await record(shop.cashier, [op('sale.record', { ...offline.op.args, occurred_at: before }), late.op]);
    expect(await flagged(offline.args.id)).toEqual([]);
    expect(await flagged(late.args.id)).toEqual(['modifiers:option_price']);
  });
});

describe('[DERIVE-8] [DERIVE-9] a card payment pays one sale, for its amount', () => {
  async function cardPayment(amount: number): Promise<string> {
    const intent = `pi_rederive_${crypto.randomUUID().replaceAll('-', '')}`;
    must(
      await serviceClient()
        .from('card_payments')
        .insert({
          company_id: shop.companyId,
          terminal_id: till.id,
          amount,
          currency: 'EUR',
          payment_intent_id: intent,
          status: 'succeeded',
        })
        .select('id'),
      'card payment',
    );
    return intent;
  }

  function paidBy(intent: string) {
    const { args } = sell(plain);
    const payments = [{ id: crypto.randomUUID(), method: 'card', amount: args.total, reference: intent }];
    return { args, op: op('sale.record', { ...args, payments }) };
  }

  test('[DERIVE-8] one succeeded PaymentIntent referenced by two sales flags both sales', async () => {
    const intent = await cardPayment(plain.price);
    const first = paidBy(intent);
    const second = paidBy(intent);
    await record(shop.cashier, [first.op]);
    await record(shop.cashier, [second.op]);
    expect(await flagged(first.args.id)).toEqual(['card_reuse']);
    expect(await flagged(second.args.id)).toEqual(['card_reuse']);
    const [flag] = await flagsWhere('sale_id', first.args.id);
    expect(flag?.detail).toMatchObject({
      payment_intent_id: intent,
      sale_ids: [first.args.id, second.args.id],
    });
  });

  test('[DERIVE-9] a card tender for another amount than its payment is flagged', async () => {
    const intent = await cardPayment(plain.price + 500);
    const sale = paidBy(intent);
    await record(shop.cashier, [sale.op]);
    expect(await flagged(sale.args.id)).toEqual(['card_amount']);
  });

  test('[DERIVE-8] another shop’s sale naming this shop’s PaymentIntent flags nothing here', async () => {
    const intent = await cardPayment(plain.price);
    const mine = paidBy(intent);
    await record(shop.cashier, [mine.op]);
    const { args } = sell(nth(other.products, 0), { terminal: otherTill });
    await record(other.cashier, [
      op('sale.record', {
        ...args,
        payments: [{ id: crypto.randomUUID(), method: 'card', amount: args.total, reference: intent }],
      }),
    ]);
    expect(await flagged(mine.args.id)).toEqual([]);
    expect(await flagged(args.id)).toEqual([]);
  });
});

describe('[DERIVE-10] the post-pass', () => {
  test('[DERIVE-10] a sale as the till builds it from the catalogue flags nothing', async () => {
    const sale = saleArgs({
      terminal: till,
      lines: [
        { product: plain, quantity: 2 },
        { product: nth(shop.products, 1), quantity: 1, discount: 10 },
        { product: shirt.small, quantity: 1 },
      ],
    });
    await record(shop.cashier, [op('sale.record', sale)]);
    expect(await flagged(sale.id)).toEqual([]);
  });

  test('[DERIVE-10] a replayed batch flags nothing twice', async () => {
    const sale = sell(plain, { price: 1, rate: 0 });
    await record(shop.cashier, [sale.op]);
    const first = await flagsWhere('sale_id', sale.args.id);
    expect(first.length).toBeGreaterThan(0);
    const again = await applyOps(shop.cashier.client, [sale.op]);
    expect(again.map((answer) => answer.status)).toEqual(['duplicate']);
    const mixed = await applyOps(shop.cashier.client, [sale.op, sell(plain).op]);
    expect(mixed.map((answer) => answer.status)).toEqual(['duplicate', 'applied']);
    expect(await flagsWhere('sale_id', sale.args.id)).toHaveLength(first.length);
  });

  test('[DERIVE-10] another shop’s sale never flags into this shop', async () => {
    const product = nth(other.products, 0);
    const sale = sell(product, { price: 1, rate: 0, terminal: otherTill });
    await record(other.cashier, [sale.op]);
    const flags = await flagsWhere('sale_id', sale.args.id);
    expect(flags.map((flag) => flag.kind).sort()).toEqual(['missing_approval', 'price', 'tax_rate']);
    expect(new Set(flags.map((flag) => flag.company_id))).toEqual(new Set([other.companyId]));
    const seen = must<Flag[]>(
      await shop.owner.client.rpc('list_flags', { p_company: shop.companyId, p_since: null }),
      'list_flags',
    );
    expect(seen.filter((flag) => flag.sale_id === sale.args.id)).toEqual([]);
  });

  test('[DERIVE-11] a sender cannot pre-empt a flag by using its id first', async () => {
    const sale = sell(bananas, { quantity: 1.234 });
    const saleOp = op('sale.record', {
      ...sale.args,
      lines: sale.args.lines.map((line) => ({ ...line, scale_label: '2204011099999' })),
    });
    // The id 20261201000300 drew for this line's flag, taken first by an event of the sender's.
    const line = nth(sale.args.lines, 0);
    const hex = createHash('md5').update(`${saleOp.op_id}:scale_label:${line.id}`).digest('hex');
    const taken = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    await record(shop.cashier, [
      op('activity.record', {
        id: taken,
        terminal_id: till.id,
        kind: 'lock',
        occurred_at: new Date().toISOString(),
      }),
      saleOp,
    ]);
    expect(await flagged(sale.args.id)).toEqual(['scale_label']);
  });
});
