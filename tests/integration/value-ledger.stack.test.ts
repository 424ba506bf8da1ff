// The customer-value ledger's core (supabase/SPEC.md "Customer value", [VAL-1]…[VAL-8], [VAL-30]…[VAL-32]):
// balances kept only by the ledger's trigger, entries written once however often they are sent, the derived
// ids of a customer's accounts, who may read and change what, and what tills pull. Nobody writes entries
// through the API: the server's functions write them `on conflict (id) do nothing`, which the service role's
// upsert with ignoreDuplicates is here.
import { createHash } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { pairDevice } from '../support/devices';
import { pullAll } from '../support/pull';
import { createShop, must, nth, type Shop } from '../support/shop';
import { serviceClient } from '../support/supabase';

type AccountKind = 'gift_card' | 'store_credit' | 'loyalty' | 'on_account';

interface Entry {
  id: string;
  company_id: string;
  account_id: string;
  kind: string;
  delta: number;
  occurred_at: string;
}

interface Accounts {
  customerId: string;
  ids: Record<AccountKind, string>;
}

const KINDS: readonly AccountKind[] = ['gift_card', 'store_credit', 'loyalty', 'on_account'];
/** [VAL-6] The entry kinds each account kind takes, and their sign (0: either). */
const ENTRY_KINDS: Record<AccountKind, readonly (readonly [string, -1 | 0 | 1])[]> = {
  gift_card: [
    ['issue', 1],
    ['load', 1],
    ['redeem', -1],
    ['refund', 1],
    ['unissue', -1],
    ['adjust', 0],
    ['void', -1],
  ],
  store_credit: [
    ['redeem', -1],
    ['refund', 1],
    ['adjust', 0],
    ['void', -1],
  ],
  loyalty: [
    ['earn', 1],
    ['unearn', -1],
    ['redeem', -1],
    ['refund', 1],
    ['adjust', 0],
  ],
  on_account: [
    ['charge', -1],
    ['payment', 1],
    ['refund', 1],
    ['adjust', 0],
    ['void', -1],
  ],
};

let shop: Shop;
let other: Shop;
let service: SupabaseClient;

/** [VAL-1] The till's customerAccountId: md5(customer ‖ ':' ‖ kind) read as a uuid. */
function customerAccountId(customerId: string, kind: string): string {
  const hex = createHash('md5').update(`${customerId}:${kind}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

async function addCustomer(target: Shop, name = 'Alice Martin'): Promise<string> {
  const row = must<{ id: string }>(
    await service.from('customers').insert({ company_id: target.companyId, name }).select('id').single(),
    'customer',
  );
  return row.id;
}

/** A fresh customer with a gift card and the three accounts of a customer, as the server makes them. */
async function openAccounts(target: Shop = shop): Promise<Accounts> {
  const customerId = await addCustomer(target);
  const ids = {
    gift_card: crypto.randomUUID(),
    store_credit: customerAccountId(customerId, 'store_credit'),
    loyalty: customerAccountId(customerId, 'loyalty'),
    on_account: customerAccountId(customerId, 'on_account'),
  };
  must<unknown>(
    await service.from('value_accounts').insert(
      KINDS.map((kind) => ({
        id: ids[kind],
        company_id: target.companyId,
        kind,
        customer_id: kind === 'gift_card' ? null : customerId,
        credit_limit: kind === 'on_account' ? 20000 : null,
      })),
    ),
    'accounts',
  );
  return { customerId, ids };
}

function entry(target: Shop, accountId: string, kind: string, delta: number): Entry {
  return {
    id: crypto.randomUUID(),
    company_id: target.companyId,
    account_id: accountId,
    kind,
    delta,
    occurred_at: new Date().toISOString(),
  };
}

/** As the server writes entries: `on conflict (id) do nothing`. */
async function write(entries: readonly Entry[]): Promise<void> {
  must<unknown>(
    await service.from('value_entries').upsert(entries, { onConflict: 'id', ignoreDuplicates: true }),
    'write entries',
  );
}

async function balanceOf(accountId: string): Promise<{ balance: number; entries: number } | null> {
  const rows = must<{ balance: number; entries: number }[]>(
    await service.from('value_balances').select('balance, entries').eq('account_id', accountId),
    'balance',
  );
  return rows[0] ?? null;
}

async function ledgerOf(accountId: string): Promise<{ id: string; delta: number; balance_after: number }[]> {
  return must(
    await service
      .from('value_entries')
      .select('id, delta, balance_after')
      .eq('account_id', accountId)
      .order('seq'),
    'ledger',
  );
}

beforeAll(async () => {
  service = serviceClient();
  [shop, other] = await Promise.all([createShop({ products: 1 }), createShop({ products: 1 })]);
});

describe('[VAL-7] balance = Σ entries', () => {
  const step = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        account: fc.integer({ min: 0, max: 3 }),
        kind: fc.nat(),
        size: fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.constant(1_000_000_000_000)),
        negative: fc.boolean(),
      }),
    },
    { weight: 1, arbitrary: fc.record({ replay: fc.nat() }) },
  );

  test('[VAL-7] [VAL-8] property: after any entries, replays and resent batches, every balance is Σ delta and each balance_after the running sum by seq', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ steps: fc.array(step, { minLength: 1, maxLength: 6 }), resend: fc.boolean() }), {
          minLength: 1,
          maxLength: 5,
        }),
        async (batches) => {
          const { ids } = await openAccounts();
          const written: Entry[] = [];
          const model = new Map<string, Entry>();
          for (const { steps, resend } of batches) {
            const batch = steps.map((s) => {
              if ('replay' in s) {
                // A replayed op carries the very entry it carried before.
                if (written.length > 0) return nth(written, s.replay % written.length);
              }
              const fresh = 'replay' in s ? { account: 0, kind: 0, size: 1, negative: false } : s;
              const accountKind = nth(KINDS, fresh.account);
              const [kind, sign] = nth(
                ENTRY_KINDS[accountKind],
                fresh.kind % ENTRY_KINDS[accountKind].length,
              );
              const delta = (sign === 0 ? (fresh.negative ? -1 : 1) : sign) * fresh.size;
              const made = entry(shop, ids[accountKind], kind, delta);
              written.push(made);
              return made;
            });
            await write(batch);
            // A batch resent after its answer was lost ([OPS-16]).
            if (resend) await write(batch);
            for (const e of batch) if (!model.has(e.id)) model.set(e.id, e);
          }
          for (const kind of KINDS) {
            const expected = [...model.values()].filter((e) => e.account_id === ids[kind]);
            const ledger = await ledgerOf(ids[kind]);
            expect(ledger.map((e) => e.id).sort()).toEqual(expected.map((e) => e.id).sort());
            let running = 0;
            for (const e of ledger) {
              running += e.delta;
              expect(e.balance_after).toBe(running);
            }
            const balance = await balanceOf(ids[kind]);
            if (expected.length === 0) expect(balance).toBeNull();
            else {
              expect(Number(balance?.balance)).toBe(expected.reduce((sum, e) => sum + e.delta, 0));
              expect(balance?.entries).toBe(expected.length);
            }
          }
        },
      ),
      { seed: 20261211, numRuns: 10 },
    );
  });

  test('[VAL-7] a balance may go below zero, and is not bounded by an entry’s size', async () => {
    const { ids } = await openAccounts();
    await write([
      entry(shop, ids.gift_card, 'issue', 1_000_000_000_000),
      entry(shop, ids.gift_card, 'load', 1_000_000_000_000),
    ]);
    expect(Number((await balanceOf(ids.gift_card))?.balance)).toBe(2_000_000_000_000);
    await write([entry(shop, ids.store_credit, 'redeem', -500)]);
    expect(Number((await balanceOf(ids.store_credit))?.balance)).toBe(-500);
  });
});

describe('[VAL-8] exactly once', () => {
  test('[VAL-8] an entry sent again, in one statement or two, moves the balance once', async () => {
    const { ids } = await openAccounts();
    const issued = entry(shop, ids.gift_card, 'issue', 2500);
    await write([issued, issued]);
    await write([issued]);
    expect(await balanceOf(ids.gift_card)).toEqual({ balance: 2500, entries: 1 });
    expect(await ledgerOf(ids.gift_card)).toEqual([{ id: issued.id, delta: 2500, balance_after: 2500 }]);
  });

  test('[VAL-8] two senders racing with the same entry write it once', async () => {
    const { ids } = await openAccounts();
    const spent = entry(shop, ids.store_credit, 'refund', 700);
    const others = Array.from({ length: 6 }, () => serviceClient());
    await Promise.all(
      others.map(async (client) =>
        must<unknown>(
          await client.from('value_entries').upsert([spent], { onConflict: 'id', ignoreDuplicates: true }),
          'race',
        ),
      ),
    );
    expect(await balanceOf(ids.store_credit)).toEqual({ balance: 700, entries: 1 });
  });

  test('[VAL-8] [VAL-1] a customer’s accounts have the id the till derives; another id is refused', async () => {
    const customerId = await addCustomer(shop);
    const opened = must<{ id: string }>(
      await shop.manager.client.rpc('save_value_account', {
        p_company: shop.companyId,
        p_customer: customerId,
        p_kind: 'store_credit',
      }),
      'save_value_account',
    );
    expect(opened.id).toBe(customerAccountId(customerId, 'store_credit'));
    const forged = await service.from('value_accounts').insert({
      id: crypto.randomUUID(),
      company_id: shop.companyId,
      kind: 'loyalty',
      customer_id: customerId,
    });
    expect(forged.error?.code).toBe('23514');
  });
});

describe('[VAL-5] [VAL-6] the ledger', () => {
  test('[VAL-5] entries are never changed or deleted, even by the service role', async () => {
    const { ids } = await openAccounts();
    const issued = entry(shop, ids.gift_card, 'issue', 1000);
    await write([issued]);
    const update = await service.from('value_entries').update({ reason: 'changed' }).eq('id', issued.id);
    expect(update.error?.message).toMatch(/never changed/);
    const remove = await service.from('value_entries').delete().eq('id', issued.id);
    expect(remove.error?.message).toMatch(/never changed/);
  });

  test('[VAL-6] a kind’s sign and its account kind are kept: others are never written', async () => {
    const { ids } = await openAccounts();
    for (const [accountId, kind, delta] of [
      [ids.gift_card, 'issue', -100],
      [ids.on_account, 'charge', 100],
      [ids.gift_card, 'charge', -100],
      [ids.store_credit, 'earn', 10],
      [ids.loyalty, 'issue', 10],
      [ids.store_credit, 'payment', 100],
      [ids.gift_card, 'adjust', 0],
    ] as const) {
      const { error } = await service.from('value_entries').insert(entry(shop, accountId, kind, delta));
      expect(error, `${kind} ${delta}`).not.toBeNull();
    }
    for (const kind of KINDS) expect(await balanceOf(ids[kind])).toBeNull();
  });
});

describe('[VAL-30] who reads and writes', () => {
  let ids: Record<AccountKind, string>;

  beforeAll(async () => {
    ({ ids } = await openAccounts());
    await write([entry(shop, ids.gift_card, 'issue', 2500)]);
  });

  test('[VAL-30] members read their shop’s accounts, balances and settings; only managers and owners read entries', async () => {
    for (const person of [shop.cashier, shop.manager, shop.owner]) {
      for (const table of ['value_accounts', 'value_balances', 'value_settings'] as const) {
        const { data, error } = await person.client.from(table).select('id').eq('company_id', shop.companyId);
        expect(error, table).toBeNull();
        expect(data?.length, table).toBeGreaterThan(0);
      }
    }
    const asCashier = await shop.cashier.client
      .from('value_entries')
      .select('id')
      .eq('account_id', ids.gift_card);
    expect(asCashier.data).toEqual([]);
    for (const person of [shop.manager, shop.owner]) {
      const { data } = await person.client.from('value_entries').select('id').eq('account_id', ids.gift_card);
      expect(data).toHaveLength(1);
    }
  });

  test('[VAL-30] a member of another shop reads none of it', async () => {
    for (const table of ['value_accounts', 'value_balances', 'value_settings', 'value_entries'] as const) {
      const { data, error } = await other.owner.client
        .from(table)
        .select('*')
        .eq('company_id', shop.companyId);
      expect(error, table).toBeNull();
      expect(data, table).toEqual([]);
    }
  });

  test('[VAL-30] nobody inserts or updates accounts, balances or entries through the API', async () => {
    for (const person of [shop.cashier, shop.manager, shop.owner]) {
      const account = await person.client.from('value_accounts').insert({
        id: crypto.randomUUID(),
        company_id: shop.companyId,
        kind: 'gift_card',
      });
      expect(account.error?.code).toBe('42501');
      const status = await person.client
        .from('value_accounts')
        .update({ status: 'void' })
        .eq('id', ids.gift_card);
      expect(status.error?.code).toBe('42501');
      const balance = await person.client
        .from('value_balances')
        .update({ balance: 1e9 })
        .eq('account_id', ids.gift_card);
      expect(balance.error?.code).toBe('42501');
      const written = await person.client
        .from('value_entries')
        .insert(entry(shop, ids.gift_card, 'load', 1e6));
      expect(written.error?.code).toBe('42501');
    }
    expect(await balanceOf(ids.gift_card)).toEqual({ balance: 2500, entries: 1 });
  });

  test('[VAL-30] [VAL-3] owners update the shop’s settings; managers and cashiers cannot', async () => {
    const change = { loyalty_enabled: true, gift_card_amounts: [1000, 2500, 5000] };
    for (const person of [shop.cashier, shop.manager]) {
      const { data } = await person.client
        .from('value_settings')
        .update(change)
        .eq('company_id', shop.companyId)
        .select('company_id');
      expect(data ?? []).toEqual([]);
    }
    const byOther = await other.owner.client
      .from('value_settings')
      .update(change)
      .eq('company_id', shop.companyId)
      .select('company_id');
    expect(byOther.data ?? []).toEqual([]);
    const byOwner = must<
      { loyalty_enabled: boolean; gift_card_amounts: number[]; loyalty_redeem_points: number }[]
    >(
      await shop.owner.client
        .from('value_settings')
        .update(change)
        .eq('company_id', shop.companyId)
        .select('loyalty_enabled, gift_card_amounts, loyalty_redeem_points'),
      'owner update',
    );
    expect(byOwner).toEqual([
      { loyalty_enabled: true, gift_card_amounts: [1000, 2500, 5000], loyalty_redeem_points: 100 },
    ]);
  });

  test('[VAL-3] every shop has its settings, with the allowances at 0', async () => {
    const settings = must<Record<string, unknown>>(
      await other.cashier.client
        .from('value_settings')
        .select('*')
        .eq('company_id', other.companyId)
        .single(),
      'settings',
    );
    expect(settings).toMatchObject({
      id: other.companyId,
      gift_card_amounts: [],
      gift_card_any_amount: true,
      gift_card_min: 100,
      gift_card_max: 50000,
      gift_card_offline_allowance: 0,
      store_credit_offline_allowance: 0,
      on_account_offline_allowance: 0,
      loyalty_offline_allowance: 0,
      loyalty_enabled: false,
      loyalty_points_per_major: 1,
      loyalty_redeem_points: 100,
      loyalty_redeem_value: 100,
      loyalty_redeem_as: 'tender',
    });
  });
});

describe('[VAL-31] save_value_account', () => {
  const save = (client: SupabaseClient, args: Record<string, unknown>) =>
    client.rpc('save_value_account', { p_company: shop.companyId, ...args });

  test('[VAL-31] a manager opens a customer’s account on credit, then changes its limit and note', async () => {
    const customerId = await addCustomer(shop);
    const opened = must<Record<string, unknown>>(
      await save(shop.manager.client, { p_customer: customerId, p_kind: 'on_account' }),
      'open',
    );
    expect(opened).toMatchObject({
      id: customerAccountId(customerId, 'on_account'),
      company_id: shop.companyId,
      kind: 'on_account',
      customer_id: customerId,
      status: 'active',
      credit_limit: 0,
      code_hash: null,
    });
    const raised = must<Record<string, unknown>>(
      await save(shop.owner.client, {
        p_customer: customerId,
        p_kind: 'on_account',
        p_credit_limit: 20000,
        p_note: ' Pays monthly ',
      }),
      'raise',
    );
    expect(raised).toMatchObject({ id: opened.id, credit_limit: 20000, note: 'Pays monthly' });
    // A lowered limit is kept even below what is owed; a note left out stays, an empty one clears it.
    await write([entry(shop, String(opened.id), 'charge', -4500)]);
    const lowered = must<Record<string, unknown>>(
      await save(shop.manager.client, { p_customer: customerId, p_kind: 'on_account', p_credit_limit: 1000 }),
      'lower',
    );
    expect(lowered).toMatchObject({ credit_limit: 1000, note: 'Pays monthly' });
    const cleared = must<Record<string, unknown>>(
      await save(shop.manager.client, { p_customer: customerId, p_kind: 'on_account', p_note: '' }),
      'clear',
    );
    expect(cleared).toMatchObject({ credit_limit: 1000, note: null });
    const loyalty = must<Record<string, unknown>>(
      await save(shop.manager.client, { p_customer: customerId, p_kind: 'loyalty' }),
      'loyalty',
    );
    expect(loyalty).toMatchObject({ id: customerAccountId(customerId, 'loyalty'), credit_limit: null });
  });

  test('[VAL-31] a cashier and another shop are refused', async () => {
    const customerId = await addCustomer(shop);
    const asCashier = await save(shop.cashier.client, { p_customer: customerId, p_kind: 'store_credit' });
    expect(asCashier.error).toMatchObject({ code: '42501', hint: 'insufficient_role' });
    const asOther = await save(other.owner.client, { p_customer: customerId, p_kind: 'store_credit' });
    expect(asOther.error).toMatchObject({ code: '42501', hint: 'not_member' });
  });

  test('[VAL-31] invalid arguments and unknown customers are refused by name', async () => {
    const customerId = await addCustomer(shop);
    for (const args of [
      { p_kind: 'gift_card' },
      { p_kind: 'points' },
      { p_kind: 'store_credit', p_credit_limit: 100 },
      { p_kind: 'on_account', p_credit_limit: -1 },
      { p_kind: 'on_account', p_credit_limit: 1_000_000_000_001 },
      { p_kind: 'loyalty', p_note: 'x'.repeat(501) },
    ]) {
      const { error } = await save(shop.manager.client, { p_customer: customerId, ...args });
      expect(error, JSON.stringify(args).slice(0, 80)).toMatchObject({ code: 'P0001', hint: 'invalid_args' });
    }
    const othersCustomer = await addCustomer(other);
    for (const customer of [crypto.randomUUID(), othersCustomer]) {
      const { error } = await save(shop.manager.client, { p_customer: customer, p_kind: 'store_credit' });
      expect(error).toMatchObject({ code: 'P0001', hint: 'unknown_customer' });
    }
  });
});

describe('[VAL-32] pull', () => {
  test('[VAL-32] pull_changes carries the shop’s settings, accounts and balances, and a balance again when it moves', async () => {
    const { ids } = await openAccounts();
    await write([entry(shop, ids.loyalty, 'earn', 350)]);
    const settings = await pullAll(shop.cashier.client, 'value_settings', null);
    expect(settings.rows.map((r) => r.id)).toEqual([shop.companyId]);
    const accounts = await pullAll(shop.cashier.client, 'value_accounts', null);
    expect(accounts.rows.map((r) => r.id)).toEqual(expect.arrayContaining(KINDS.map((k) => ids[k])));
    expect(accounts.rows.every((r) => r.company_id === shop.companyId)).toBe(true);
    const balances = await pullAll(shop.cashier.client, 'value_balances', null);
    expect(balances.rows.find((r) => r.id === ids.loyalty)).toMatchObject({
      account_id: ids.loyalty,
      balance: 350,
    });
    await write([entry(shop, ids.loyalty, 'unearn', -50)]);
    const after = await pullAll(shop.cashier.client, 'value_balances', balances.next);
    expect(after.rows).toEqual([expect.objectContaining({ id: ids.loyalty, balance: 300, entries: 2 })]);
    const ledger = await shop.cashier.client.rpc('pull_changes', { p_table: 'value_entries', p_after: null });
    expect(ledger.error).toMatchObject({ code: '22023', hint: 'unknown_table' });
  });

  test('[VAL-32] [DEV-12] a paired till pulls its shop’s accounts and balances, and no other shop’s', async () => {
    const { ids } = await openAccounts();
    await openAccounts(other);
    await write([entry(shop, ids.gift_card, 'issue', 1000)]);
    const device = await pairDevice(shop.manager, shop.companyId, shop.storeId);
    for (const table of ['value_settings', 'value_accounts', 'value_balances']) {
      const page = must<{ rows: { id: string; company_id: string }[] }>(
        await device.client.rpc('pull_device_changes', { p_table: table, p_after: null, p_limit: 1000 }),
        table,
      );
      expect(page.rows.length, table).toBeGreaterThan(0);
      expect(
        page.rows.every((row) => row.company_id === shop.companyId),
        table,
      ).toBe(true);
    }
  });
});
