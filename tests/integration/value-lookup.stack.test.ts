// Look-ups of customer value and what stops a till guessing codes (issue 37; supabase/SPEC.md [VAL-27]…[VAL-29]):
// a card by its code and a customer's balances, for any member or paired device of the shop; misses slow the
// user and the terminal down, too many look-ups are rate-limited, and 20 misses in an hour (online and the
// tills' synced offline misses together) are flagged code_guessing once.
import type { SupabaseClient } from '@supabase/supabase-js';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, test } from 'vitest';
import { pairDevice } from '../support/devices';
import { applyOps, op } from '../support/ops';
import { createShop, invite, must, registerTerminal, type Shop, type Terminal } from '../support/shop';
import { serviceClient } from '../support/supabase';
import { addCustomer, customerAccount, giftCard } from '../support/value';

const CODE = 'GIFT-TEST-0001';

let shop: Shop;
let stranger: Shop;
let till: Terminal;
let cardId: string;

beforeAll(async () => {
  [shop, stranger] = await Promise.all([createShop({ products: 1 }), createShop({ products: 1 })]);
  till = await registerTerminal(shop.manager, shop.storeId);
  cardId = await giftCard(shop, CODE, 2500);
  // The same code in another shop: a look-up there must not find this shop's card, nor say it exists.
  await giftCard(stranger, CODE, 9900);
});

async function lookup(
  client: SupabaseClient,
  code: string,
  terminal: string | null = null,
  company = shop.companyId,
) {
  const result = await client.rpc('value_lookup', { p_company: company, p_code: code, p_terminal: terminal });
  if (result.error) throw Object.assign(new Error(result.error.message), result.error);
  return result.data as Record<string, unknown>;
}

/** A new cashier of the shop, so each test starts with nobody's misses. */
async function freshCashier(label: string): Promise<SupabaseClient> {
  return (await invite(shop.owner, shop.companyId, 'cashier', label)).client;
}

async function guessingFlags(company: string): Promise<Record<string, unknown>[]> {
  return must<Record<string, unknown>[]>(
    await serviceClient().from('flags').select('*').eq('company_id', company).eq('kind', 'code_guessing'),
    'read flags',
  );
}

describe('value_lookup', () => {
  test('[VAL-27] a cashier finds a card by its code however it is typed', async () => {
    for (const code of [CODE, 'gift test 0001', 'GIFTTEST0001']) {
      expect(await lookup(shop.cashier.client, code)).toEqual({
        ok: true,
        account: {
          id: cardId,
          kind: 'gift_card',
          status: 'active',
          balance: 2500,
          available: 2500,
          credit_limit: null,
          code_last4: '0001',
          customer_id: null,
        },
      });
    }
  });

  test('[VAL-27] a paired device of the shop looks up too', async () => {
    const device = await pairDevice(shop.manager, shop.companyId, shop.storeId, 'Counter');
    expect(await lookup(device.client, CODE, till.id)).toMatchObject({ ok: true, account: { id: cardId } });
  });

  test('[VAL-27] a miss says not_found and how many tries are left; a malformed code is a miss too', async () => {
    const client = await freshCashier('miss');
    expect(await lookup(client, 'GIFT-NONE-0001')).toEqual({ ok: false, code: 'not_found', tries_left: 4 });
    expect(await lookup(client, 'GIFT?')).toEqual({ ok: false, code: 'invalid_code', tries_left: 3 });
  });

  test('[VAL-27] another shop’s member gets not_member and never learns a code exists', async () => {
    for (const code of [CODE, 'GIFT-NONE-0002']) {
      const result = await stranger.owner.client.rpc('value_lookup', {
        p_company: shop.companyId,
        p_code: code,
      });
      expect(result.data).toBeNull();
      expect(result.error).toMatchObject({ code: '42501', hint: 'not_member' });
    }
    // In their own shop the same code finds their own card, never this one.
    expect(await lookup(stranger.owner.client, CODE, null, stranger.companyId)).toMatchObject({
      ok: true,
      account: { balance: 9900 },
    });
  });

  test('[VAL-28] 5 misses in a row slow the user down for a minute, even for the right code', async () => {
    const client = await freshCashier('slowed');
    for (const left of [4, 3, 2, 1]) {
      expect(await lookup(client, `MISS-0000-000${left}`)).toEqual({
        ok: false,
        code: 'not_found',
        tries_left: left,
      });
    }
    const fifth = await lookup(client, 'MISS-0000-0005');
    expect(fifth).toMatchObject({ ok: false, code: 'not_found', tries_left: 0 });
    const until = Date.parse(String(fifth.until));
    expect(until - Date.now()).toBeGreaterThan(50_000);
    expect(until - Date.now()).toBeLessThanOrEqual(60_000);
    expect(await lookup(client, CODE)).toEqual({ ok: false, code: 'slowed', until: fifth.until });
  });

  test('[VAL-28] the terminal is slowed as its users are: another user on it waits too', async () => {
    const other = await registerTerminal(shop.manager, shop.storeId, 'Slow till');
    const first = await freshCashier('terminal-a');
    for (let i = 0; i < 5; i += 1) await lookup(first, `TERM-MISS-000${i}`, other.id);
    const second = await freshCashier('terminal-b');
    expect(await lookup(second, CODE, other.id)).toMatchObject({ ok: false, code: 'slowed' });
    expect(await lookup(second, CODE)).toMatchObject({ ok: true });
  });

  test('[VAL-28] a hit clears the run of misses', async () => {
    const client = await freshCashier('cleared');
    for (let i = 0; i < 4; i += 1) await lookup(client, `CLEAR-MISS-${i}000`);
    expect(await lookup(client, CODE)).toMatchObject({ ok: true });
    expect(await lookup(client, 'CLEAR-MISS-9999')).toEqual({ ok: false, code: 'not_found', tries_left: 4 });
  });

  test('[VAL-28] more than 10 look-ups in a minute are rate-limited', async () => {
    const client = await freshCashier('rate');
    for (let i = 0; i < 10; i += 1) expect(await lookup(client, CODE)).toMatchObject({ ok: true });
    const eleventh = await lookup(client, CODE);
    expect(eleventh).toMatchObject({ ok: false, code: 'rate_limited' });
    expect(Date.parse(String(eleventh.until)) - Date.now()).toBeLessThanOrEqual(60_000);
  });
});

describe('code_guessing', () => {
  test('[VAL-29] 20 misses in an hour by one terminal, offline events and online look-ups together, flag once', async () => {
    const guessed = await createShop({ products: 1 });
    const terminal = await registerTerminal(guessed.manager, guessed.storeId, 'Guessed till');
    const event = () =>
      op('activity.record', {
        id: uuidv7(),
        terminal_id: terminal.id,
        kind: 'value_code_failed',
        detail: { length: 16 },
        occurred_at: new Date().toISOString(),
      });
    const answers = await applyOps(
      guessed.cashier.client,
      Array.from({ length: 18 }, () => event()),
    );
    expect(answers.every((a) => a.status === 'applied')).toBe(true);
    expect(await guessingFlags(guessed.companyId)).toEqual([]);
    const rpc = (code: string) =>
      guessed.manager.client.rpc('value_lookup', {
        p_company: guessed.companyId,
        p_code: code,
        p_terminal: terminal.id,
      });
    expect((await rpc('GUESS-0000-0001')).data).toMatchObject({ code: 'not_found' });
    expect(await guessingFlags(guessed.companyId)).toEqual([]);
    expect((await rpc('GUESS-0000-0002')).data).toMatchObject({ code: 'not_found' });
    const flags = await guessingFlags(guessed.companyId);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({
      terminal_id: terminal.id,
      detail: { terminal_id: terminal.id, misses: 20 },
    });
    expect(String(flags[0]?.dedupe_key)).toMatch(
      new RegExp(`^code_guessing:${terminal.id}:\\d{4}-\\d{2}-\\d{2}T\\d{2}$`),
    );
    // More misses within the hour add no second flag.
    await applyOps(guessed.cashier.client, [event(), event()]);
    expect(await guessingFlags(guessed.companyId)).toHaveLength(1);
  });
});

describe('customer_value', () => {
  test('[VAL-27] a cashier reads a customer’s balances; accounts not opened read as nothing', async () => {
    const customer = await addCustomer(shop);
    const account = await customerAccount(shop, customer, 'on_account', {
      creditLimit: 20000,
      balance: -4500,
    });
    const result = must<Record<string, unknown>>(
      await shop.cashier.client.rpc('customer_value', { p_company: shop.companyId, p_customer: customer }),
      'customer_value',
    );
    expect(result).toMatchObject({
      customer_id: customer,
      on_account: { id: account, exists: true, balance: -4500, credit_limit: 20000, available: 15500 },
      store_credit: { exists: false, balance: 0, available: 0 },
      loyalty: { exists: false, balance: 0, available: 0 },
    });
  });

  test('[VAL-27] another shop’s member gets not_member', async () => {
    const customer = await addCustomer(shop, 'Bob Stone');
    const result = await stranger.owner.client.rpc('customer_value', {
      p_company: shop.companyId,
      p_customer: customer,
    });
    expect(result.error).toMatchObject({ code: '42501', hint: 'not_member' });
  });
});
