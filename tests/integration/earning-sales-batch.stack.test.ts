// Sales that earn loyalty points on the batch path ([OPS-15], [VAL-10], [VAL-13], issue 39): in a shop whose
// loyalty is on, a batch of sales naming a customer — the till's figure right, wrong, absent or null, a sale
// too small to earn, cash and card, plain sales between them, one without a customer but with a claim — is
// recorded together, and every sale stores exactly what its twin sent through the one-op path stores: the
// sale, its lines, payments and stock moved, its `earn` entry (same derived id, delta, till figure,
// balance_after, who, when and where), its `loyalty` flag, its receipt link; the two customers' accounts end
// on the same balance. The twin takes the one-op path because its `total` is written 1234.0, as in
// modifier-sales-batch.stack.test.ts. Sent again, nothing is earned twice. On PostgreSQL the functions a batch
// calls are counted: one private.record_sales and one private.record_sale_earnings, no op_sale_record.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { newReceiptToken } from '../../src/domain/receipt-link';
import { applyOneByOne, callsOf, withCountedCalls } from '../support/batch-path';
import { applyOps, op, type Answer, type Op } from '../support/ops';
import { createShop, must, nth, registerTerminal, type Shop, type Terminal } from '../support/shop';
import { serviceClient } from '../support/supabase';
import {
  addCustomer,
  balanceOf,
  customerAccountId,
  entriesOf,
  loyaltyOn,
  valueSale,
  type ValueSaleArgs,
} from '../support/value-sales';

let shop: Shop;
let till: Terminal;
/** The batch's customer and the twins' (so each account's entries run in the same order on both paths). */
let alice: string;
let bob: string;

beforeAll(async () => {
  shop = await createShop({ products: 2 });
  till = await registerTerminal(shop.cashier, shop.storeId);
  [alice, bob] = await Promise.all([addCustomer(shop, 'Alice Batch'), addCustomer(shop, 'Bob Alone')]);
  await loyaltyOn(shop);
});

interface Case {
  name: string;
  quantity: number;
  /** The customer's sale; false: a sale without one. */
  customer?: boolean;
  /** `loyalty` as the till sends it (undefined: not sent). */
  loyalty?: unknown;
  tender?: 'cash';
  /** The `earn` entry's delta (none when 0) and whether a `differs` flag is expected. */
  earns: number;
  differs?: boolean;
}

/** Cup and mug cost what createShop gives them; 1 point per whole euro (loyaltyOn). */
function cases(): Case[] {
  const cup = nth(shop.products, 0).price;
  const earned = (quantity: number) => Math.floor((cup * quantity) / 100);
  return [
    { name: 'a customer, no figure from the till', quantity: 4, customer: true, earns: earned(4) },
    {
      name: 'the till’s figure right',
      quantity: 7,
      customer: true,
      loyalty: { earned: earned(7) },
      earns: earned(7),
    },
    { name: 'a plain sale between', quantity: 2, earns: 0 },
    {
      name: 'the till’s figure wrong',
      quantity: 5,
      customer: true,
      loyalty: { earned: earned(5) + 3 },
      earns: earned(5),
      differs: true,
    },
    {
      name: 'loyalty null, paid in cash',
      quantity: 3,
      customer: true,
      loyalty: null,
      tender: 'cash',
      earns: earned(3),
    },
    { name: 'an empty claim', quantity: 1, customer: true, loyalty: {}, earns: earned(1) },
    {
      name: 'a claim without a customer earns nothing',
      quantity: 2,
      loyalty: { earned: 3 },
      earns: 0,
    },
    { name: 'a plain sale after', quantity: 1, earns: 0 },
  ];
}

type CaseArgs = ValueSaleArgs & { receipt_token: string };

function caseArgs(c: Case, customerId: string): CaseArgs {
  const args = valueSale(till, {
    products: [{ product: nth(shop.products, 0), quantity: c.quantity }],
    ...(c.customer ? { customerId } : {}),
    ...(c.loyalty !== undefined ? { fields: { loyalty: c.loyalty } } : {}),
  });
  if (c.tender === 'cash')
    args.payments = [{ id: nth(args.payments, 0).id, method: 'cash', amount: args.total }];
  return { ...args, receipt_token: newReceiptToken() };
}

const derived = (text: string) => {
  const hex = createHash('md5').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

interface Stored {
  sale: unknown[];
  lines: unknown[];
  payments: unknown[];
  moves: unknown[];
  entries: unknown[];
  flags: unknown[];
  links: number;
}

/** What the server stored for a sale, with the ids that differ between twins replaced by names. */
async function stored(sent: Op, customerId: string): Promise<Stored> {
  const args = sent.args as CaseArgs;
  const db = serviceClient();
  const names = new Map<string, string>([
    [derived(`${args.id}:earn`), 'entry'],
    [args.id, 'sale'],
    [sent.op_id, 'op'],
    [String(args.receipt_no), 'receipt'],
    [customerAccountId(customerId, 'loyalty'), 'account'],
    [customerId, 'customer'],
    ...args.lines.map((line, i): [string, string] => [line.id, `line${String(i + 1)}`]),
    ...args.payments.map((p, i): [string, string] => [String(p.id), `payment${String(i + 1)}`]),
  ]);
  // The server's spelling of the sale's time, which its entry repeats.
  const recorded = must<{ occurred_at: string } | null>(
    await db.from('sales').select('occurred_at').eq('id', args.id).maybeSingle(),
    'occurred_at',
  );
  if (recorded) names.set(recorded.occurred_at, 'occurred');
  const renamed = (rows: unknown[]) =>
    JSON.parse(
      [...names].reduce((out, [id, name]) => out.replaceAll(id, name), JSON.stringify(rows)),
    ) as unknown[];
  const [sale, lines, payments, moves, entries, flags, links] = await Promise.all([
    db
      .from('sales')
      .select(
        'customer_id, cashier_id, shift_id, receipt_no, subtotal, tax_total, total, op_id, recorded_by, cashier_verified',
      )
      .eq('id', args.id),
    db
      .from('sale_lines')
      .select(
        'id, line_no, product_id, quantity, unit_price, discount, tax, total, unit_cost, gift_card_account_id',
      )
      .eq('sale_id', args.id)
      .order('line_no'),
    db
      .from('payments')
      .select('id, method, amount, tendered, change, account_id, points')
      .eq('sale_id', args.id)
      .order('id'),
    db.from('stock_movements').select('product_id, delta, reason').eq('sale_id', args.id),
    db
      .from('value_entries')
      .select(
        'id, account_id, kind, delta, till_delta, balance_after, sale_line_id, payment_id, op_id, terminal_id, shift_id, staff_id, recorded_by, tender_method, receipt_no, occurred_at',
      )
      .eq('sale_id', args.id),
    db
      .from('flags')
      .select('kind, dedupe_key, op_id, terminal_id, detail')
      .eq('sale_id', args.id)
      .order('dedupe_key'),
    db.from('receipt_links').select('token').eq('sale_id', args.id),
  ]);
  return {
    sale: renamed(must<unknown[]>(sale, 'sale')),
    lines: renamed(must<unknown[]>(lines, 'lines')),
    payments: renamed(must<unknown[]>(payments, 'payments')),
    moves: renamed(must<unknown[]>(moves, 'moves')),
    entries: renamed(must<unknown[]>(entries, 'entries')),
    flags: renamed(must<unknown[]>(flags, 'flags')),
    links: must<unknown[]>(links, 'links').length,
  };
}

async function accountOf(customerId: string) {
  return must<unknown[]>(
    await serviceClient()
      .from('value_accounts')
      .select('kind, status, credit_limit, customer_id')
      .eq('id', customerAccountId(customerId, 'loyalty')),
    'account',
  ).map((row) => ({ ...(row as object), customer_id: 'customer' }));
}

describe('[OPS-15] [VAL-13] sales that earn points on the batch path', () => {
  test('a batch of customers’ sales stores what each sale stores when it goes through the one-op path', async () => {
    const all = cases();
    const batch = all.map((c) => op('sale.record', caseArgs(c, alice)));
    const twins = all.map((c) => op('sale.record', caseArgs(c, bob)));
    const answers = await applyOps(shop.cashier.client, batch);
    expect(answers.map((a) => a.status)).toEqual(all.map(() => 'applied'));
    const twinAnswers: Answer[] = [];
    for (const twin of twins) twinAnswers.push(await applyOneByOne(shop.cashier, twin));
    expect(twinAnswers.map((a) => a.status)).toEqual(all.map(() => 'applied'));

    for (const [i, c] of all.entries()) {
      const [inBatch, alone] = await Promise.all([stored(nth(batch, i), alice), stored(nth(twins, i), bob)]);
      expect(inBatch, c.name).toEqual(alone);
      expect(inBatch.links, c.name).toBe(1);
      expect(
        inBatch.entries.map((e) => [(e as { kind: string }).kind, (e as { delta: number }).delta]),
        c.name,
      ).toEqual(c.earns > 0 ? [['earn', c.earns]] : []);
      expect(inBatch.flags.filter((f) => (f as { kind: string }).kind === 'loyalty').length, c.name).toBe(
        c.differs ? 1 : 0,
      );
    }
    const total = all.reduce((sum, c) => sum + c.earns, 0);
    expect(await balanceOf(customerAccountId(alice, 'loyalty'))).toBe(total);
    expect(await balanceOf(customerAccountId(bob, 'loyalty'))).toBe(total);
    expect((await entriesOf(customerAccountId(alice, 'loyalty'))).map((e) => e.balance_after)).toEqual(
      (await entriesOf(customerAccountId(bob, 'loyalty'))).map((e) => e.balance_after),
    );
    expect(await accountOf(alice)).toEqual(await accountOf(bob));
    expect(await accountOf(alice)).toEqual([
      { kind: 'loyalty', status: 'active', credit_limit: null, customer_id: 'customer' },
    ]);
  });

  test('the differs flag says what the till and the server counted', async () => {
    const c = nth(cases(), 3);
    const sent = op('sale.record', caseArgs(c, alice));
    expect(await applyOps(shop.cashier.client, [sent])).toMatchObject([{ status: 'applied' }]);
    const { flags } = await stored(sent, alice);
    expect(flags).toEqual([
      {
        kind: 'loyalty',
        dedupe_key: 'loyalty:sale:differs',
        op_id: 'op',
        terminal_id: till.id,
        detail: { reason: 'differs', till: c.earns + 3, server: c.earns },
      },
    ]);
  });

  test('what the batch does not write itself still goes to the one-op path: a bad claim is refused there', async () => {
    const good = caseArgs(nth(cases(), 0), alice);
    const bad = { ...caseArgs(nth(cases(), 0), alice), loyalty: { earned: 3, extra: 1 } };
    const after = caseArgs(nth(cases(), 1), alice);
    const answers = await applyOps(
      shop.cashier.client,
      [good, bad, after].map((args) => op('sale.record', args)),
    );
    expect(answers).toMatchObject([
      { status: 'applied' },
      { status: 'rejected', error: { code: 'invalid_args' } },
      { status: 'applied' },
    ]);
    const earnedBy = async (args: CaseArgs) =>
      (await entriesOf(customerAccountId(alice, 'loyalty'))).filter((e) => e.sale_id === args.id).length;
    expect([await earnedBy(good), await earnedBy(bad), await earnedBy(after)]).toEqual([1, 0, 1]);
  });

  test('sent again, the batch is all duplicates and nothing is earned twice', async () => {
    const batch = cases().map((c) => op('sale.record', caseArgs(c, alice)));
    expect((await applyOps(shop.cashier.client, batch)).map((a) => a.status)).toEqual(
      batch.map(() => 'applied'),
    );
    const balance = await balanceOf(customerAccountId(alice, 'loyalty'));
    const before = await Promise.all(batch.map((o) => stored(o, alice)));
    expect((await applyOps(shop.cashier.client, batch)).map((a) => a.status)).toEqual(
      batch.map(() => 'duplicate'),
    );
    const fresh = op('sale.record', caseArgs(nth(cases(), 0), alice));
    expect((await applyOps(shop.cashier.client, [nth(batch, 1), fresh])).map((a) => a.status)).toEqual([
      'duplicate',
      'applied',
    ]);
    expect(await Promise.all(batch.map((o) => stored(o, alice)))).toEqual(before);
    expect(await balanceOf(customerAccountId(alice, 'loyalty'))).toBe(balance + nth(cases(), 0).earns);
  });
});

const databaseUrl = inject('stackDatabaseUrl');
describe.runIf(databaseUrl !== '')('[OPS-15] the path a batch of earning sales takes (PostgreSQL)', () => {
  test('forty sales, a customer on one in five: one private.record_sales, no op_sale_record', async () => {
    const all = cases();
    const ops = Array.from({ length: 40 }, (_, i) =>
      op('sale.record', caseArgs({ ...nth(all, i % all.length), customer: i % 5 === 0 }, alice)),
    );
    await withCountedCalls(databaseUrl, shop.cashier.id, async (client) => {
      const applied = await client.query<{ a: Answer[] }>('select public.apply_ops($1::jsonb) as a', [
        JSON.stringify(ops),
      ]);
      expect(nth(applied.rows, 0).a.map((a) => a.status)).toEqual(ops.map(() => 'applied'));
      expect(
        await callsOf(client, [
          'record_sales',
          'record_sale_earnings',
          'op_sale_record',
          'apply_op',
          'record_sale_value',
        ]),
      ).toEqual({
        record_sales: 1,
        record_sale_earnings: 1,
        op_sale_record: 0,
        apply_op: 0,
        record_sale_value: 0,
      });
      // As the database's owner again: the cashier reads no ledger rows.
      await client.query('reset role');
      const earned = await client.query<{ n: string }>(
        `select count(*) as n from public.value_entries where kind = 'earn' and sale_id = any($1::uuid[])`,
        [ops.map((o) => (o.args as CaseArgs).id)],
      );
      expect(Number(nth(earned.rows, 0).n)).toBe(8);
    });
  });
});
