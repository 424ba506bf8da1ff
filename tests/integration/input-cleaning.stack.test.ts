// Input the server refuses or cleans (issue 33, supabase/SPEC.md §18 [INPUT-1]…[INPUT-5]), through the real
// supabase-js client on the local stack: names typed in the back office are refused in words when they carry
// a direction override or nothing visible, and stored trimmed and NFC; names inside a sale or an op are
// cleaned and never refuse it; Postgres's own messages never reach the caller; a receipt token that is not
// the till's gets no link, and the sale is recorded and flagged.
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, test } from 'vitest';
import { cleanName, nameProblem } from '../../src/domain/name-text';
import { newReceiptToken } from '../../src/domain/receipt-link';
import { applyOps, op, saleOp, type Op } from '../support/ops';
import { createShop, nth, registerTerminal, type Shop, type Terminal } from '../support/shop';

const RLO = '\u202e';
const ZWSP = '\u200b';

let shop: Shop;
let till: Terminal;

beforeAll(async () => {
  shop = await createShop({ products: 1 });
  till = await registerTerminal(shop.cashier, shop.storeId);
});

function product(name: string) {
  return { company_id: shop.companyId, name, price: 100, tax_rate_bp: 2000 };
}

const RAW_POSTGRES = /invalid input syntax|out of range|violates|null value in column|relation|constraint/i;

describe('names typed in the back office', () => {
  test('[INPUT-2] a product name with a direction override is refused in words, nothing stored', async () => {
    const { error } = await shop.manager.client.from('products').insert(product(`Invoice ${RLO}fdp.exe`));
    expect(error).toMatchObject({ hint: 'invalid_name' });
    expect(error?.message).toMatch(/^A product's name cannot carry hidden characters that reverse the text/);
    const { data } = await shop.manager.client.from('products').select('id').like('name', 'Invoice%');
    expect(data).toEqual([]);
  });

  test('[INPUT-2] a name with nothing visible is refused; a typed one is stored trimmed, NFC, one-spaced', async () => {
    const blank = await shop.manager.client.from('products').insert(product(`${ZWSP} \u0007 ${ZWSP}`));
    expect(blank.error).toMatchObject({
      hint: 'invalid_name',
      message: "A product's name cannot be blank: type letters or digits",
    });
    const typed = await shop.manager.client
      .from('products')
      .insert(product('  Cafe\u0301\t au\u00a0lait\u200b '))
      .select('name')
      .single();
    expect(typed.error).toBeNull();
    expect(typed.data?.name).toBe('Café au lait');
  });

  test('[INPUT-2] staff saved with an override are refused in words', async () => {
    const { error } = await shop.owner.client.rpc('save_staff', {
      p_company_id: shop.companyId,
      p_staff: { name: `Cara ${RLO}`, role: 'cashier' },
    });
    expect(error).toMatchObject({ hint: 'invalid_name' });
    expect(error?.message).toMatch(/^A staff member's name cannot carry hidden characters/);
  });

  test('[INPUT-2] [INPUT-3] a customer written directly is refused; one arriving in an op is cleaned, not refused', async () => {
    const direct = await shop.cashier.client
      .from('customers')
      .insert({ id: uuidv7(), company_id: shop.companyId, name: `Ann ${RLO}eel` });
    expect(direct.error).toMatchObject({ hint: 'invalid_name' });
    const id = uuidv7();
    const [answer] = await applyOps(shop.cashier.client, [
      op('customer.upsert', { id, company_id: shop.companyId, name: ` Ann\u0001x ${RLO}Lee\u202c ` }),
    ]);
    expect(answer?.status).toBe('applied');
    const { data } = await shop.cashier.client.from('customers').select('name').eq('id', id).single();
    expect(data?.name).toBe('Annx Lee');
  });
});

describe('the till and the server read a name alike', () => {
  const NAMES = [
    'Plain',
    '  two  spaces  ',
    'Cafe\u0301',
    'tab\there',
    'line\r\nbreak',
    `zero${ZWSP}width`,
    'soft\u00adhyphen',
    '\ufeffbom',
    'Zoë \u200dJoiner',
    `x${RLO}y`,
    'iso\u2066late\u2069',
    `${ZWSP}\u200d`,
    '\u3164',
    'نام\u200cفارسی',
  ];

  test.each(NAMES)('[INPUT-1] %j', async (typed) => {
    const stored = await shop.manager.client.from('products').insert(product(typed)).select('name').single();
    const problem = nameProblem(typed, 'product');
    if (problem === null) expect(stored.data?.name).toBe(cleanName(typed));
    else expect(`${stored.error?.message ?? 'stored'}.`).toBe(problem);
  });
});

describe('names inside a sale', () => {
  test('[INPUT-3] a line name with control and direction characters is recorded, cleaned; a blank one takes the product name', async () => {
    const sale = saleOp({
      terminal: till,
      lines: [
        { product: nth(shop.products, 0), quantity: 1 },
        { product: nth(shop.products, 0), quantity: 2 },
      ],
    });
    const lines = sale.args.lines as { name: string }[];
    nth(lines, 0).name = `Esp\u0001resso\n${RLO}dlo `;
    nth(lines, 1).name = `${ZWSP}\u0007`;
    const [answer] = await applyOps(shop.cashier.client, [sale]);
    expect(answer?.status).toBe('applied');
    const { data } = await shop.manager.client
      .from('sale_lines')
      .select('name')
      .eq('sale_id', sale.args.id)
      .order('line_no');
    expect(data).toEqual([{ name: 'Espresso dlo' }, { name: nth(shop.products, 0).name }]);
  });
});

describe('Postgres messages', () => {
  test('[INPUT-4] a bad uuid filter, an rpc argument and a number out of range answer codes and sentences', async () => {
    const filter = await shop.manager.client.from('products').select('id').eq('id', 'not-a-uuid');
    expect(filter.error).toMatchObject({
      code: '22P02',
      hint: 'invalid_id',
      message: 'An id is not a valid id.',
    });
    const rpc = await shop.manager.client.rpc('revoke_receipt_link', { p_sale_id: 'nope' });
    expect(rpc.error).toMatchObject({ hint: 'invalid_id' });
    const big = await shop.manager.client.from('products').insert({ ...product('Big'), price: 1e20 });
    expect(big.error).toMatchObject({ code: '22003', hint: 'number_out_of_range' });
    const date = await shop.manager.client.from('products').select('id').gt('created_at', 'yesterday-ish');
    expect(date.error).toMatchObject({ hint: 'invalid_date' });
    const missing = await shop.manager.client
      .from('products')
      .insert({ company_id: shop.companyId, name: 'No price', tax_rate_bp: 0 });
    expect(missing.error).toMatchObject({ code: '23502', hint: 'missing_value' });
    for (const error of [filter.error, rpc.error, big.error, date.error, missing.error]) {
      expect(`${error?.message ?? ''} ${error?.details ?? ''}`).not.toMatch(RAW_POSTGRES);
    }
  });
});

describe('apply_ops answers', () => {
  test('[INPUT-4] hostile values in ops are answered with codes and sentences, never Postgres text', async () => {
    const line = (change: Record<string, unknown>) => {
      const sale = saleOp({ terminal: till, lines: [{ product: nth(shop.products, 0), quantity: 1 }] });
      Object.assign(nth(sale.args.lines as Record<string, unknown>[], 0), change);
      return sale;
    };
    const dated = saleOp({ terminal: till, lines: [{ product: nth(shop.products, 0), quantity: 1 }] });
    dated.args.occurred_at = '2026-13-45T10:00:00Z';
    const hostile = [
      dated,
      line({ quantity: 1e30 }),
      line({ product_id: 'nope' }),
      line({ total: 1e19 }),
      op('customer.upsert', { id: 'abc', company_id: shop.companyId, name: 'x' }),
      op('customer.upsert', { id: uuidv7(), company_id: shop.companyId, name: 'x', email: 'not mail' }),
      op('customer.upsert', { id: uuidv7(), company_id: shop.companyId, name: 'x', phone: 'call me' }),
    ];
    for (const sent of hostile) {
      const [answer] = await applyOps(shop.manager.client, [sent]);
      expect(answer?.status).toBe('rejected');
      expect(answer?.error?.message, JSON.stringify(answer)).not.toMatch(RAW_POSTGRES);
    }
  });
});

describe('receipt tokens', () => {
  async function flagsOf(saleId: unknown) {
    const answer: { data: unknown; error: { message: string } | null } = await shop.manager.client.rpc(
      'list_flags',
      { p_company: shop.companyId },
    );
    if (answer.error) throw new Error(answer.error.message);
    return (answer.data as { kind: string; sale_id: string; detail: Record<string, unknown> }[]).filter(
      (flag) => flag.sale_id === saleId,
    );
  }

  function sale(token: string): Op {
    const recorded = saleOp({ terminal: till, lines: [{ product: nth(shop.products, 0), quantity: 1 }] });
    recorded.args.receipt_token = token;
    return recorded;
  }

  test("[INPUT-5] a token not of the till's length and alphabet: the sale is applied, unlinked and flagged", async () => {
    const good = newReceiptToken();
    const bad = [`${good}A`, good.slice(1), 'a'.repeat(86), `${good.slice(2)}+/=`, good];
    const sales = bad.map(sale);
    const answers = await applyOps(shop.cashier.client, sales);
    expect(answers.map((a) => a.status)).toEqual(bad.map(() => 'applied'));
    for (const [i, recorded] of sales.entries()) {
      const { count } = await shop.manager.client
        .from('receipt_links')
        .select('token', { count: 'exact', head: true })
        .eq('sale_id', recorded.args.id);
      const flags = await flagsOf(recorded.args.id);
      if (i === bad.length - 1) {
        expect([count, flags]).toEqual([1, []]);
      } else {
        expect(count, bad[i]).toBe(0);
        expect(flags).toEqual([
          expect.objectContaining({
            kind: 'receipt_token',
            detail: { reason: 'malformed', length: nth(bad, i).length },
          }),
        ]);
      }
    }
    const taken = sale(good);
    expect((await applyOps(shop.cashier.client, [taken]))[0]?.status).toBe('applied');
    expect(await flagsOf(taken.args.id)).toEqual([
      expect.objectContaining({ kind: 'receipt_token', detail: { reason: 'taken', length: 22 } }),
    ]);
  });
});
