// Receipt links (supabase/SPEC.md §14): the token a sale.record carries, the public page's `public_receipt` as anyone,
// and the manager's revoke — as the sale's own cashier, a member of another shop and anon.
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, test } from 'vitest';
import { newReceiptToken } from '../../src/domain/receipt-link';
import { applyOps, op, saleOp, type Op } from '../support/ops';
import { createShop, nth, registerTerminal } from '../support/shop';
import type { Shop, Terminal } from '../support/shop';
import { anonClient } from '../support/supabase';

let shop: Shop;
let other: Shop;
let till: Terminal;
let otherTill: Terminal;

beforeAll(async () => {
  shop = await createShop({ products: 2 });
  other = await createShop({ products: 1 });
  till = await registerTerminal(shop.cashier, shop.storeId);
  otherTill = await registerTerminal(other.cashier, other.storeId);
});

const newToken = () => newReceiptToken();

/** An activity event between sales, which ends a run of sale.record ops. */
function noSale() {
  return {
    id: uuidv7(),
    terminal_id: till.id,
    kind: 'no_sale',
    detail: {},
    occurred_at: new Date().toISOString(),
  };
}

/** A sale with the receipt token its till drew. */
function sale(token: string = newToken(), terminal: Terminal = till, source: Shop = shop): Op {
  const recorded = saleOp({ terminal, lines: [{ product: nth(source.products, 0), quantity: 2 }] });
  recorded.args.receipt_token = token;
  return recorded;
}

async function publicReceipt(token: string): Promise<Record<string, unknown> | null> {
  const answer = await anonClient().rpc('public_receipt', { p_token: token });
  if (answer.error) throw new Error(answer.error.message);
  return answer.data as Record<string, unknown> | null;
}

describe('the receipt token of sale.record', () => {
  test('[RCPT-10] a sale recorded with a token is linked, once, however often it is replayed', async () => {
    const token = newToken();
    const recorded = sale(token);
    const answers = await applyOps(shop.cashier.client, [recorded]);
    expect(answers.map((a) => a.status)).toEqual(['applied']);
    const replay = await applyOps(shop.cashier.client, [recorded]);
    expect(replay.map((a) => a.status)).toEqual(['duplicate']);
    const receipt = await publicReceipt(token);
    expect(receipt).toMatchObject({ receipt_no: recorded.args.receipt_no, total: recorded.args.total });
    const { count } = await shop.manager.client
      .from('receipt_links')
      .select('token', { count: 'exact', head: true })
      .eq('sale_id', recorded.args.id);
    expect(count).toBe(1);
  });

  test('[RCPT-10] every sale of a batch gets its own link, with the other ops in between', async () => {
    const tokens = [newToken(), newToken(), newToken()];
    const sales = tokens.map((token) => sale(token));
    const batch = [nth(sales, 0), nth(sales, 1), op('activity.record', noSale()), nth(sales, 2)];
    const answers = await applyOps(shop.cashier.client, batch);
    expect(answers.map((a) => a.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    for (const [i, s] of sales.entries()) {
      expect(await publicReceipt(nth(tokens, i))).toMatchObject({ receipt_no: s.args.receipt_no });
    }
  });

  test('[RCPT-10] a token another sale holds links nothing, and a malformed one is refused with the sale kept', async () => {
    const token = newToken();
    const first = sale(token);
    const second = sale(token);
    const answers = await applyOps(shop.cashier.client, [first, second]);
    expect(answers.map((a) => a.status)).toEqual(['applied', 'applied']);
    expect(await publicReceipt(token)).toMatchObject({ receipt_no: first.args.receipt_no });
    const malformed = sale('short');
    const [answer] = await applyOps(shop.cashier.client, [malformed]);
    expect(answer?.status).toBe('applied');
    const { count } = await shop.manager.client
      .from('receipt_links')
      .select('token', { count: 'exact', head: true })
      .eq('sale_id', malformed.args.id);
    expect(count).toBe(0);
  });

  test("[RCPT-10] another shop's sale cannot take a shop's token, nor read its links", async () => {
    const token = newToken();
    await applyOps(shop.cashier.client, [sale(token)]);
    const theirs = sale(token, otherTill, other);
    const [answer] = await applyOps(other.cashier.client, [theirs]);
    expect(answer?.status).toBe('applied');
    expect(await publicReceipt(token)).not.toMatchObject({ receipt_no: theirs.args.receipt_no });
    const { data } = await other.owner.client.from('receipt_links').select('token').eq('token', token);
    expect(data).toEqual([]);
  });
});

describe('public_receipt', () => {
  test('[RCPT-12] anyone reads the receipt and nothing else: no customer, cashier, till or ids', async () => {
    const token = newToken();
    const recorded = sale(token);
    await applyOps(shop.cashier.client, [recorded]);
    const receipt = await publicReceipt(token);
    expect(Object.keys(receipt ?? {}).sort()).toEqual(
      [
        'address',
        'currency',
        'discount_total',
        'footer',
        'header',
        'kind',
        // [RLANG-1] The shop's language, which the page is written in.
        'language',
        'lines',
        // [VAL-R2] The points the sale earned, as the server counts them (null without a customer).
        'loyalty',
        'occurred_at',
        'payments',
        'prices_include_tax',
        // [RPROMO-1] The promotions the customer got, by the shop's names for them (no ids).
        'promotions',
        'receipt_no',
        'rounding',
        'shop_name',
        'store_name',
        'subtotal',
        'tax_number',
        'tax_total',
        'taxes',
        'time_zone',
        'total',
      ].sort(),
    );
    const text = JSON.stringify(receipt);
    for (const secret of [recorded.args.id, till.id, shop.cashier.id, shop.companyId, shop.storeId]) {
      expect(text).not.toContain(secret as string);
    }
    expect(receipt?.lines).toEqual([
      expect.objectContaining({ name: nth(shop.products, 0).name, quantity: 2, total: recorded.args.total }),
    ]);
    expect(receipt?.payments).toEqual([{ method: 'card', amount: recorded.args.total }]);
    expect(text).not.toContain('TEST');
  });

  test('[RCPT-13] an unknown token and a malformed one answer the same null', async () => {
    expect(await publicReceipt(newToken())).toBeNull();
    expect(await publicReceipt("' or 1=1 --")).toBeNull();
  });
});

describe('revoke_receipt_link', () => {
  test('[RCPT-14] a cashier cannot revoke; a manager can, and the link then reads as not found', async () => {
    const token = newToken();
    const recorded = sale(token);
    await applyOps(shop.cashier.client, [recorded]);
    const saleId = recorded.args.id as string;
    const byCashier = await shop.cashier.client.rpc('revoke_receipt_link', { p_sale_id: saleId });
    expect(byCashier.error?.hint).toBe('insufficient_role');
    const byOther = await other.owner.client.rpc('revoke_receipt_link', { p_sale_id: saleId });
    expect(byOther.error?.hint).toBe('not_member');
    const byAnon = await anonClient().rpc('revoke_receipt_link', { p_sale_id: saleId });
    expect(byAnon.error).not.toBeNull();
    expect(await publicReceipt(token)).not.toBeNull();
    const byManager = await shop.manager.client.rpc('revoke_receipt_link', { p_sale_id: saleId });
    expect(byManager).toMatchObject({ error: null, data: 1 });
    expect(await publicReceipt(token)).toBeNull();
  });
});
