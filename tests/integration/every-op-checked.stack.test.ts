// Every op and function, checked (supabase/SPEC.md §23, issue 33): an op's rejection reads in words, never in
// Postgres's text ([AUDIT-1]); a paired till reaches only its own store's card payments and receipt mail
// ([AUDIT-2], [AUDIT-3]).
import type { SupabaseClient } from '@supabase/supabase-js';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, test } from 'vitest';
import { pairDevice, type PairedDevice } from '../support/devices';
import { applyOps, op, refundOp, saleArgs, saleOp } from '../support/ops';
import { addStore, createShop, must, nth, registerTerminal, type Shop, type Terminal } from '../support/shop';
import { anonClient, serviceClient } from '../support/supabase';

let shop: Shop;
let storeB: string;
let device: PairedDevice;
let tillA: Terminal;
let tillB: Terminal;
let saleA: string;
let saleB: string;
let paymentA: string;
let paymentB: string;

/** A card payment row on a till, as the card-payments function records one (no Stripe needed for the gate). */
async function cardPayment(terminal: Terminal): Promise<string> {
  const row = must<{ id: string }>(
    await serviceClient()
      .from('card_payments')
      .insert({ company_id: shop.companyId, terminal_id: terminal.id, amount: 500, currency: 'EUR' })
      .select('id')
      .single(),
    'card payment',
  );
  return row.id;
}

async function recordSale(client: SupabaseClient, terminal: Terminal): Promise<string> {
  const sale = saleOp({
    terminal,
    lines: [{ product: nth(shop.products, 0), quantity: 1 }],
    cashierId: shop.cashier.id,
  });
  const [answer] = await applyOps(client, [sale]);
  expect(answer?.status).toBe('applied');
  return sale.args.id as string;
}

beforeAll(async () => {
  shop = await createShop({ products: 1 });
  storeB = await addStore(shop, 'Store B');
  device = await pairDevice(shop.manager, shop.companyId, shop.storeId, 'Front counter');
  tillA = await registerTerminal({ ...shop.manager, client: device.client }, shop.storeId, 'Paired till');
  tillB = await registerTerminal(shop.manager, storeB, 'Store B till');
  saleA = await recordSale(shop.manager.client, tillA);
  saleB = await recordSale(shop.manager.client, tillB);
  paymentA = await cardPayment(tillA);
  paymentB = await cardPayment(tillB);
});

const POSTGRES_TEXT = /type |out of range|syntax|violates|constraint|relation|column/i;

describe('[AUDIT-1] an op is refused in words, never in Postgres text', () => {
  const sale = () =>
    saleArgs({ terminal: tillA, tender: 'cash', lines: [{ product: nth(shop.products, 0), quantity: 1 }] });

  test.each([
    ['22008', 'a date that does not exist', '2026-02-30T10:00:00Z'],
    ['22008', 'an hour that does not exist', '2026-01-01T99:00:00Z'],
    ['22007', 'a time Postgres cannot read', '2026-01-01T::Z'],
  ])('[AUDIT-1] %s: created_at with %s', async (_state, _what, createdAt) => {
    const [answer] = await applyOps(shop.manager.client, [
      { ...op('sale.record', sale()), created_at: createdAt },
    ]);
    expect(answer?.status).toBe('rejected');
    expect(answer?.error).toEqual({
      code: 'invalid_args',
      message: 'A date or time is not in a form the server reads.',
    });
  });

  test('[AUDIT-1] a duplicate id is refused without naming the constraint', async () => {
    const args = sale();
    const [first] = await applyOps(shop.manager.client, [op('sale.record', args)]);
    expect(first?.status).toBe('applied');
    const [again] = await applyOps(shop.manager.client, [op('sale.record', { ...sale(), id: args.id })]);
    expect(again?.error?.code).toBe('duplicate_id');
    expect(again?.error?.message).not.toMatch(POSTGRES_TEXT);
    expect(again?.error?.message).not.toMatch(/pkey/);
  });

  test("[AUDIT-1] the server's own refusals keep their own words", async () => {
    const [answer] = await applyOps(shop.manager.client, [
      op('sale.record', { ...sale(), cashier_id: 'nope' }),
    ]);
    expect(answer?.error).toEqual({ code: 'invalid_args', message: 'cashier_id must be a UUID' });
  });
});

async function refusal(client: SupabaseClient, fn: string, args: Record<string, unknown>) {
  const { error } = await client.rpc(fn, args);
  return error?.hint ?? null;
}

describe('[AUDIT-2] a paired till reaches only its own store’s card payments', () => {
  test('[AUDIT-2] its own till and its payments pass the gate', async () => {
    expect(await refusal(device.client, 'card_access', { p_terminal_id: tillA.id })).toBeNull();
    expect(await refusal(device.client, 'card_access', { p_payment_id: paymentA })).toBeNull();
  });

  test("[AUDIT-2] another store's till, payment and reader are refused", async () => {
    const reader = must<{ id: string }>(
      await serviceClient()
        .from('card_readers')
        .insert({
          company_id: shop.companyId,
          stripe_reader_id: `tmr_${uuidv7().replaceAll('-', '')}`,
          label: 'Store B reader',
          device_type: 'simulated_wisepos_e',
          terminal_id: tillB.id,
        })
        .select('id')
        .single(),
      'reader',
    );
    expect(await refusal(device.client, 'card_access', { p_terminal_id: tillB.id })).toBe(
      'insufficient_role',
    );
    expect(await refusal(device.client, 'card_access', { p_payment_id: paymentB })).toBe('insufficient_role');
    expect(await refusal(device.client, 'card_access', { p_reader_id: reader.id })).toBe('insufficient_role');
    // A member of the shop still reaches every store's.
    expect(await refusal(shop.cashier.client, 'card_access', { p_payment_id: paymentB })).toBeNull();
  });
});

describe('[AUDIT-3] a paired till mails only its own store’s receipts', () => {
  test("[AUDIT-3] send-receipt's request for another store's sale is refused", async () => {
    const ask = (saleId: string) =>
      refusal(device.client, 'receipt_email_request', {
        p_id: uuidv7(),
        p_sale_id: saleId,
        p_email: 'guest@example.com',
      });
    expect(await ask(saleB)).toBe('insufficient_role');
    expect(await ask(saleA)).toBeNull();
  });

  test("[AUDIT-3] asking again for a request of another store's sale is refused", async () => {
    const id = uuidv7();
    expect(
      await refusal(shop.manager.client, 'receipt_email_request', {
        p_id: id,
        p_sale_id: saleB,
        p_email: 'guest@example.com',
      }),
    ).toBeNull();
    expect(await refusal(device.client, 'receipt_email_request', { p_id: id })).toBe('insufficient_role');
  });

  test("[AUDIT-3] a receipt.email op from its own till for another store's sale is refused", async () => {
    const mail = (saleId: string) =>
      op('receipt.email', {
        id: uuidv7(),
        terminal_id: tillA.id,
        sale_id: saleId,
        email: 'guest@example.com',
      });
    const [other, own] = await applyOps(device.client, [mail(saleB), mail(saleA)]);
    expect(other?.status).toBe('rejected');
    expect(other?.error?.code).toBe('insufficient_role');
    expect(own?.status).toBe('applied');
  });
});

describe("[AUDIT-4] send-receipt's service steps are the service role's only", () => {
  test('[AUDIT-4] nobody signed in, and no member of any shop, reads, sends or holds a queued mail', async () => {
    const id = uuidv7();
    expect(
      await refusal(shop.manager.client, 'receipt_email_request', {
        p_id: id,
        p_sale_id: saleA,
        p_email: 'guest@example.com',
      }),
    ).toBeNull();
    const other = await createShop({ products: 1 });
    for (const client of [anonClient(), other.owner.client, shop.owner.client, device.client]) {
      const calls = [
        client.rpc('receipt_for_mail', { p_id: id, p_new_token: 'chosen-by-the-caller-0123456789' }),
        client.rpc('receipt_email_sent', { p_id: id }),
        client.rpc('receipt_email_claim', { p_id: id, p_claim: true }),
      ];
      for (const { data, error } of await Promise.all(calls)) {
        expect(error?.code).toBe('42501');
        expect(data).toBeNull();
      }
    }
    const { error } = await anonClient().rpc('receipt_email_request', { p_id: id });
    expect(error?.code).toBe('42501');
    const row = must<{ sent_at: string | null; claimed_at: string | null }>(
      await serviceClient().from('receipt_emails').select('sent_at, claimed_at').eq('id', id).single(),
      'request',
    );
    expect(row).toEqual({ sent_at: null, claimed_at: null });
  });
});

describe("[AUDIT-6] the ops log names only a till of the op's own shop", () => {
  test('[AUDIT-6] a customer.upsert claiming another shop’s till is logged with none; its own till is kept', async () => {
    const other = await createShop({ products: 1 });
    const otherTill = await registerTerminal(other.manager, other.storeId);
    const customer = (terminalId: string) => ({
      ...op('customer.upsert', { id: uuidv7(), company_id: shop.companyId, name: 'Ada' }),
      terminal_id: terminalId,
    });
    const foreign = customer(otherTill.id);
    const own = customer(tillA.id);
    const rejected = {
      ...op('customer.upsert', { id: 'nope', company_id: shop.companyId }),
      terminal_id: otherTill.id,
    };
    const answers = await applyOps(shop.manager.client, [foreign, own, rejected]);
    expect(answers.map((a) => a.status)).toEqual(['applied', 'applied', 'rejected']);
    const logged = must<{ op_id: string; terminal_id: string | null }[]>(
      await serviceClient()
        .from('applied_ops')
        .select('op_id, terminal_id')
        .in('op_id', [foreign.op_id, own.op_id, rejected.op_id]),
      'applied_ops',
    );
    const tillOf = new Map(logged.map((r) => [r.op_id, r.terminal_id]));
    expect(tillOf.get(foreign.op_id)).toBeNull();
    expect(tillOf.get(own.op_id)).toBe(tillA.id);
    expect(tillOf.get(rejected.op_id)).toBeNull();
  });
});

describe('[AUDIT-7] a cashier, a paired till and another shop’s owner are refused every manager’s function', () => {
  const range = { p_from: '2026-01-01', p_to: '2026-01-31' };
  const calls = (): [string, Record<string, unknown>][] => [
    ['list_flags', { p_company: shop.companyId }],
    ['list_devices', { p_company: shop.companyId }],
    ['revoke_device', { p_company: shop.companyId, p_device: device.id }],
    ['create_pairing_code', { p_company: shop.companyId, p_store: shop.storeId, p_name: 'Till' }],
    ['report_sales_by_day', { p_company: shop.companyId, ...range }],
    ['report_card_unverified', { p_company: shop.companyId, ...range }],
    ['report_margin', { p_company: shop.companyId, ...range }],
    ['insight_sales', { p_company: shop.companyId, ...range }],
    ['card_payment_issues', { p_terminal_id: tillA.id }],
    ['revoke_receipt_link', { p_sale_id: saleA }],
    ['import_products', { p_company: shop.companyId, p_rows: [] }],
    ['save_staff', { p_company_id: shop.companyId, p_staff: { display_name: 'Eve', role: 'manager' } }],
    ['list_invites', { p_company: shop.companyId }],
    ['create_invite', { p_company: shop.companyId, p_role: 'owner' }],
  ];

  test.each([
    ['a cashier', () => shop.cashier.client, 'insufficient_role'],
    ['a paired till', () => device.client, 'insufficient_role'],
  ])('[AUDIT-7] %s', async (_who, client, expected) => {
    for (const [fn, args] of calls()) {
      expect([fn, await refusal(client(), fn, args)]).toEqual([fn, expected]);
    }
  });

  test("[AUDIT-7] another shop's owner", async () => {
    const other = await createShop({ products: 1 });
    for (const [fn, args] of calls()) {
      expect([fn, await refusal(other.owner.client, fn, args)]).toEqual([
        fn,
        expect.stringMatching(/^(not_member|unknown_terminal|unknown_sale|insufficient_role)$/),
      ]);
    }
  });

  test('[AUDIT-7] a cashier’s stock move and unapproved refund are refused, and another shop’s too', async () => {
    const other = await createShop({ products: 1 });
    const move = op('stock.move', {
      id: uuidv7(),
      store_id: shop.storeId,
      product_id: nth(shop.products, 0).id,
      reason: 'receive',
      quantity: 5,
      unit_cost: 1,
      occurred_at: new Date().toISOString(),
    });
    const sale = saleOp({
      terminal: tillA,
      lines: [{ product: nth(shop.products, 0), quantity: 1 }],
      cashierId: shop.cashier.id,
    });
    const refund = refundOp(tillA, sale.args as unknown as Parameters<typeof refundOp>[1], [{ line: 0 }]);
    const mine = await applyOps(shop.cashier.client, [move, sale, refund]);
    expect(mine.map((a) => a.error?.code)).toEqual(['insufficient_role', undefined, 'insufficient_role']);
    const theirs = await applyOps(other.owner.client, [{ ...move, op_id: uuidv7() }]);
    expect(theirs[0]?.error?.code).toBe('not_member');
  });
});
