// The Customers page's balances through the app's own remote (src/data/remote/customer-balances.ts) and real
// supabase-js ([VAL-T50], [VAL-T52], [VAL-31]): a manager opens a fresh customer's account on credit with a
// limit and changes it; a cashier reads the balances but is refused the limit in a sentence; another shop's
// manager can neither read nor open this shop's customer's account; the demo's Alice Martin reads as seeded.
import { beforeAll, describe, expect, test } from 'vitest';
import { customerBalancesOf } from '../../src/data/remote/customer-balances';
import type { Supabase } from '../../src/data/remote/supabase-client';
import { DEMO } from '../support/demo';
import { createShop, demoPerson, type Person, type Shop } from '../support/shop';
import { addCustomer, customerAccountId } from '../support/value';

let shop: Shop;
let stranger: Shop;
let customer: string;

const remoteOf = (person: Person, companyId = shop.companyId) =>
  customerBalancesOf(person.client as Supabase, companyId);

beforeAll(async () => {
  [shop, stranger] = await Promise.all([createShop({ products: 1 }), createShop({ products: 1 })]);
  customer = await addCustomer(shop, 'Chloé Durand');
});

describe('customer balances', () => {
  test('[VAL-T52] a manager opens a fresh customer’s account on credit with a limit, then changes it', async () => {
    const manager = remoteOf(shop.manager);
    const before = await manager.read(customer);
    expect(before).toMatchObject({
      ok: true,
      value: { onAccount: { exists: false, balance: 0, available: 0, creditLimit: null } },
    });
    expect(await manager.saveCreditLimit(customer, 15000)).toEqual({ ok: true, value: undefined });
    expect(await manager.read(customer)).toMatchObject({
      ok: true,
      value: {
        onAccount: {
          id: customerAccountId(customer, 'on_account'),
          exists: true,
          status: 'active',
          balance: 0,
          creditLimit: 15000,
          available: 15000,
        },
        storeCredit: { exists: false },
        loyalty: { exists: false },
      },
    });
    expect(await manager.saveCreditLimit(customer, 30000)).toEqual({ ok: true, value: undefined });
    expect(await manager.read(customer)).toMatchObject({
      ok: true,
      value: { onAccount: { creditLimit: 30000, available: 30000 } },
    });
  });

  test('[VAL-T52] a cashier reads the balances; changing the limit is refused in a sentence', async () => {
    const cashier = remoteOf(shop.cashier);
    expect(await cashier.read(customer)).toMatchObject({ ok: true, value: { onAccount: { exists: true } } });
    expect(await cashier.saveCreditLimit(customer, 99_900)).toEqual({
      ok: false,
      error: {
        code: 'insufficient_role',
        message: 'Only managers and owners can open an account on credit or change its limit.',
      },
    });
    expect(await remoteOf(shop.manager).read(customer)).toMatchObject({
      ok: true,
      value: { onAccount: { creditLimit: 30000 } },
    });
  });

  test('[VAL-T52] a limit out of range is refused in words', async () => {
    expect(await remoteOf(shop.manager).saveCreditLimit(customer, -1)).toEqual({
      ok: false,
      error: {
        code: 'invalid_args',
        message: 'The credit limit is not valid: enter an amount from 0 up to 10,000,000,000.',
      },
    });
  });

  test('[VAL-T52] another shop’s manager cannot read or open this shop’s customer’s account', async () => {
    const notMember = {
      ok: false,
      error: {
        code: 'not_member',
        message: 'You are not a member of this shop: sign in with an account of the shop.',
      },
    };
    const outsider = remoteOf(stranger.manager);
    expect(await outsider.read(customer)).toEqual(notMember);
    expect(await outsider.saveCreditLimit(customer, 50000)).toEqual(notMember);
    // Through their own shop, this shop's customer is nobody they know.
    const ownShop = remoteOf(stranger.manager, stranger.companyId);
    const unknown = {
      ok: false,
      error: {
        code: 'unknown_customer',
        message: 'This customer has not reached the server yet: let this device sync, then try again.',
      },
    };
    expect(await ownShop.read(customer)).toEqual(unknown);
    expect(await ownShop.saveCreditLimit(customer, 50000)).toEqual(unknown);
    expect(await remoteOf(shop.manager).read(customer)).toMatchObject({
      ok: true,
      value: { onAccount: { creditLimit: 30000 } },
    });
  });

  test('[VAL-T50] the demo manager reads Alice Martin as seeded: €10 credit, 350 points, €45 owed of €200', async () => {
    const manager = await demoPerson('manager');
    const alice = DEMO.value.alice;
    const answer = await remoteOf(manager, DEMO.companyId).read(alice.customerId);
    expect(answer).toMatchObject({
      ok: true,
      value: {
        storeCredit: { exists: true, balance: alice.storeCredit },
        loyalty: { exists: true, balance: alice.points },
        onAccount: {
          exists: true,
          balance: -alice.owed,
          creditLimit: alice.creditLimit,
          available: alice.creditLimit - alice.owed,
        },
      },
    });
  });
});
