// The customer-value demo of supabase/seed.sql ([VAL-36]): the settings, the three gift cards and Alice
// Martin's store credit, points and account on credit, each balance the sum of its entries ([VAL-7]).
// Read-only: other test files rely on this data.
import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { DEMO } from '../support/demo';
import type { Supabase } from '../../src/data/remote/supabase-client';
import { valueReportsOf } from '../../src/data/remote/value-reports';
import { demoPerson, must } from '../support/shop';

const ALICE = DEMO.value.alice;

/** [VAL-1] md5(customer ‖ ':' ‖ kind) read as a uuid. */
function customerAccountId(customerId: string, kind: string): string {
  const hex = createHash('md5').update(`${customerId}:${kind}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** [VAL-26] SHA-256 of the shop and the normalised code. */
function codeHash(code: string): string {
  const normal = code.toUpperCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(`tillpoint:value-code:v1:${DEMO.companyId}:${normal}`).digest('hex');
}

interface Entry {
  account_id: string;
  kind: string;
  delta: number;
  balance_after: number;
  seq: number;
}

async function ledger(): Promise<{
  balances: Map<string, number>;
  entries: Entry[];
}> {
  const manager = await demoPerson('manager');
  const rows = must<{ account_id: string; balance: number }[]>(
    await manager.client.from('value_balances').select('account_id, balance'),
    'balances',
  );
  const entries = must<Entry[]>(
    await manager.client
      .from('value_entries')
      .select('account_id, kind, delta, balance_after, seq')
      .order('seq'),
    'entries',
  );
  return { balances: new Map(rows.map((r) => [r.account_id, r.balance])), entries };
}

test('[VAL-36] the demo shop has loyalty on (1 point per euro, 100 points = €1.00, as a tender) and gift cards of €10, €25 and €50', async () => {
  const cashier = await demoPerson('cashier');
  const settings = must<Record<string, unknown>>(
    await cashier.client
      .from('value_settings')
      .select(
        'loyalty_enabled, loyalty_points_per_major, loyalty_redeem_points, loyalty_redeem_value, loyalty_redeem_as, gift_card_amounts',
      )
      .single(),
    'settings',
  );
  expect(settings).toEqual({
    loyalty_enabled: true,
    loyalty_points_per_major: 1,
    loyalty_redeem_points: 100,
    loyalty_redeem_value: 100,
    loyalty_redeem_as: 'tender',
    gift_card_amounts: [1000, 2500, 5000],
  });
});

test('[VAL-36] the demo gift cards: GIFT-DEMO-0001 holds €25.00, …0002 €37.50, …0003 is void, found by their codes', async () => {
  const cashier = await demoPerson('cashier');
  const cards = must<{ id: string; status: string; code_hash: string; code_last4: string }[]>(
    await cashier.client
      .from('value_accounts')
      .select('id, status, code_hash, code_last4')
      .eq('kind', 'gift_card')
      .order('id'),
    'cards',
  );
  expect(cards).toEqual(
    DEMO.value.giftCards.map((c) => ({
      id: c.id,
      status: c.status,
      code_hash: codeHash(c.code),
      code_last4: c.code.slice(-4),
    })),
  );
  const { balances } = await ledger();
  for (const card of DEMO.value.giftCards) expect(balances.get(card.id) ?? 0).toBe(card.balance);
});

test('[VAL-36] [VAL-E-6] Alice Martin owes €45.00 of €200.00 on account and holds 350 points and €10.00 of store credit', async () => {
  const manager = await demoPerson('manager');
  const alice = must<{ name: string }>(
    await manager.client.from('customers').select('name').eq('id', ALICE.customerId).single(),
    'Alice',
  );
  expect(alice.name).toBe(ALICE.name);
  const account = must<{ credit_limit: number; customer_id: string }>(
    await manager.client
      .from('value_accounts')
      .select('credit_limit, customer_id')
      .eq('id', customerAccountId(ALICE.customerId, 'on_account'))
      .single(),
    'account',
  );
  expect(account).toEqual({ credit_limit: ALICE.creditLimit, customer_id: ALICE.customerId });
  const { balances, entries } = await ledger();
  const of = (kind: string): number => balances.get(customerAccountId(ALICE.customerId, kind)) ?? 0;
  expect(of('on_account')).toBe(-ALICE.owed);
  expect(of('loyalty')).toBe(ALICE.points);
  expect(of('store_credit')).toBe(ALICE.storeCredit);
  const kinds = (kind: string): string[] =>
    entries.filter((e) => e.account_id === customerAccountId(ALICE.customerId, kind)).map((e) => e.kind);
  expect(kinds('on_account')).toEqual(['charge', 'payment', 'charge']);
  expect(kinds('loyalty')).toEqual(['earn', 'earn', 'earn', 'unearn']);
  expect(kinds('store_credit')).toEqual(['refund']);
});

test('[VAL-36] [VAL-7] every demo balance is the sum of its entries, and each balance_after the running sum', async () => {
  const { balances, entries } = await ledger();
  const running = new Map<string, number>();
  for (const e of entries) {
    const after = (running.get(e.account_id) ?? 0) + e.delta;
    running.set(e.account_id, after);
    expect(e.balance_after).toBe(after);
  }
  expect(new Map([...balances].filter(([, b]) => b !== 0))).toEqual(
    new Map([...running].filter(([, b]) => b !== 0)),
  );
  expect([...running.keys()].sort()).toEqual([...balances.keys()].sort());
});

test('[VAL-36] [VAL-13] Alice earned a point per euro of her three seeded sales', async () => {
  const manager = await demoPerson('manager');
  const sales = must<{ id: string; total: number }[]>(
    await manager.client
      .from('sales')
      .select('id, total')
      .eq('customer_id', ALICE.customerId)
      .eq('kind', 'sale')
      .in('id', [
        'd4800000-0000-4000-8000-000000000001',
        'd4800000-0000-4000-8000-000000000002',
        'd4800000-0000-4000-8000-000000000003',
      ]),
    'sales',
  );
  expect(sales.map((s) => s.total).sort((a, b) => a - b)).toEqual([9000, 12000, 15000]);
  const earned = must<{ sale_id: string; delta: number }[]>(
    await manager.client.from('value_entries').select('sale_id, delta').eq('kind', 'earn'),
    'earned',
  );
  for (const sale of sales) {
    expect(earned.find((e) => e.sale_id === sale.id)?.delta).toBe(Math.floor(sale.total / 100));
  }
});

test("[VAL-36] [VAL-33] the back office's gift-card list and reports read the demo cards and Alice's account", async () => {
  const manager = await demoPerson('manager');
  const reports = valueReportsOf(manager.client as Supabase, DEMO.companyId);
  const cards = await reports.giftCards();
  if (!cards.ok) throw new Error(cards.error.message);
  expect(
    cards.value
      .map(({ codeLast4, status, balance }) => ({ codeLast4, status, balance }))
      .sort((a, b) => (a.codeLast4 ?? '').localeCompare(b.codeLast4 ?? '')),
  ).toEqual(
    DEMO.value.giftCards.map((c) => ({ codeLast4: c.code.slice(-4), status: c.status, balance: c.balance })),
  );
  const receivables = await reports.receivables();
  if (!receivables.ok) throw new Error(receivables.error.message);
  expect(receivables.value.find((r) => r.customerId === ALICE.customerId)).toMatchObject({
    name: ALICE.name,
    owed: ALICE.owed,
    creditLimit: ALICE.creditLimit,
    current: 2500,
    days31to60: 2000,
    accountId: customerAccountId(ALICE.customerId, 'on_account'),
  });
  const liability = await reports.liability();
  if (!liability.ok) throw new Error(liability.error.message);
  expect(liability.value.find((r) => r.kind === 'loyalty')).toMatchObject({
    balanceTotal: 350,
    moneyTotal: 350,
  });
});
