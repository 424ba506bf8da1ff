// [VAL-33] The customer-value reports on hand-worked figures: liability per kind (points valued at the shop's
// rate), receivables aged in the shop's time zone with payments settling the oldest charges first, activity
// by day and kind, and one account's statement; managers and owners only ([REP-1]). Entries are written as
// the server writes them (`on conflict (id) do nothing`, accounts first), which the service role's upsert is.
import { createHash } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, test } from 'vitest';
import { createShop, must, type Shop } from '../support/shop';
import { serviceClient } from '../support/supabase';

/** 14:00 in Paris on 30 June 2026: the moment the "as at" reports are asked about. */
const AT = '2026-06-30T12:00:00Z';

let shop: Shop;
let other: Shop;
let service: SupabaseClient;
const ids = {
  g1: crypto.randomUUID(),
  g2: crypto.randomUUID(),
  g3: crypto.randomUUID(),
  g4: crypto.randomUUID(),
};
const customers = { a: '', b: '', c: '' };

function customerAccountId(customerId: string, kind: string): string {
  const hex = createHash('md5').update(`${customerId}:${kind}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

async function addCustomer(name: string): Promise<string> {
  return must<{ id: string }>(
    await service.from('customers').insert({ company_id: shop.companyId, name }).select('id').single(),
    name,
  ).id;
}

/** Entries of one account, in the order given (the order the server applied them). */
async function write(account: string, entries: readonly [string, number, string][]): Promise<void> {
  for (const [kind, delta, occurredAt] of entries) {
    must<unknown>(
      await service.from('value_entries').upsert(
        {
          id: crypto.randomUUID(),
          company_id: shop.companyId,
          account_id: account,
          kind,
          delta,
          occurred_at: occurredAt,
          receipt_no: `T1-${kind}`,
        },
        { onConflict: 'id', ignoreDuplicates: true },
      ),
      `${kind} ${delta}`,
    );
  }
}

beforeAll(async () => {
  service = serviceClient();
  [shop, other] = await Promise.all([createShop({ products: 1 }), createShop({ products: 1 })]);
  // 200 points are worth €1.50.
  must<unknown>(
    await service
      .from('value_settings')
      .update({ loyalty_enabled: true, loyalty_redeem_points: 200, loyalty_redeem_value: 150 })
      .eq('company_id', shop.companyId),
    'settings',
  );
  customers.a = await addCustomer('Ada Account');
  customers.b = await addCustomer('Bea Credit');
  customers.c = await addCustomer('Cy Midnight');
  const account = (customer: string, kind: string, creditLimit?: number) => ({
    id: customerAccountId(customer, kind),
    company_id: shop.companyId,
    kind,
    customer_id: customer,
    credit_limit: kind === 'on_account' ? (creditLimit ?? 0) : null,
  });
  must<unknown>(
    await service
      .from('value_accounts')
      .insert([
        ...Object.values(ids).map((id) => ({ id, company_id: shop.companyId, kind: 'gift_card' })),
        account(customers.a, 'on_account', 20000),
        account(customers.a, 'store_credit'),
        account(customers.a, 'loyalty'),
        account(customers.b, 'on_account'),
        account(customers.b, 'loyalty'),
        account(customers.c, 'on_account', 5000),
      ]),
    'accounts',
  );
  await write(ids.g1, [
    ['issue', 5000, '2026-03-01T10:00:00Z'],
    ['redeem', -1250, '2026-06-01T10:00:00Z'],
  ]);
  await write(ids.g2, [
    ['issue', 2000, '2026-04-01T10:00:00Z'],
    ['redeem', -2500, '2026-04-02T10:00:00Z'],
  ]);
  await write(ids.g3, [
    ['issue', 1000, '2026-05-31T12:00:00Z'],
    ['void', -1000, '2026-06-01T11:00:00Z'],
  ]);
  // Sold after the moment asked about.
  await write(ids.g4, [['issue', 3000, '2026-07-10T10:00:00Z']]);
  await write(customerAccountId(customers.a, 'on_account'), [
    ['charge', -10000, '2026-03-01T10:00:00Z'],
    ['charge', -5000, '2026-04-20T10:00:00Z'],
    ['payment', 12000, '2026-05-10T10:00:00Z'],
    ['charge', -3000, '2026-05-15T10:00:00Z'],
    ['charge', -2000, '2026-06-25T10:00:00Z'],
    ['charge', -999, '2026-07-05T10:00:00Z'],
  ]);
  await write(customerAccountId(customers.a, 'store_credit'), [['refund', 1000, '2026-06-01T10:00:00Z']]);
  await write(customerAccountId(customers.a, 'loyalty'), [
    ['earn', 400, '2026-05-01T10:00:00Z'],
    ['unearn', -50, '2026-05-02T10:00:00Z'],
  ]);
  await write(customerAccountId(customers.b, 'on_account'), [
    ['charge', -1500, '2026-06-29T09:00:00Z'],
    ['refund', 2000, '2026-06-29T10:00:00Z'],
  ]);
  await write(customerAccountId(customers.b, 'loyalty'), [
    ['earn', 200, '2026-06-10T10:00:00Z'],
    ['redeem', -300, '2026-06-11T10:00:00Z'],
  ]);
  // 23:30 on 30 May in Paris (31 days before AT) and 00:30 on 31 May in Paris (30 days; still 30 May in UTC).
  await write(customerAccountId(customers.c, 'on_account'), [
    ['charge', -800, '2026-05-30T21:30:00Z'],
    ['charge', -700, '2026-05-30T22:30:00Z'],
  ]);
}, 120_000);

describe('[VAL-33] value_liability', () => {
  test('[VAL-33] [VAL-E-2] per kind as at a moment: accounts holding a balance, positive, negative and total, points valued at the shop rate', async () => {
    const rows = must<unknown[]>(
      await shop.manager.client.rpc('value_liability', { p_company: shop.companyId, p_at: AT }),
      'liability',
    );
    expect(rows).toEqual([
      // g1 3750, g2 −500 (overdrawn), g3 voided to 0, g4 not sold yet.
      {
        kind: 'gift_card',
        accounts: 2,
        positive_total: 3750,
        negative_total: -500,
        balance_total: 3250,
        money_total: 3250,
      },
      {
        kind: 'store_credit',
        accounts: 1,
        positive_total: 1000,
        negative_total: 0,
        balance_total: 1000,
        money_total: 1000,
      },
      // 350 − 100 = 250 points; 250 × 150 ÷ 200 = 187.5 → 187.
      {
        kind: 'loyalty',
        accounts: 2,
        positive_total: 350,
        negative_total: -100,
        balance_total: 250,
        money_total: 187,
      },
    ]);
  });

  test('[VAL-33] [VAL-E-1] [VAL-7] as at now it agrees with the Σ of the balances', async () => {
    const rows = must<{ kind: string; balance_total: number }[]>(
      await shop.owner.client.rpc('value_liability', { p_company: shop.companyId }),
      'liability',
    );
    const balances = must<{ balance: number; value_accounts: { kind: string } }[]>(
      await service
        .from('value_balances')
        .select('balance, value_accounts!inner(kind)')
        .eq('company_id', shop.companyId),
      'balances',
    );
    for (const row of rows) {
      const sum = balances
        .filter((b) => b.value_accounts.kind === row.kind)
        .reduce((total, b) => total + b.balance, 0);
      expect(row.balance_total, row.kind).toBe(sum);
    }
    expect(rows.find((r) => r.kind === 'gift_card')?.balance_total).toBe(6250);
  });
});

test('[VAL-33] [VAL-E-3] value_receivables: payments settle the oldest charges first, ages by the day in the shop time zone, most owed first', async () => {
  const rows = must<unknown[]>(
    await shop.manager.client.rpc('value_receivables', { p_company: shop.companyId, p_at: AT }),
    'receivables',
  );
  expect(rows).toEqual([
    // 10000 + 5000 + 3000 + 2000 charged, 12000 paid: the March charge is settled and 2000 of April's.
    {
      customer_id: customers.a,
      name: 'Ada Account',
      owed: 8000,
      credit_limit: 20000,
      current: 2000,
      days_31_60: 3000,
      days_61_90: 3000,
      over_90: 0,
      account_id: customerAccountId(customers.a, 'on_account'),
    },
    {
      customer_id: customers.c,
      name: 'Cy Midnight',
      owed: 1500,
      credit_limit: 5000,
      current: 700,
      days_31_60: 800,
      days_61_90: 0,
      over_90: 0,
      account_id: customerAccountId(customers.c, 'on_account'),
    },
    // Refunded more than was charged: the customer holds credit on the account, nothing is aged.
    {
      customer_id: customers.b,
      name: 'Bea Credit',
      owed: -500,
      credit_limit: 0,
      current: 0,
      days_31_60: 0,
      days_61_90: 0,
      over_90: 0,
      account_id: customerAccountId(customers.b, 'on_account'),
    },
  ]);
});

test('[VAL-33] [VAL-E-4] value_activity: per local day and kind of account, each kind of entry', async () => {
  const rows = must<Record<string, unknown>[]>(
    await shop.manager.client.rpc('value_activity', {
      p_company: shop.companyId,
      p_from: '2026-05-30',
      p_to: '2026-06-01',
    }),
    'activity',
  );
  const zero = {
    issued: 0,
    loaded: 0,
    redeemed: 0,
    charged: 0,
    refunded: 0,
    unissued: 0,
    earned: 0,
    unearned: 0,
    paid: 0,
    adjusted: 0,
  };
  expect(rows).toEqual([
    { ...zero, day: '2026-05-30', account_kind: 'on_account', charged: 800 },
    { ...zero, day: '2026-05-31', account_kind: 'gift_card', issued: 1000 },
    { ...zero, day: '2026-05-31', account_kind: 'on_account', charged: 700 },
    { ...zero, day: '2026-06-01', account_kind: 'gift_card', redeemed: 1250, adjusted: -1000 },
    { ...zero, day: '2026-06-01', account_kind: 'store_credit', refunded: 1000 },
  ]);
});

test('[VAL-33] [VAL-E-5] value_statement: opening, the entries with their running balance, closing and the ageing at the end', async () => {
  const statement = must<{
    opening: number;
    closing: number;
    entries: { kind: string; delta: number; balance_after: number; receipt_no: string }[];
    ageing: Record<string, number>;
    account: { kind: string; credit_limit: number };
  }>(
    await shop.manager.client.rpc('value_statement', {
      p_company: shop.companyId,
      p_account: customerAccountId(customers.a, 'on_account'),
      p_from: '2026-04-01',
      p_to: '2026-05-31',
    }),
    'statement',
  );
  expect(statement.account).toMatchObject({ kind: 'on_account', credit_limit: 20000 });
  expect(statement.opening).toBe(-10000);
  expect(statement.entries.map((e) => [e.kind, e.delta, e.balance_after, e.receipt_no])).toEqual([
    ['charge', -5000, -15000, 'T1-charge'],
    ['payment', 12000, -3000, 'T1-payment'],
    ['charge', -3000, -6000, 'T1-charge'],
  ]);
  expect(statement.closing).toBe(-6000);
  // As at the end of 31 May: April's charge has 3000 left (41 days), May's 3000 (16 days).
  expect(statement.ageing).toEqual({ current: 3000, days_31_60: 3000, days_61_90: 0, over_90: 0 });

  const card = must<{ opening: number; closing: number; ageing: null }>(
    await shop.manager.client.rpc('value_statement', {
      p_company: shop.companyId,
      p_account: ids.g1,
      p_from: '2026-01-01',
      p_to: '2026-12-31',
    }),
    'card statement',
  );
  expect(card).toMatchObject({ opening: 0, closing: 3750, ageing: null });
});

test("[VAL-33] [REP-1] a cashier and another shop's manager are refused every report; another shop's account is unknown", async () => {
  const calls: [string, Record<string, unknown>][] = [
    ['value_liability', { p_company: shop.companyId }],
    ['value_receivables', { p_company: shop.companyId }],
    ['value_activity', { p_company: shop.companyId, p_from: '2026-06-01', p_to: '2026-06-30' }],
    [
      'value_statement',
      { p_company: shop.companyId, p_account: ids.g1, p_from: '2026-06-01', p_to: '2026-06-30' },
    ],
  ];
  for (const [fn, args] of calls) {
    const cashier = await shop.cashier.client.rpc(fn, args);
    expect(cashier.error, fn).toMatchObject({ code: '42501', hint: 'insufficient_role' });
    const stranger = await other.manager.client.rpc(fn, args);
    expect(stranger.error, fn).toMatchObject({ code: '42501', hint: 'not_member' });
  }
  const foreign = await other.manager.client.rpc('value_statement', {
    p_company: other.companyId,
    p_account: ids.g1,
    p_from: '2026-06-01',
    p_to: '2026-06-30',
  });
  expect(foreign.error).toMatchObject({ hint: 'unknown_account' });
  const backwards = await shop.manager.client.rpc('value_activity', {
    p_company: shop.companyId,
    p_from: '2026-06-30',
    p_to: '2026-06-01',
  });
  expect(backwards.error).toMatchObject({ hint: 'invalid_args' });
});
