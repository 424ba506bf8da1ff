// [PROMO-17]…[PROMO-19] A sale.record carries what the till's promotions engine applied; apply_ops records it
// on both paths (the batch path of [OPS-15] and the one-op path): sale_promotions with the till's amounts, the
// promotions the cashier took off (by the cashier the server knows), each coupon counted once per sale, and
// flags — never a refusal — for a coupon used past its limit and for codes or promotions the shop does not have.
import { beforeAll, describe, expect, test } from 'vitest';
import { applyOps, op, refundOp, saleArgs, type Op } from '../support/ops';
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

interface Recorded {
  promotion_id: string;
  till_amount: number;
  coupon_code: string | null;
  removed: boolean;
  removed_by: string | null;
}

interface Flag {
  kind: string;
  company_id: string;
  detail: Record<string, unknown>;
}

let shop: Shop;
let other: Shop;
let till: Terminal;
let secondTill: Terminal;
let coffee: Product;
let bundle: string;
let happyHour: string;
let once: { id: string; promotion: string };
let theirs: { promotion: string; coupon: string };

async function insert(target: Shop, table: string, row: Record<string, unknown>): Promise<string> {
  return must<{ id: string }>(
    await target.manager.client
      .from(table)
      .insert({ company_id: target.companyId, ...row })
      .select('id')
      .single(),
    `insert ${table}`,
  ).id;
}

const percentOff = (rate: number) => ({ kind: 'percent_off', items: null, rate });

beforeAll(async () => {
  [shop, other] = await Promise.all([createShop({ products: 2 }), createShop({ products: 1 })]);
  [till, secondTill] = await Promise.all([
    registerTerminal(shop.cashier, shop.storeId),
    registerTerminal(shop.cashier, shop.storeId, 'Second till'),
  ]);
  coffee = nth(shop.products, 0);
  const items = { product_ids: [coffee.id], category_ids: [] };
  bundle = await insert(shop, 'promotions', {
    name: 'Two coffees',
    rule: { kind: 'mix_match', items, quantity: 2, price: coffee.price, repeat: true },
  });
  happyHour = await insert(shop, 'promotions', {
    name: 'Happy hour',
    rule: { kind: 'fixed_price', items, unit_price: 1 },
  });
  const couponOnly = await insert(shop, 'promotions', {
    name: 'Ten off',
    coupon_only: true,
    rule: percentOff(1000),
  });
  once = {
    id: await insert(shop, 'coupons', { promotion_id: couponOnly, code: 'ONCE-1', max_uses: 1 }),
    promotion: couponOnly,
  };
  await insert(shop, 'coupons', {
    promotion_id: couponOnly,
    code: 'LATE-1',
    expires_at: new Date(Date.now() - 86_400_000).toISOString(),
  });
  const otherPromotion = await insert(other, 'promotions', { name: 'Theirs', rule: percentOff(5000) });
  theirs = {
    promotion: otherPromotion,
    coupon: await insert(other, 'coupons', { promotion_id: otherPromotion, code: 'THEIRS-1', max_uses: 1 }),
  };
});

/** Two coffees with `discount` off the first line, and the promotion fields given. */
function sale(fields: Record<string, unknown>, options: { discount?: number; terminal?: Terminal } = {}) {
  const discount = options.discount ?? 0;
  const args = saleArgs({
    terminal: options.terminal ?? till,
    lines: [{ product: coffee, quantity: 2, discount }],
  });
  return { ...args, ...fields };
}

/** The same args through the one-op path: a line with (no) modifiers is not the batch path's ([MOD-7]). */
function oneOp(args: ReturnType<typeof sale>): Op {
  return op('sale.record', { ...args, lines: args.lines.map((line) => ({ ...line, modifiers: [] })) });
}

async function recorded(saleId: string): Promise<Recorded[]> {
  return must<Recorded[]>(
    await serviceClient()
      .from('sale_promotions')
      .select('promotion_id, till_amount, coupon_code, removed, removed_by')
      .eq('sale_id', saleId)
      .order('promotion_id'),
    'read sale_promotions',
  );
}

async function flagsOf(saleId: string): Promise<string[]> {
  const flags = must<Flag[]>(
    await serviceClient().from('flags').select('kind, company_id, detail').eq('sale_id', saleId),
    'read flags',
  );
  // The re-check's own flag ([PROMO-22], promotion-recheck.stack.test.ts) is not what these tests are about.
  return flags
    .map((flag) => `${flag.kind}:${String(flag.detail.reason ?? flag.detail.code)}`)
    .filter((flag) => flag !== 'promotion:differs')
    .sort();
}

async function uses(couponId: string): Promise<number> {
  return must<{ uses: number }>(
    await serviceClient().from('coupons').select('uses').eq('id', couponId).single(),
    'read coupon',
  ).uses;
}

async function cashierOf(saleId: string): Promise<string> {
  return must<{ cashier_id: string }>(
    await serviceClient().from('sales').select('cashier_id').eq('id', saleId).single(),
    'read sale',
  ).cashier_id;
}

describe('[PROMO-17] a sale’s promotions are recorded, on both paths alike', () => {
  test('[PROMO-17] the till’s amounts, the promotion taken off by the server’s cashier, a made-up removed_by ignored', async () => {
    const fields = (saved: number) => ({
      promotions: [{ promotion_id: bundle, amount: saved, coupon_code: null }],
      removed_promotions: [happyHour],
      // Not a field of the contract: the server never reads who removed a promotion from the till.
      removed_by: shop.manager.id,
    });
    const saved = coffee.price;
    const withLines = (args: ReturnType<typeof sale>) => ({
      ...args,
      lines: args.lines.map((line) => ({ ...line, promotions: [{ promotion_id: bundle, amount: saved }] })),
    });
    const batch = withLines(sale(fields(saved), { discount: saved }));
    const single = withLines(sale(fields(saved), { discount: saved }));
    const answers = await applyOps(shop.cashier.client, [op('sale.record', batch), oneOp(single)]);
    expect(answers.map((answer) => answer.status)).toEqual(['applied', 'applied']);
    for (const args of [batch, single]) {
      const cashier = await cashierOf(args.id);
      expect(cashier).not.toBe(shop.manager.id);
      expect(await recorded(args.id)).toEqual(
        [
          { promotion_id: bundle, till_amount: saved, coupon_code: null, removed: false, removed_by: null },
          { promotion_id: happyHour, till_amount: 0, coupon_code: null, removed: true, removed_by: cashier },
        ].sort((a, b) => a.promotion_id.localeCompare(b.promotion_id)),
      );
      expect(await flagsOf(args.id)).toEqual([]);
    }
  });

  test('[PROMO-17] a promotion field of the wrong shape is refused by name, as any field of a sale is', async () => {
    const madeUp = sale({ removed_promotions: [{ promotion_id: happyHour, removed_by: shop.manager.id }] });
    const zero = sale({});
    const zeroLine = {
      ...zero,
      lines: zero.lines.map((line) => ({ ...line, promotions: [{ promotion_id: bundle, amount: 0 }] })),
    };
    const tooMany = sale({ coupons: Array.from({ length: 11 }, (_, i) => `CODE-${i}`) });
    const answers = await applyOps(shop.cashier.client, [
      op('sale.record', madeUp),
      op('sale.record', zeroLine),
      op('sale.record', tooMany),
    ]);
    expect(answers.map((answer) => [answer.status, answer.error?.code])).toEqual([
      ['rejected', 'invalid_args'],
      ['rejected', 'invalid_args'],
      ['rejected', 'invalid_args'],
    ]);
    expect(answers[1]?.error?.message).toContain('lines[1].promotions[1].amount');
  });
});

describe('[PROMO-18] coupons are counted once per sale; a use past the limit is flagged, the sale kept', () => {
  test('[PROMO-18] a single-use coupon on two tills offline: both sales kept, the second use flagged', async () => {
    const coupon = (terminal: Terminal) =>
      sale(
        {
          coupons: ['once-1'],
          promotions: [{ promotion_id: once.promotion, amount: 0, coupon_code: 'ONCE-1' }],
        },
        { terminal },
      );
    const first = op('sale.record', coupon(till));
    const second = oneOp(coupon(secondTill));
    expect((await applyOps(shop.cashier.client, [first])).map((answer) => answer.status)).toEqual([
      'applied',
    ]);
    expect(await uses(once.id)).toBe(1);
    expect((await applyOps(shop.cashier.client, [second])).map((answer) => answer.status)).toEqual([
      'applied',
    ]);
    expect(await uses(once.id)).toBe(2);
    expect(await flagsOf(first.args.id as string)).toEqual([]);
    expect(await flagsOf(second.args.id as string)).toEqual(['coupon_reuse:ONCE-1']);
    const [flag] = must<Flag[]>(
      await serviceClient().from('flags').select('kind, company_id, detail').eq('sale_id', second.args.id),
      'read flag',
    );
    expect(flag?.detail).toMatchObject({
      max_uses: 1,
      uses: 2,
      sale_ids: [first.args.id, second.args.id],
    });
    // [PROMO-18] Sent again (a lost answer), nothing counts twice and nothing is flagged twice.
    const again = await applyOps(shop.cashier.client, [first, second]);
    expect(again.map((answer) => answer.status)).toEqual(['duplicate', 'duplicate']);
    expect(await uses(once.id)).toBe(2);
    expect(await flagsOf(second.args.id as string)).toEqual(['coupon_reuse:ONCE-1']);
  });

  test('[PROMO-19] an expired code and one the shop does not have are flagged; the sale is kept', async () => {
    const args = sale({ coupons: ['LATE-1', 'NOPE-404'] });
    expect((await applyOps(shop.cashier.client, [op('sale.record', args)]))[0]?.status).toBe('applied');
    expect(await flagsOf(args.id)).toEqual(['promotion:coupon_expired', 'promotion:unknown_coupon']);
  });

  test('[PROMO-19] a cashier of one shop naming another shop’s promotion and coupon: nothing of theirs counted, a flag here', async () => {
    const args = sale(
      {
        coupons: ['THEIRS-1'],
        promotions: [{ promotion_id: theirs.promotion, amount: 0, coupon_code: 'THEIRS-1' }],
      },
      {},
    );
    expect((await applyOps(shop.cashier.client, [op('sale.record', args)]))[0]?.status).toBe('applied');
    expect(await uses(theirs.coupon)).toBe(0);
    expect(await flagsOf(args.id)).toEqual(['promotion:unknown_coupon', 'promotion:unknown_promotion']);
    const theirFlags = must<Flag[]>(
      await serviceClient()
        .from('flags')
        .select('kind, company_id, detail')
        .eq('company_id', other.companyId),
      'their flags',
    );
    expect(theirFlags).toEqual([]);
    // The row is the selling shop's, kept as its till said, and the other shop's managers read none of it.
    const seen = must<unknown[]>(
      await other.manager.client.from('sale_promotions').select('id').eq('sale_id', args.id),
      'their read',
    );
    expect(seen).toEqual([]);
  });
});

interface ReportRow {
  promotion_id: string;
  name: string;
  status: string;
  uses: number;
  discount_given: number;
  server_amount: number;
  sales_count: number;
  sales_total: number;
  refunds_total: number;
  removed_count: number;
}

describe('[PROMO-20] the promotion report', () => {
  test('[PROMO-20] uses, discount given, sales touched and their refunds; managers only', async () => {
    const deal = await insert(shop, 'promotions', { name: 'Report deal', rule: percentOff(500) });
    const applied = (terminal: Terminal) =>
      sale(
        { promotions: [{ promotion_id: deal, amount: 100, coupon_code: null }] },
        { discount: 100, terminal },
      );
    const first = applied(till);
    const second = applied(secondTill);
    const takenOff = sale({ removed_promotions: [deal] });
    const answers = await applyOps(shop.cashier.client, [
      op('sale.record', first),
      oneOp(second),
      op('sale.record', takenOff),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(['applied', 'applied', 'applied']);
    const refund = refundOp(till, first, [{ line: 0, quantity: 1 }]);
    expect((await applyOps(shop.manager.client, [refund]))[0]?.status).toBe('applied');

    const range = {
      p_company: shop.companyId,
      p_from: new Date(Date.now() - 3_600_000).toISOString(),
      p_to: new Date(Date.now() + 3_600_000).toISOString(),
    };
    const rows = must<ReportRow[]>(await shop.manager.client.rpc('promotion_report', range), 'report');
    const row = rows.find((candidate) => candidate.promotion_id === deal);
    expect(row).toMatchObject({
      name: 'Report deal',
      status: 'active',
      uses: 2,
      discount_given: 200,
      sales_count: 2,
      sales_total: first.total + second.total,
      refunds_total: refund.args.total,
      removed_count: 1,
    });
    // Every live promotion is listed, used or not; another shop's never.
    expect(rows.map((candidate) => candidate.promotion_id)).toContain(happyHour);
    expect(rows.map((candidate) => candidate.promotion_id)).not.toContain(theirs.promotion);

    const cashier = await shop.cashier.client.rpc('promotion_report', range);
    expect(cashier.error).toMatchObject({ code: '42501', hint: 'insufficient_role' });
    const stranger = await other.manager.client.rpc('promotion_report', range);
    expect(stranger.error).toMatchObject({ code: '42501', hint: 'not_member' });
    const backwards = await shop.manager.client.rpc('promotion_report', {
      ...range,
      p_from: range.p_to,
      p_to: range.p_from,
    });
    expect(backwards.error?.hint).toBe('invalid_args');
  });
});
