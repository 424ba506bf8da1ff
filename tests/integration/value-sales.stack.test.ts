// [VAL-10]…[VAL-17] [VAL-22] [VAL-24] [VAL-25] Sales and refunds write customer-value entries (supabase/SPEC.md
// "Customer value"), through apply_ops with the real client: a gift card sold and spent, points earned and
// taken back, a refund to store credit, and what does not fit kept and flagged — never a refused sale.
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, test } from 'vitest';
import { applyOps, op } from '../support/ops';
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
import {
  addCustomer,
  balanceOf,
  customerAccountId,
  entriesOf,
  flagsOf,
  giftCardLine,
  loyaltyOn,
  newCode,
  valueRefund,
  valueSale,
  type ValueSaleArgs,
} from '../support/value-sales';

let shop: Shop;
let other: Shop;
let till: Terminal;
let otherTill: Terminal;
let cup: Product;
let mug: Product;
let alice: string;

beforeAll(async () => {
  [shop, other] = await Promise.all([createShop({ products: 2 }), createShop({ products: 1 })]);
  [till, otherTill] = await Promise.all([
    registerTerminal(shop.cashier, shop.storeId),
    registerTerminal(other.cashier, other.storeId),
  ]);
  cup = nth(shop.products, 0);
  mug = nth(shop.products, 1);
  alice = await addCustomer(shop, 'Alice Martin');
  await loyaltyOn(shop);
});

async function record(args: Record<string, unknown>, person = shop.cashier) {
  const [answer] = await applyOps(person.client, [op('sale.record', args)]);
  return answer;
}

/** A new card of `amount` sold on `terminal`, paid by card: its account id and code. */
async function sellCard(amount: number, terminal = till) {
  const card = { account_id: uuidv7(), code: newCode() };
  const sale = valueSale(terminal, { cards: [giftCardLine(amount, card)] });
  expect((await record(sale))?.status).toBe('applied');
  return { ...card, sale };
}

/** Pays `amount` of a sale of mugs with the card (the rest by card), as a till spends it offline. */
function spend(card: { account_id: string; code?: string }, amount: number, seen: number, terminal = till) {
  return valueSale(terminal, {
    products: [{ product: mug, quantity: Math.ceil(amount / mug.price) }],
    tenders: [{ method: 'gift_card', ...card, amount, balance_seen: seen, offline: true }],
  });
}

async function paymentOf(sale: ValueSaleArgs, index = 0) {
  return must<Record<string, unknown>>(
    await serviceClient()
      .from('payments')
      .select('method, amount, account_id, points, balance_seen, offline')
      .eq('id', String(sale.payments[index]?.id))
      .single(),
    'payment',
  );
}

describe('[VAL-11] [VAL-12] a gift card sold, then spent', () => {
  test('[VAL-11] selling a card creates it (hash and last four only) with its issue entry', async () => {
    const card = await sellCard(2500);
    const account = must<Record<string, unknown>>(
      await serviceClient().from('value_accounts').select('*').eq('id', card.account_id).single(),
      'account',
    );
    expect(account).toMatchObject({
      company_id: shop.companyId,
      kind: 'gift_card',
      status: 'active',
      code_last4: card.code.replaceAll('-', '').slice(-4),
      issued_sale_id: card.sale.id,
      issued_line_id: card.sale.lines[0]?.id,
    });
    expect(JSON.stringify(account)).not.toContain(card.code.replaceAll('-', ''));
    const entries = await entriesOf(card.account_id);
    expect(entries.map((e) => [e.id, e.kind, e.delta, e.balance_after])).toEqual([
      [card.sale.lines[0]?.id, 'issue', 2500, 2500],
    ]);
    expect(entries[0]?.staff_id).toBe(shop.cashier.id);
    expect(await balanceOf(card.account_id)).toBe(2500);
    const line = await serviceClient()
      .from('sale_lines')
      .select('gift_card_account_id')
      .eq('id', String(card.sale.lines[0]?.id))
      .single();
    expect(line.data?.gift_card_account_id).toBe(card.account_id);
  });

  test('[VAL-11] a taxed or discounted gift-card line is refused by name; nothing is written', async () => {
    const card = { account_id: uuidv7(), code: newCode() };
    const taxed = valueSale(till, { cards: [{ ...giftCardLine(1000, card), tax_rate_bp: 2000 }] });
    const answer = await record(taxed);
    expect(answer).toMatchObject({ status: 'rejected', error: { code: 'gift_card_line' } });
    expect(answer?.error?.message).toContain('lines[1].gift_card');
    expect(await entriesOf(card.account_id)).toEqual([]);
  });

  test('[VAL-11] a line naming a known card without a code tops it up (load)', async () => {
    const card = await sellCard(1000);
    const topUp = valueSale(till, { cards: [giftCardLine(1500, { account_id: card.account_id })] });
    expect((await record(topUp))?.status).toBe('applied');
    expect((await entriesOf(card.account_id)).map((e) => [e.kind, e.delta, e.balance_after])).toEqual([
      ['issue', 1000, 1000],
      ['load', 1500, 2500],
    ]);
  });

  test('[VAL-24] a new card whose code a live card has: created blocked with no code, its money on it, flagged', async () => {
    const first = await sellCard(1000);
    const clash = { account_id: uuidv7(), code: first.code };
    const sale = valueSale(till, { cards: [giftCardLine(2000, clash)] });
    expect((await record(sale))?.status).toBe('applied');
    const account = await serviceClient()
      .from('value_accounts')
      .select('status, code_hash')
      .eq('id', clash.account_id)
      .single();
    expect(account.data).toEqual({ status: 'blocked', code_hash: null });
    expect(await balanceOf(clash.account_id)).toBe(2000);
    const flags = (await flagsOf(shop.companyId, ['value_account'])).filter((f) => f.sale_id === sale.id);
    expect(flags.map((f) => f.detail.reason)).toEqual(['code_taken']);
  });

  test('[VAL-12] spending part of it writes one redeem entry; a resent batch moves nothing twice', async () => {
    const card = await sellCard(2500);
    const sale = spend(card, 700, 2500);
    const batch = [op('sale.record', sale)];
    const [answer] = await applyOps(shop.cashier.client, batch);
    expect(answer?.status).toBe('applied');
    expect(await balanceOf(card.account_id)).toBe(1800);
    expect(await paymentOf(sale)).toEqual({
      method: 'gift_card',
      amount: 700,
      account_id: card.account_id,
      points: null,
      balance_seen: 2500,
      offline: true,
    });
    const [again] = await applyOps(shop.cashier.client, batch);
    expect(again?.status).toBe('duplicate');
    const entries = await entriesOf(card.account_id);
    expect(entries.map((e) => [e.id, e.kind, e.delta, e.balance_after])).toEqual([
      [card.sale.lines[0]?.id, 'issue', 2500, 2500],
      [sale.payments[0]?.id, 'redeem', -700, 1800],
    ]);
    expect(await flagsOf(shop.companyId, ['overdraw', 'value_account'])).not.toContainEqual(
      expect.objectContaining({ sale_id: sale.id }),
    );
  });

  test('[VAL-12] a store-credit, points or account tender needs the sale’s customer', async () => {
    const sale = valueSale(till, {
      products: [{ product: cup, quantity: 1 }],
      tenders: [{ method: 'store_credit', amount: cup.price }],
    });
    expect(await record(sale)).toMatchObject({ status: 'rejected', error: { code: 'customer_required' } });
  });

  test('[VAL-12] [VAL-22] a charge to an account made on first use (limit 0) is kept and flagged overdraw', async () => {
    const bob = await addCustomer(shop, 'Bob Charge');
    const sale = valueSale(till, {
      products: [{ product: cup, quantity: 2 }],
      tenders: [{ method: 'on_account', amount: 2 * cup.price, balance_seen: 0, offline: true }],
      customerId: bob,
    });
    expect((await record(sale))?.status).toBe('applied');
    const account = customerAccountId(bob, 'on_account');
    expect((await paymentOf(sale)).account_id).toBe(account);
    expect((await entriesOf(account)).map((e) => [e.kind, e.delta])).toEqual([['charge', -2 * cup.price]]);
    const flags = await flagsOf(shop.companyId, ['overdraw']);
    expect(flags.find((f) => f.sale_id === sale.id)?.detail).toMatchObject({
      account_kind: 'on_account',
      floor: 0,
      balance_after: -2 * cup.price,
    });
  });
});

describe('[VAL-13] [VAL-17] loyalty points', () => {
  test('[VAL-13] a sale with a customer earns the server’s points; the till’s figure is kept beside them', async () => {
    const before = await balanceOf(customerAccountId(alice, 'loyalty'));
    // 4 mugs (700) and a €10.00 gift card: points on the mugs only, 1 per whole euro → 7.
    const sale = valueSale(till, {
      products: [{ product: mug, quantity: 4 }],
      cards: [giftCardLine(1000, { account_id: uuidv7(), code: newCode() })],
      customerId: alice,
      fields: { loyalty: { earned: 7 } },
    });
    expect((await record(sale))?.status).toBe('applied');
    const entries = (await entriesOf(customerAccountId(alice, 'loyalty'))).filter(
      (e) => e.sale_id === sale.id,
    );
    expect(entries.map((e) => [e.kind, e.delta, e.till_delta])).toEqual([['earn', 7, 7]]);
    expect(await balanceOf(customerAccountId(alice, 'loyalty'))).toBe(before + 7);
    expect((await flagsOf(shop.companyId, ['loyalty'])).filter((f) => f.sale_id === sale.id)).toEqual([]);
  });

  test('[VAL-13] [VAL-25] points spent earn nothing; a till that printed other points is flagged, the server’s stand', async () => {
    const account = customerAccountId(alice, 'loyalty');
    const before = await balanceOf(account);
    // 8 mugs (1400), 5 of it paid with 5 points: eligible 1395 → 13 points; the till printed 14.
    const sale = valueSale(till, {
      products: [{ product: mug, quantity: 8 }],
      tenders: [{ method: 'loyalty', amount: 5, points: 5, balance_seen: before, offline: false }],
      customerId: alice,
      fields: { loyalty: { earned: 14 } },
    });
    expect((await record(sale))?.status).toBe('applied');
    const entries = (await entriesOf(account)).filter((e) => e.sale_id === sale.id);
    expect(entries.map((e) => [e.kind, e.delta, e.till_delta])).toEqual([
      ['redeem', -5, null],
      ['earn', 13, 14],
    ]);
    expect(await balanceOf(account)).toBe(before - 5 + 13);
    const flags = (await flagsOf(shop.companyId, ['loyalty'])).filter((f) => f.sale_id === sale.id);
    expect(flags.map((f) => f.detail)).toEqual([{ reason: 'differs', till: 14, server: 13 }]);
  });

  test('[VAL-14] [VAL-25] points as a discount: one redeem of −points; points spent above their worth are flagged', async () => {
    const account = customerAccountId(alice, 'loyalty');
    const before = await balanceOf(account);
    // 4 mugs (700) with 150 off for 100 points, worth only 100: the sale stands, flagged redeem_rate.
    const base = valueSale(till, {
      products: [{ product: mug, quantity: 4, discount: 150 }],
      customerId: alice,
    });
    const sale = {
      ...base,
      loyalty_discount: { points: 100, amount: 150, balance_seen: before, offline: false },
    };
    expect((await record(sale))?.status).toBe('applied');
    const entries = (await entriesOf(account)).filter((e) => e.sale_id === sale.id);
    // Eligible for earning: the 550 paid after the discount → 5 points.
    expect(entries.map((e) => [e.kind, e.delta])).toEqual([
      ['redeem', -100],
      ['earn', 5],
    ]);
    const flags = (await flagsOf(shop.companyId, ['loyalty'])).filter((f) => f.sale_id === sale.id);
    expect(flags.map((f) => f.detail)).toEqual([
      { reason: 'redeem_rate', points: 100, amount: 150, worth: 100 },
    ]);
  });

  test('[VAL-25] points spent in a shop whose loyalty is off: written all the same, flagged disabled', async () => {
    const dora = await addCustomer(other, 'Dora Off');
    const product = nth(other.products, 0);
    const sale = valueSale(otherTill, {
      products: [{ product, quantity: 1 }],
      tenders: [{ method: 'loyalty', amount: 10, points: 10, balance_seen: 0, offline: true }],
      customerId: dora,
    });
    expect((await record(sale, other.cashier))?.status).toBe('applied');
    expect((await entriesOf(customerAccountId(dora, 'loyalty'))).map((e) => [e.kind, e.delta])).toEqual([
      ['redeem', -10],
    ]);
    const flags = (await flagsOf(other.companyId, ['loyalty'])).filter((f) => f.sale_id === sale.id);
    expect(flags.map((f) => f.detail.reason)).toEqual(['disabled']);
  });

  test('[VAL-17] a full refund in two parts unearns exactly what was earned', async () => {
    const account = customerAccountId(alice, 'loyalty');
    // 3 cups (300) + 3 mugs (525) = 825 → 8 points. First the mugs: floor(8 × 525 / 825) = 5; then the rest: 3.
    const sale = valueSale(till, {
      products: [
        { product: cup, quantity: 3 },
        { product: mug, quantity: 3 },
      ],
      customerId: alice,
    });
    expect((await record(sale))?.status).toBe('applied');
    const earned = await balanceOf(account);
    const first = valueRefund(till, sale, [1], { fields: { loyalty: { unearned: 5 } } });
    const second = valueRefund(till, sale, [0]);
    const answers = await applyOps(shop.manager.client, [first, second]);
    expect(answers.map((a) => a.status)).toEqual(['applied', 'applied']);
    const unearned = (await entriesOf(account)).filter(
      (e) => e.sale_id === first.args.id || e.sale_id === second.args.id,
    );
    expect(unearned.map((e) => [e.kind, e.delta])).toEqual([
      ['unearn', -5],
      ['unearn', -3],
    ]);
    expect(await balanceOf(account)).toBe(earned - 8);
    expect((await flagsOf(shop.companyId, ['loyalty'])).filter((f) => f.sale_id === first.args.id)).toEqual(
      [],
    );
  });
});

describe('[VAL-10] value sales leave the batch path', () => {
  test('[VAL-10] in one batch with plain sales, a card spend and a customer’s sale (loyalty on) write their entries', async () => {
    const card = await sellCard(1000);
    const plain = () => valueSale(till, { products: [{ product: cup, quantity: 1 }] });
    const spent = spend(card, 300, 1000);
    const earning = valueSale(till, { products: [{ product: mug, quantity: 4 }], customerId: alice });
    const answers = await applyOps(
      shop.cashier.client,
      [plain(), spent, plain(), earning, plain()].map((args) => op('sale.record', args)),
    );
    expect(answers.map((a) => a.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
    expect(await balanceOf(card.account_id)).toBe(700);
    const earned = (await entriesOf(customerAccountId(alice, 'loyalty'))).filter(
      (e) => e.sale_id === earning.id,
    );
    expect(earned.map((e) => [e.kind, e.delta])).toEqual([['earn', 7]]);
  });
});

describe('[VAL-15] [VAL-16] refunds onto value', () => {
  test('[VAL-15] a sale made without a customer is refunded to the store credit of one named at the counter', async () => {
    const carol = await addCustomer(shop, 'Carol Credit');
    const sale = valueSale(till, { products: [{ product: mug, quantity: 2 }] });
    expect((await record(sale))?.status).toBe('applied');
    const refund = valueRefund(till, sale, [0], {
      tenders: [{ method: 'store_credit', amount: 2 * mug.price }],
      fields: { customer_id: carol },
    });
    const [answer] = await applyOps(shop.manager.client, [refund]);
    expect(answer?.status).toBe('applied');
    const account = customerAccountId(carol, 'store_credit');
    expect((await entriesOf(account)).map((e) => [e.kind, e.delta, e.sale_id])).toEqual([
      ['refund', 2 * mug.price, refund.args.id],
    ]);
    expect(await balanceOf(account)).toBe(2 * mug.price);
    const stored = await serviceClient()
      .from('sales')
      .select('customer_id')
      .eq('id', String(refund.args.id))
      .single();
    expect(stored.data?.customer_id).toBe(carol);
  });

  test('[VAL-15] a refund to store credit with no customer on it or on the sale is refused', async () => {
    const sale = valueSale(till, { products: [{ product: cup, quantity: 1 }] });
    expect((await record(sale))?.status).toBe('applied');
    const refund = valueRefund(till, sale, [0], { tenders: [{ method: 'store_credit', amount: cup.price }] });
    const [answer] = await applyOps(shop.manager.client, [refund]);
    expect(answer).toMatchObject({ status: 'rejected', error: { code: 'customer_required' } });
  });

  test('[VAL-16] refunding a gift-card sale unissues the card and voids it', async () => {
    const card = await sellCard(1000);
    const [answer] = await applyOps(shop.manager.client, [valueRefund(till, card.sale, [0])]);
    expect(answer?.status).toBe('applied');
    expect((await entriesOf(card.account_id)).map((e) => [e.kind, e.delta, e.balance_after])).toEqual([
      ['issue', 1000, 1000],
      ['unissue', -1000, 0],
    ]);
    const account = await serviceClient()
      .from('value_accounts')
      .select('status')
      .eq('id', card.account_id)
      .single();
    expect(account.data?.status).toBe('void');
  });

  test('[VAL-16] [VAL-22] a card spent elsewhere meanwhile is still unissued, and the overdraw flagged', async () => {
    const card = await sellCard(1000);
    expect((await record(spend(card, 600, 1000)))?.status).toBe('applied');
    const refund = valueRefund(till, card.sale, [0]);
    expect((await applyOps(shop.manager.client, [refund]))[0]?.status).toBe('applied');
    expect(await balanceOf(card.account_id)).toBe(-600);
    const flags = (await flagsOf(shop.companyId, ['overdraw'])).filter((f) => f.sale_id === refund.args.id);
    expect(flags.map((f) => f.detail)).toEqual([
      expect.objectContaining({
        entry_kind: 'unissue',
        balance_before: 400,
        delta: -1000,
        balance_after: -600,
      }),
    ]);
  });
});

describe('[VAL-22] [VAL-24] what does not fit is kept and flagged, never refused', () => {
  test('[VAL-22] a card spent past its balance: the sale stands, the balance goes negative, one flag', async () => {
    const card = await sellCard(1000);
    const sale = spend(card, 1500, 1000);
    expect((await record(sale))?.status).toBe('applied');
    expect(await balanceOf(card.account_id)).toBe(-500);
    const flags = (await flagsOf(shop.companyId, ['overdraw'])).filter((f) => f.sale_id === sale.id);
    expect(flags).toEqual([
      {
        kind: 'overdraw',
        dedupe_key: `overdraw:${String(sale.payments[0]?.id)}`,
        sale_id: sale.id,
        detail: {
          account_id: card.account_id,
          account_kind: 'gift_card',
          code_last4: card.code.replaceAll('-', '').slice(-4),
          customer_id: null,
          entry_kind: 'redeem',
          balance_before: 1000,
          delta: -1500,
          balance_after: -500,
          floor: 0,
          balance_seen: 1000,
          offline: true,
          within_allowance: false,
          sale_ids: [sale.id],
        },
      },
    ]);
  });

  test('[VAL-24] a card the shop does not have: the tender stays on the sale, no entry, flagged unknown_account', async () => {
    const unknown = uuidv7();
    const sale = spend({ account_id: unknown, code: newCode() }, 500, 500);
    expect((await record(sale))?.status).toBe('applied');
    expect((await paymentOf(sale)).account_id).toBe(unknown);
    expect(await entriesOf(unknown)).toEqual([]);
    const flags = (await flagsOf(shop.companyId, ['value_account'])).filter((f) => f.sale_id === sale.id);
    expect(flags.map((f) => f.detail.reason)).toEqual(['unknown_account']);
  });

  test('[VAL-24] a code that is not the card’s: the entry is written (the goods left) and flagged', async () => {
    const card = await sellCard(1000);
    const sale = spend({ account_id: card.account_id, code: newCode() }, 400, 1000);
    const withoutCode = spend({ account_id: card.account_id }, 100, 600);
    expect((await record(sale))?.status).toBe('applied');
    expect((await record(withoutCode))?.status).toBe('applied');
    expect(await balanceOf(card.account_id)).toBe(500);
    const flags = (await flagsOf(shop.companyId, ['value_account'])).filter(
      (f) => f.sale_id === sale.id || f.sale_id === withoutCode.id,
    );
    expect(flags.map((f) => [f.sale_id, f.detail.reason, f.detail.code_sent])).toEqual([
      [sale.id, 'code_mismatch', true],
      [withoutCode.id, 'code_mismatch', false],
    ]);
  });

  test('[VAL-24] a top-up naming a customer’s points account (not a gift card) writes nothing and is flagged', async () => {
    const sale = valueSale(till, {
      cards: [giftCardLine(500, { account_id: customerAccountId(alice, 'loyalty') })],
    });
    const before = await balanceOf(customerAccountId(alice, 'loyalty'));
    expect((await record(sale))?.status).toBe('applied');
    expect(await balanceOf(customerAccountId(alice, 'loyalty'))).toBe(before);
    const flags = (await flagsOf(shop.companyId, ['value_account'])).filter((f) => f.sale_id === sale.id);
    expect(flags.map((f) => f.detail.reason)).toEqual(['wrong_kind']);
  });

  test('[VAL-24] a member of another shop cannot spend this shop’s card: flagged in their shop, never written here', async () => {
    const card = await sellCard(1000);
    const theirs = valueSale(otherTill, {
      products: [{ product: nth(other.products, 0), quantity: 2 }],
      tenders: [{ method: 'gift_card', ...card, amount: 200, balance_seen: 1000, offline: true }],
    });
    expect((await record(theirs, other.cashier))?.status).toBe('applied');
    expect(await balanceOf(card.account_id)).toBe(1000);
    expect((await entriesOf(card.account_id)).map((e) => e.kind)).toEqual(['issue']);
    const flags = (await flagsOf(other.companyId, ['value_account'])).filter((f) => f.sale_id === theirs.id);
    expect(flags.map((f) => f.detail.reason)).toEqual(['unknown_account']);
    expect(await flagsOf(shop.companyId, ['value_account'])).not.toContainEqual(
      expect.objectContaining({ sale_id: theirs.id }),
    );
  });
});
